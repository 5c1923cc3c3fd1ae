#include "weft/mapping/placement_drawing.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <map>
#include <ostream>
#include <stdexcept>

#include "weft/output/svg/document.hpp"

namespace weft::mapping {

namespace {

constexpr double cell = 26, gap = 10, margin = 12, title_height = 20;

struct axis {
  std::vector<int> dims;  // topology dimensions folded into this axis, outermost first
  std::vector<int> sizes;
  int cells = 1;
  int inner = 1;  // size of the innermost dimension: a gap after each group of it
  double position(const std::vector<int>& c) const {
    int index = 0;
    for (std::size_t i = 0; i < dims.size(); ++i) index = index * sizes[i] + c[static_cast<std::size_t>(dims[i])];
    return index * cell + (index / inner) * gap;
  }
  double length() const { return cells * cell + (cells / inner - 1) * gap; }
};

axis fold(const std::vector<int>& shape, int first) {
  axis a;
  for (int d = first; d < static_cast<int>(shape.size()); d += 2) {
    a.dims.push_back(d);
    a.sizes.push_back(shape[static_cast<std::size_t>(d)]);
    a.cells *= shape[static_cast<std::size_t>(d)];
  }
  a.inner = a.sizes.empty() ? 1 : a.sizes.back();
  return a;
}

std::string colour(int count, int top) {
  if (count >= top && top > 1) return "#d62728";
  if (count > 1) return "#ff7f0e";
  return "#8c8c8c";
}

}  // namespace

void write_placement_svg(std::ostream& out, const topology& topo, const machine_routes& routes, const ccs_result& sets,
                         std::span<const placement_panel> panels) {
  const auto shape = topo.shape();
  if (shape.empty())
    throw std::invalid_argument("--svg: machine " + topo.spec() + " has no grid coordinates to unfold (mesh, torus, tofu do)");
  const axis across = fold(shape, 0), down = fold(shape, 1);
  const double panel_width = std::max(across.length() + 2 * margin, 640.0), panel_height = down.length() + title_height + 2 * margin;
  svg::document doc(out, panel_width, panel_height * static_cast<double>(panels.size()), 0);
  objective_evaluator eval(sets, routes);
  for (std::size_t p = 0; p < panels.size(); ++p) {
    const auto& panel = panels[p];
    const double top = static_cast<double>(p) * panel_height;
    auto centre = [&](node_id n) {
      const auto c = topo.coordinates(n);
      return std::pair{margin + across.position(c) + cell / 2, top + title_height + margin + down.position(c) + cell / 2};
    };
    const auto values = eval.evaluate(panel.where);
    std::size_t worst = 0;
    for (std::size_t s = 1; s < values.tac3_per_ccs.size(); ++s)
      if (values.tac3_per_ccs[s] > values.tac3_per_ccs[worst]) worst = s;
    doc.add(svg::element("text").attr("x", margin).attr("y", top + 15).attr("font-size", 13)
                .text(fmt::format("{} — worst set {} of {}, coll {}", panel.title, worst + 1, values.tac3_per_ccs.size(),
                                  values.coll_per_ccs.empty() ? 0 : values.coll_per_ccs[worst])));
    // The worst set's links (under the nodes), once per linked pair, with the larger count of
    // its two directions.
    std::map<link_id, int> per_link;
    if (!sets.sets.empty())
      for (const auto& m : sets.sets[worst].messages)
        for (link_id l : routes.route(panel.where[static_cast<std::size_t>(m.src)], panel.where[static_cast<std::size_t>(m.dst)]))
          ++per_link[l];
    std::map<std::pair<node_id, node_id>, int> load;
    for (const auto& [l, count] : per_link) {
      const auto& link = topo.link_at(l);
      int& pair = load[{std::min(link.from, link.to), std::max(link.from, link.to)}];
      pair = std::max(pair, count);
    }
    int most = 0;
    for (const auto& [ends, count] : load) most = std::max(most, count);
    for (const auto& [ends, count] : load) {
      const auto [x1, y1] = centre(ends.first);
      const auto [x2, y2] = centre(ends.second);
      doc.add(svg::element("line").attr("x1", x1).attr("y1", y1).attr("x2", x2).attr("y2", y2)
                  .attr("stroke", colour(count, most)).attr("stroke-width", 1.2 + 1.3 * (count - 1)).attr("stroke-opacity", 0.75)
                  .tooltip(fmt::format("{} messages", count)));
    }
    // Nodes: the task on each, or none.
    std::vector<int> task_on(static_cast<std::size_t>(routes.nodes()), -1);
    for (std::size_t t = 0; t < panel.where.size(); ++t) task_on[static_cast<std::size_t>(panel.where[t])] = static_cast<int>(t);
    for (node_id n = 0; n < routes.nodes(); ++n) {
      const auto [x, y] = centre(n);
      const int t = task_on[static_cast<std::size_t>(n)];
      doc.add(svg::element("rect").attr("x", x - cell * 0.4).attr("y", y - cell * 0.4).attr("width", cell * 0.8).attr("height", cell * 0.8)
                  .attr("fill", t >= 0 ? "#dbe9f6" : "#f2f2f2").attr("fill-opacity", 0.85).attr("stroke", "#555"));
      if (t >= 0)
        doc.add(svg::element("text").attr("x", x).attr("y", y + 3).attr("font-size", 9).attr("text-anchor", "middle").text(std::to_string(t)));
    }
  }
  doc.end();
}

}  // namespace weft::mapping
