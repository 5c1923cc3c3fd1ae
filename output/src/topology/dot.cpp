// weft topo --dot: Graphviz text of a topology, with the SVG drawing's positions and colours.
#include <algorithm>
#include <ostream>

#include "layout.hpp"
#include "weft/output/topology_drawing.hpp"

namespace weft::topo {

void write_dot(std::ostream& out, const topology& t, const std::vector<double>* loads) {
  using namespace drawing;
  const auto back = reverse_links(t);
  const bool symmetric = std::all_of(back.begin(), back.end(), [](link_id r) { return r >= 0; });
  point size;
  auto pos = place(t, choose_layout(t), size);
  out << (symmetric ? "graph" : "digraph") << " \"" << t.spec() << "\" {\n  node [shape=circle, fontsize=10];\n";
  for (node_id v = 0; v < t.node_count(); ++v) {
    out << "  " << v << " [pos=\"" << pos[static_cast<std::size_t>(v)].x << "," << -pos[static_cast<std::size_t>(v)].y << "\"";
    if (v >= t.compute_nodes()) out << ", shape=box";
    out << "];\n";
  }
  const char* arrow = symmetric ? " -- " : " -> ";
  auto edge = [&](link_id l, const link& lk) {
    out << "  " << lk.from << arrow << lk.to << " [color=\"" << dimension_colour(lk.dimension) << "\"";
    if (loads) out << ", label=\"" << (*loads)[static_cast<std::size_t>(l)] << "\"";
    out << "];\n";
  };
  if (symmetric)
    for_each_pair(t, back, [&](link_id l, const link& lk, bool) { edge(l, lk); });
  else
    for (link_id l = 0; l < static_cast<link_id>(t.links().size()); ++l) edge(l, t.link_at(l));
  out << "}\n";
}

}  // namespace weft::topo
