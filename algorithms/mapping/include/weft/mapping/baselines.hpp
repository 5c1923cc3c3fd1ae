#pragma once
// The paper's reference placements on the Tofu 6D mesh/torus (seed 004 §5.4), for weft's
// `tofu:XxYxZ` machines (shape X, Y, Z, A = 2, B = 3, C = 2; node id X fastest, then Y, Z, A, B, C).
// docs/mapping.md, "Baselines", says how each is read from the paper.
//
//   no-ring   tasks in XYZABC order: task i on the i-th node with X varying fastest (weft's own
//             node order, i.e. the identity placement).
//   default   the FX10's own: the 6D machine seen as a logical 3D torus of 2X × 3Y × 2Z, each
//             logical axis a ring folded over two physical axes (X with A, Y with B, Z with C);
//             task i on logical (i mod 2X, i / 2X mod 3Y, i / (2X·3Y)).

#include <string>
#include <string_view>
#include <utility>

#include "weft/mapping/objectives.hpp"

namespace weft::mapping {

/// Throws std::invalid_argument unless `tofu_spec` is a tofu machine with at least `tasks` nodes.
placement no_ring_placement(std::string_view tofu_spec, int tasks);
placement default_placement(std::string_view tofu_spec, int tasks);

/// The FX10's logical 3D torus of a tofu job, "torus:LXxLYxLZ" with LX = 2X, LY = 3Y, LZ = 2Z: what
/// RMATT (the FX10's rank-map tool) places tasks on.
std::string logical_torus(std::string_view tofu_spec);
/// A placement on logical_torus(tofu_spec) (node i = logical position i, x fastest) as physical
/// nodes: position i lies on the node where default_placement puts task i.
placement logical_to_physical(std::string_view tofu_spec, const placement& logical);

/// The physical (along, fold) coordinates of position r on a logical ring folded over an axis of
/// size n and a fold axis: r = fold * n + (fold even ? along : n - 1 - along). Consecutive
/// positions are neighbours; the last and the first are too when the fold axis has size 2, or
/// size 1 and the along axis wraps, or an even size and it wraps.
std::pair<int, int> folded_ring(int r, int n);

}  // namespace weft::mapping
