#include "layout.hpp"

#include <algorithm>
#include <cmath>
#include <numbers>

#include "weft/output/svg/chart.hpp"

namespace weft::topo::drawing {

layout choose_layout(const topology& t) {
  auto f = t.family();
  if (f == "tree" || f == "fib" || f == "fattree") return layout::layers;
  auto shape = t.shape();
  if (shape.size() == 2) return layout::grid2;
  if (shape.size() == 3) return layout::grid3;
  return layout::circle;
}

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
    // 3D grids: an oblique projection, each z layer shifted right and up.
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

const char* dimension_colour(int dimension) {
  if (dimension <= 0) return "#555555";
  return svg::series_colour(static_cast<std::size_t>(dimension - 1));
}

std::vector<link_id> reverse_links(const topology& t) {
  std::vector<link_id> back(t.links().size(), -1);
  for (link_id l = 0; l < static_cast<link_id>(back.size()); ++l) {
    const auto& lk = t.link_at(l);
    if (auto r = t.find_link(lk.to, lk.from)) back[static_cast<std::size_t>(l)] = *r;
  }
  return back;
}

}  // namespace weft::topo::drawing
