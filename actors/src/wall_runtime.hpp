#pragma once
// machine::run's second runtime: --clock wall (run_options::clock), in wall_runtime.cpp.

#include "weft/machine.hpp"

namespace weft::detail {

/// Runs `prog` on `procs` PEs with measured times instead of virtual ones (docs/model.md,
/// "Clocks"); the checks of machine::run have been made.
report run_on_wall_clock(const machine& m, int procs, const program& prog, const run_options& options);

}  // namespace weft::detail
