// weft topo --svg and weft run --heatmap: a topology drawn by family (layout.hpp), through the
// SVG toolkit; with heat, links take the heat scale's colours and its legend goes on top.
#include <algorithm>
#include <cmath>
#include <ostream>
#include <stdexcept>
#include <string>

#include "layout.hpp"
#include "weft/output/svg/document.hpp"
#include "weft/output/svg/heat_scale.hpp"
#include "weft/output/topology_drawing.hpp"

namespace weft::topo {

namespace {

using namespace drawing;

/// The hotter of link `l` and its reverse (`back` is reverse_links()).
double pair_heat(const std::vector<double>& heat, const std::vector<link_id>& back, link_id l) {
  double h = heat[static_cast<std::size_t>(l)];
  if (link_id r = back[static_cast<std::size_t>(l)]; r >= 0) h = std::max(h, heat[static_cast<std::size_t>(r)]);
  return h;
}

/// A link as a straight line, or, for long grid links (wraparound, bypass), a curve bowing away
/// from the centre of the drawing so it does not hide the grid under it.
svg::element link_shape(point a, point b, bool straight, point centre) {
  if (straight) return svg::element("line").attr("class", "link").attr("x1", a.x).attr("y1", a.y).attr("x2", b.x).attr("y2", b.y);
  const double dx = b.x - a.x, dy = b.y - a.y, len = std::hypot(dx, dy);
  const point mid{(a.x + b.x) / 2, (a.y + b.y) / 2};
  point normal{-dy / len, dx / len};
  if ((mid.x - centre.x) * normal.x + (mid.y - centre.y) * normal.y < 0) normal = {-normal.x, -normal.y};
  const double bow = std::min(0.25 * len, 2.0 * grid_step);
  const std::string d = "M" + svg::number(a.x) + "," + svg::number(a.y) + " Q" + svg::number(mid.x + normal.x * bow) + "," +
                        svg::number(mid.y + normal.y * bow) + " " + svg::number(b.x) + "," + svg::number(b.y);
  return svg::element("path").attr("class", "link").attr("d", d).attr("fill", "none");
}

void draw_node(svg::document& doc, const topology& t, node_id v, point p, bool label) {
  if (v >= t.compute_nodes())  // a switch
    doc.add(svg::element("rect").attr("class", "node").attr("x", p.x - 10).attr("y", p.y - 10).attr("width", 20).attr("height", 20)
                .attr("fill", "#fff3d6").attr("stroke", "black"));
  else
    doc.add(svg::element("circle").attr("class", "node").attr("cx", p.x).attr("cy", p.y).attr("r", 10).attr("fill", "#e8f0ff")
                .attr("stroke", "black"));
  if (label)
    doc.add(svg::element("text").attr("x", p.x).attr("y", p.y + 3).attr("font-size", 8).attr("text-anchor", "middle")
                .text(std::to_string(v)));
}

}  // namespace

void write_svg(std::ostream& out, const topology& t, const std::vector<double>* heat, const char* heat_label) {
  if (t.node_count() > 16384)
    throw std::invalid_argument("cannot draw '" + t.spec() + "': " + std::to_string(t.node_count()) +
                                " nodes is more than the 16384 an SVG drawing allows");
  const auto kind = choose_layout(t);
  point size;
  const auto pos = place(t, kind, size);
  const auto back = reverse_links(t);
  const double legend = heat ? svg::heat_legend_height : 0;
  svg::document doc(out, size.x, size.y + legend, 0);
  doc.add(svg::element("title").text(t.spec()));
  if (heat) doc.open(svg::element("g").attr("transform", "translate(0," + svg::number(legend) + ")"));  // legend on top
  const point centre{size.x / 2, size.y / 2};
  for_each_pair(t, back, [&](link_id l, const link& lk, bool both) {
    const auto a = pos[static_cast<std::size_t>(lk.from)], b = pos[static_cast<std::size_t>(lk.to)];
    const bool straight = kind == layout::layers || kind == layout::circle || std::hypot(b.x - a.x, b.y - a.y) <= grid_step * 1.01;
    auto shape = link_shape(a, b, straight, centre);
    shape.attr("stroke", heat ? svg::heat_colour(pair_heat(*heat, back, l)) : std::string(dimension_colour(lk.dimension)));
    // Heat lines are drawn thick so the colour reads; curves thin and translucent under the grid.
    if (straight) shape.attr("stroke-width", heat ? 4 : 1.2);
    else shape.attr("stroke-width", 1).attr("opacity", 0.7);
    if (!both) shape.attr("marker-end", "url(#arrow)");
    doc.add(shape);
  });
  const bool labels = t.node_count() <= 1024;  // beyond, the numbers are a grey smear
  for (node_id v = 0; v < t.node_count(); ++v) draw_node(doc, t, v, pos[static_cast<std::size_t>(v)], labels);
  if (heat) {
    doc.close();
    draw_heat_legend(doc, 10, 0, heat_label);
  }
  doc.raw("<defs><marker id=\"arrow\" viewBox=\"0 0 10 10\" refX=\"18\" refY=\"5\" markerWidth=\"6\" markerHeight=\"6\" "
          "orient=\"auto\"><path d=\"M0,0 L10,5 L0,10 z\"/></marker></defs>\n");
  doc.end();
}

}  // namespace weft::topo
