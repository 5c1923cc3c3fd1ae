#include "weft/topo/drawing.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <numbers>
#include <ostream>
#include <stdexcept>
#include <string>
#include <vector>

namespace weft::topo {

namespace {

struct point {
  double x = 0, y = 0;
};

enum class layout { circle, grid2, grid3, layers };

// Drawing units: one grid step between neighbouring nodes, and the margin around the drawing.
constexpr double grid_step = 40;
constexpr double margin = 40;

layout choose_layout(const topology& t) {
  auto f = t.family();
  if (f == "tree" || f == "fib" || f == "fattree") return layout::layers;
  auto shape = t.shape();
  if (shape.size() == 2) return layout::grid2;
  if (shape.size() == 3) return layout::grid3;
  return layout::circle;
}

/// Node positions in drawing units (about grid_step per grid step) and the canvas size.
std::vector<point> place(const topology& t, layout kind, point& size) {
  using std::numbers::pi;
  const auto n = static_cast<std::size_t>(t.node_count());
  std::vector<point> p(n);
  constexpr double step = grid_step;
  if (kind == layout::circle) {
    double r = std::max(80.0, static_cast<double>(n) * step / (2 * pi));
    for (std::size_t v = 0; v < n; ++v) {
      double a = 2 * pi * static_cast<double>(v) / static_cast<double>(n) - pi / 2;
      p[v] = {margin + r + r * std::cos(a), margin + r + r * std::sin(a)};
    }
    size = {2 * (margin + r), 2 * (margin + r)};
  } else if (kind == layout::grid2 || kind == layout::grid3) {
    auto shape = t.shape();
    double zx = kind == layout::grid3 ? 0.45 * step : 0, zy = kind == layout::grid3 ? 0.3 * step : 0;
    double depth = kind == layout::grid3 ? shape[2] - 1 : 0;
    for (std::size_t v = 0; v < n; ++v) {
      auto c = t.coordinates(static_cast<node_id>(v));
      double z = kind == layout::grid3 ? c[2] : 0;
      p[v] = {margin + c[0] * step + z * zx, margin + (depth - z) * zy + c[1] * step};
    }
    size = {2 * margin + (shape[0] - 1) * step + depth * zx, 2 * margin + (shape[1] - 1) * step + depth * zy};
  } else {
    std::vector<std::vector<int>> coords(n);  // {index in layer, layer}
    std::vector<int> width;
    for (std::size_t v = 0; v < n; ++v) {
      const auto& c = coords[v] = t.coordinates(static_cast<node_id>(v));
      if (static_cast<std::size_t>(c[1]) >= width.size()) width.resize(static_cast<std::size_t>(c[1]) + 1, 0);
      width[static_cast<std::size_t>(c[1])] = std::max(width[static_cast<std::size_t>(c[1])], c[0] + 1);
    }
    int widest = 1;
    for (int w : width) widest = std::max(widest, w);
    double span = widest * step;
    for (std::size_t v = 0; v < n; ++v) {
      const auto& c = coords[v];
      double w = width[static_cast<std::size_t>(c[1])];
      p[v] = {margin + (c[0] + 0.5) * span / w, margin + c[1] * step * 2};
    }
    size = {2 * margin + span, 2 * margin + static_cast<double>(width.size() - 1) * step * 2};
  }
  return p;
}

const char* colour(int dimension) {
  static const char* palette[] = {"#555555", "#1f77b4", "#d62728", "#2ca02c", "#9467bd",
                                  "#ff7f0e", "#8c564b", "#e377c2", "#17becf", "#bcbd22"};
  return palette[static_cast<std::size_t>(dimension < 0 ? 0 : dimension) % 10];
}

/// For every link, the link back (find_link(to, from)), or -1 where there is none.
std::vector<link_id> reverse_links(const topology& t) {
  std::vector<link_id> back(t.links().size(), -1);
  for (link_id l = 0; l < static_cast<link_id>(back.size()); ++l) {
    const auto& lk = t.link_at(l);
    if (auto r = t.find_link(lk.to, lk.from)) back[static_cast<std::size_t>(l)] = *r;
  }
  return back;
}

/// Each linked pair once: the link from the lower id, or the only one. `back` is reverse_links(t).
template <class F>
void for_each_pair(const topology& t, const std::vector<link_id>& back, F&& f) {
  for (link_id l = 0; l < static_cast<link_id>(t.links().size()); ++l) {
    const auto& lk = t.link_at(l);
    bool reverse = back[static_cast<std::size_t>(l)] >= 0;
    if (reverse && lk.to < lk.from) continue;
    f(l, lk, reverse);
  }
}

}  // namespace

void write_dot(std::ostream& out, const topology& t, const std::vector<double>* loads) {
  const auto back = reverse_links(t);
  const bool symmetric = std::all_of(back.begin(), back.end(), [](link_id r) { return r >= 0; });
  auto kind = choose_layout(t);
  point size;
  auto pos = place(t, kind, size);
  out << (symmetric ? "graph" : "digraph") << " \"" << t.spec() << "\" {\n  node [shape=circle, fontsize=10];\n";
  for (node_id v = 0; v < t.node_count(); ++v) {
    out << "  " << v << " [pos=\"" << pos[static_cast<std::size_t>(v)].x << "," << -pos[static_cast<std::size_t>(v)].y << "\"";
    if (v >= t.compute_nodes()) out << ", shape=box";
    out << "];\n";
  }
  const char* arrow = symmetric ? " -- " : " -> ";
  auto edge = [&](link_id l, const link& lk) {
    out << "  " << lk.from << arrow << lk.to << " [color=\"" << colour(lk.dimension) << "\"";
    if (loads) out << ", label=\"" << (*loads)[static_cast<std::size_t>(l)] << "\"";
    out << "];\n";
  };
  if (symmetric)
    for_each_pair(t, back, [&](link_id l, const link& lk, bool) { edge(l, lk); });
  else
    for (link_id l = 0; l < static_cast<link_id>(t.links().size()); ++l) edge(l, t.link_at(l));
  out << "}\n";
}

namespace {

// White-yellow-red ramp for heat in [0, 1].
std::string heat_colour(double h) {
  h = std::clamp(h, 0.0, 1.0);
  int r = 255, g, b;
  if (h < 0.5) {
    g = 255 - static_cast<int>(h * 2 * 55);
    b = 255 - static_cast<int>(h * 2 * 255);
  } else {
    g = 200 - static_cast<int>((h - 0.5) * 2 * 200);
    b = 0;
    r = 255 - static_cast<int>((h - 0.5) * 2 * 95);
  }
  char buf[16];
  std::snprintf(buf, sizeof buf, "#%02x%02x%02x", r, g, b);
  return buf;
}

/// The hotter of link `l` and its reverse (`back` is reverse_links()).
double pair_heat(const std::vector<double>& heat, const std::vector<link_id>& back, link_id l) {
  double h = heat[static_cast<std::size_t>(l)];
  if (link_id r = back[static_cast<std::size_t>(l)]; r >= 0) h = std::max(h, heat[static_cast<std::size_t>(r)]);
  return h;
}

}  // namespace

void write_svg(std::ostream& out, const topology& t, const std::vector<double>* heat, const char* heat_label) {
  constexpr double legend_height = 50;
  if (t.node_count() > 16384)
    throw std::invalid_argument("cannot draw '" + t.spec() + "': " + std::to_string(t.node_count()) +
                                " nodes is more than the 16384 an SVG drawing allows");
  auto kind = choose_layout(t);
  point size;
  auto pos = place(t, kind, size);
  constexpr double step = grid_step;
  const auto back = reverse_links(t);
  char buf[512];
  std::snprintf(buf, sizeof buf,
                "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%.0f\" height=\"%.0f\" viewBox=\"0 0 %.0f %.0f\">\n",
                size.x, size.y + (heat ? legend_height : 0), size.x, size.y + (heat ? legend_height : 0));
  out << buf << "<title>" << t.spec() << "</title>\n<rect width=\"100%\" height=\"100%\" fill=\"white\"/>\n";
  if (heat) out << "<g transform=\"translate(0," << legend_height << ")\">\n";  // legend on top
  const point centre{size.x / 2, size.y / 2};
  for_each_pair(t, back, [&](link_id l, const link& lk, bool both) {
    auto a = pos[static_cast<std::size_t>(lk.from)], b = pos[static_cast<std::size_t>(lk.to)];
    double dx = b.x - a.x, dy = b.y - a.y, len = std::hypot(dx, dy);
    bool straight = kind == layout::layers || kind == layout::circle || len <= step * 1.01;
    std::string hot = heat ? heat_colour(pair_heat(*heat, back, l)) : std::string();
    const char* c = heat ? hot.c_str() : colour(lk.dimension);
    const char* marker = both ? "" : " marker-end=\"url(#arrow)\"";
    if (straight) {
      const char* width = heat ? "4" : "1.2";  // heat lines are drawn thick so the colour reads
      std::snprintf(buf, sizeof buf, "<line class=\"link\" x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"%s\" stroke-width=\"%s\"%s/>\n",
                    a.x, a.y, b.x, b.y, c, width, marker);
    } else {
      // Long grid links (wraparound, bypass) bow away from the centre of the drawing.
      point mid{(a.x + b.x) / 2, (a.y + b.y) / 2};
      point normal{-dy / len, dx / len};
      if ((mid.x - centre.x) * normal.x + (mid.y - centre.y) * normal.y < 0) normal = {-normal.x, -normal.y};
      double bow = std::min(0.25 * len, 2.0 * step);
      std::snprintf(buf, sizeof buf, "<path class=\"link\" d=\"M%.1f,%.1f Q%.1f,%.1f %.1f,%.1f\" fill=\"none\" stroke=\"%s\" stroke-width=\"1\" opacity=\"0.7\"%s/>\n",
                    a.x, a.y, mid.x + normal.x * bow, mid.y + normal.y * bow, b.x, b.y, c, marker);
    }
    out << buf;
  });
  const bool labels = t.node_count() <= 1024;
  for (node_id v = 0; v < t.node_count(); ++v) {
    auto p = pos[static_cast<std::size_t>(v)];
    bool sw = v >= t.compute_nodes();
    if (sw)
      std::snprintf(buf, sizeof buf, "<rect class=\"node\" x=\"%.1f\" y=\"%.1f\" width=\"20\" height=\"20\" fill=\"#fff3d6\" stroke=\"black\"/>\n",
                    p.x - 10, p.y - 10);
    else
      std::snprintf(buf, sizeof buf, "<circle class=\"node\" cx=\"%.1f\" cy=\"%.1f\" r=\"10\" fill=\"#e8f0ff\" stroke=\"black\"/>\n", p.x, p.y);
    out << buf;
    if (labels) {
      std::snprintf(buf, sizeof buf,
                    "<text x=\"%.1f\" y=\"%.1f\" font-family=\"sans-serif\" font-size=\"8\" text-anchor=\"middle\">%d</text>\n",
                    p.x, p.y + 3, v);
      out << buf;
    }
  }
  if (heat) {
    out << "</g>\n<g font-family=\"sans-serif\" font-size=\"10\"><text x=\"10\" y=\"14\">" << heat_label << "</text>\n";
    for (int i = 0; i <= 10; ++i) {
      std::snprintf(buf, sizeof buf, "<rect x=\"%d\" y=\"20\" width=\"14\" height=\"10\" fill=\"%s\" stroke=\"#999\"/>\n", 10 + 14 * i,
                    heat_colour(i / 10.0).c_str());
      out << buf;
    }
    out << "<text x=\"10\" y=\"42\">0%</text><text x=\"150\" y=\"42\">100%</text></g>\n";
  }
  out << "<defs><marker id=\"arrow\" viewBox=\"0 0 10 10\" refX=\"18\" refY=\"5\" markerWidth=\"6\" markerHeight=\"6\" "
         "orient=\"auto\"><path d=\"M0,0 L10,5 L0,10 z\"/></marker></defs>\n</svg>\n";
}

}  // namespace weft::topo
