#pragma once
// Placements drawn on their machine (weft map --svg; seed 004's pictures): one panel per
// placement, the machine's grid unfolded into two dimensions and, over it, the links that the
// placement's worst communication set loads, coloured by how many of its messages share each.
//
//   unfolding: dimensions 0, 2, 4, ... across, 1, 3, 5, ... down, mixed radix with the first
//   dimension outermost; a gap separates the groups of the innermost dimension. On Tofu
//   (X, Y, Z, A, B, C): across X, Z, B; down Y, A, C — each (X, Z) column of (Y) rows is one
//   2x3x2 node group, drawn as a 3-wide, 4-high tile.

#include <iosfwd>
#include <span>
#include <string>

#include "weft/mapping/objectives.hpp"
#include "weft/topology.hpp"

namespace weft::mapping {

struct placement_panel {
  std::string title;   ///< e.g. "tac3: TAC3 4 B, 843 us"
  placement where;     ///< task i on node where[i]
};

/// Writes one SVG with a panel per placement. The worst set of a panel is the one with the largest
/// TAC3 term (the first on ties); its links are drawn with their message count (1: grey, the
/// set's largest: red). Throws std::invalid_argument for a topology without grid coordinates.
void write_placement_svg(std::ostream& out, const topology& topo, const machine_routes& routes, const ccs_result& sets,
                         std::span<const placement_panel> panels);

}  // namespace weft::mapping
