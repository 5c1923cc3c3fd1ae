#pragma once
// Graphviz drawing of a plan as a computation tree (the paper's Fig. 2): one box per operation,
// labelled with its PE and its time [start, end), one row per step; local items hang under the
// operation that uses them; a dashed edge is a transfer (m steps). The PE tree itself is the
// topology: `weft topo <plan.machine> --svg FILE` draws it.

#include <cstdint>
#include <iosfwd>

#include "weft/reduction/plan.hpp"

namespace weft::reduction {

/// Throws std::invalid_argument above 2,000 operations (nothing readable remains).
void write_dot(std::ostream& out, const plan& p, std::int64_t m, std::int64_t n);

}  // namespace weft::reduction
