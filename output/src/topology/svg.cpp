// weft topo --svg and weft run --heatmap: a topology drawn by family (layout.hpp), through the
// SVG toolkit; with heat, each direction of a link takes the heat scale's colour and the legend
// goes on top.
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

/// A link as a straight line, or, for long grid links (wraparound, bypass), a curve bowing away
/// from the centre of the drawing so it does not hide the grid under it. `offset` shifts it to
/// the right of its direction a -> b: a heatmap draws the two directions of a link side by side,
/// each on its right, so neither hides the other's load.
svg::element link_shape(point a, point b, bool straight, point centre, double offset = 0) {
  const double dx = b.x - a.x, dy = b.y - a.y, len = std::hypot(dx, dy);
  const point right{-dy / len * offset, dx / len * offset};  // y grows downwards: (-dy, dx) is the right
  const point a2{a.x + right.x, a.y + right.y}, b2{b.x + right.x, b.y + right.y};
  if (straight)
    return svg::element("line").attr("class", "link").attr("x1", a2.x).attr("y1", a2.y).attr("x2", b2.x).attr("y2", b2.y);
  const point mid{(a.x + b.x) / 2, (a.y + b.y) / 2};
  point normal{-dy / len, dx / len};
  if ((mid.x - centre.x) * normal.x + (mid.y - centre.y) * normal.y < 0) normal = {-normal.x, -normal.y};
  const double bow = std::min(0.25 * len, 2.0 * grid_step);
  const std::string d = "M" + svg::number(a2.x) + "," + svg::number(a2.y) + " Q" + svg::number(mid.x + right.x + normal.x * bow) +
                        "," + svg::number(mid.y + right.y + normal.y * bow) + " " + svg::number(b2.x) + "," + svg::number(b2.y);
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

/// Height of the line under the heat legend that says how directions are drawn.
constexpr double direction_note_height = 14;

/// Every directed link in its own heat colour: a pair's two directions as two thinner lines side
/// by side (each on the right of its travel, as traffic keeps right), a one-way link centred with
/// an arrow. A pair merged into one colour (its hotter direction) hid which way the load goes:
/// on an 8x8 torus, dimension order breaks the tie at distance 4 one way, and its all-to-all
/// drew every X link in one colour although one direction is 96% busy and the other less.
template <class Straight>
void draw_heat_links(svg::document& doc, const topology& t, const std::vector<point>& pos, const std::vector<link_id>& back,
                     const std::vector<double>& heat, point centre, Straight straight_between) {
  constexpr double width = 3;  // per direction; a pair takes 2 x 3 units, the node circles 20
  for (link_id l = 0; l < static_cast<link_id>(t.links().size()); ++l) {
    const auto& lk = t.link_at(l);
    const auto a = pos[static_cast<std::size_t>(lk.from)], b = pos[static_cast<std::size_t>(lk.to)];
    const bool straight = straight_between(a, b), both = back[static_cast<std::size_t>(l)] >= 0;
    auto shape = link_shape(a, b, straight, centre, both ? width / 2 : 0);
    shape.attr("stroke", svg::heat_colour(heat[static_cast<std::size_t>(l)])).attr("stroke-width", straight ? width : 2);
    if (!straight) shape.attr("opacity", 0.7);
    if (!both) shape.attr("marker-end", "url(#arrow)");
    doc.add(shape);
  }
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
  // The heat legend, and under it a line that says how the two directions of a link are drawn.
  const double legend = heat ? svg::heat_legend_height + direction_note_height : 0;
  svg::document doc(out, size.x, size.y + legend, 0);
  doc.add(svg::element("title").text(t.spec()));
  if (heat) doc.open(svg::element("g").attr("transform", "translate(0," + svg::number(legend) + ")"));  // legend on top
  const point centre{size.x / 2, size.y / 2};
  auto straight_between = [&](point a, point b) {
    return kind == layout::layers || kind == layout::circle || std::hypot(b.x - a.x, b.y - a.y) <= grid_step * 1.01;
  };
  if (heat)
    draw_heat_links(doc, t, pos, back, *heat, centre, straight_between);
  else
    for_each_pair(t, back, [&](link_id, const link& lk, bool both) {
      const auto a = pos[static_cast<std::size_t>(lk.from)], b = pos[static_cast<std::size_t>(lk.to)];
      const bool straight = straight_between(a, b);
      auto shape = link_shape(a, b, straight, centre);
      shape.attr("stroke", dimension_colour(lk.dimension));
      // Curves thin and translucent under the grid.
      if (straight) shape.attr("stroke-width", 1.2);
      else shape.attr("stroke-width", 1).attr("opacity", 0.7);
      if (!both) shape.attr("marker-end", "url(#arrow)");
      doc.add(shape);
    });
  const bool labels = t.node_count() <= 1024;  // beyond, the numbers are a grey smear
  for (node_id v = 0; v < t.node_count(); ++v) draw_node(doc, t, v, pos[static_cast<std::size_t>(v)], labels);
  if (heat) {
    doc.close();
    draw_heat_legend(doc, 10, 0, heat_label);
    doc.add(svg::element("text").attr("x", 10).attr("y", svg::heat_legend_height + 6).attr("font-size", 10)
                .text("each link: one line per direction, on the right of its travel"));
  }
  doc.raw("<defs><marker id=\"arrow\" viewBox=\"0 0 10 10\" refX=\"18\" refY=\"5\" markerWidth=\"6\" markerHeight=\"6\" "
          "orient=\"auto\"><path d=\"M0,0 L10,5 L0,10 z\"/></marker></defs>\n");
  doc.end();
}

}  // namespace weft::topo
