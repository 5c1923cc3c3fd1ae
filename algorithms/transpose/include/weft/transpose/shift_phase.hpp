#pragma once
// The building block of the paper's algorithms: a pipelined shift along one ring of neighbours.
// At every step each PE keeps the blocks that have reached this phase's target and forwards the
// rest one hop, all PEs at once; first `steps_plus` steps toward `plus`, then `steps_minus`
// toward `minus`. Each step is one message per PE: one path set-up α, τ per element forwarded.
//
//   step h:  ... -> PE(x-1) -> PE(x) -> PE(x+1) -> ...   (every PE sends and receives at once)

#include <functional>
#include <vector>

#include "weft/pe.hpp"
#include "weft/transpose/blocks.hpp"

namespace weft::transpose {

struct shift_phase {
  int plus = 0;   ///< neighbour PE in the + direction of this ring
  int minus = 0;  ///< neighbour PE in the − direction
  int steps_plus = 0;
  int steps_minus = 0;
  /// Signed hops from this PE to the block's target for this phase: > 0 goes toward `plus`,
  /// < 0 toward `minus`, 0 stays.
  std::function<int(const block&)> remaining;
};

/// Runs the phase on this PE; `tag_base` keeps the messages of different phases apart.
void run_shift_phase(pe& p, std::vector<block>& held, const shift_phase& phase, int tag_base);

/// x mod m mapped to (−m/2, m/2]: the signed shortest displacement on a ring of m.
int centered(std::int64_t x, int m);

}  // namespace weft::transpose
