#pragma once
// Runs one reduction on the emulated machine: builds the plan, the machine it is embedded in
// (plan.machine + the paper's link model), checks the embedding uses only topology links, runs
// the PE program and compares the root's value with the sequential reduction.

#include <cstdint>

#include "weft/machine.hpp"
#include "weft/reduction/operation.hpp"
#include "weft/reduction/params.hpp"
#include "weft/reduction/plan.hpp"
#include "weft/reduction/tree_registry.hpp"

namespace weft::reduction {

struct run_result {
  plan layout;                ///< the plan that ran
  report measured;            ///< weft's report of the run
  std::int64_t steps = 0;     ///< virtual makespan in steps (ticks)
  std::int64_t predicted = 0; ///< predict_steps(layout, m, n)
  value result{}, expected{};
  bool correct = false;       ///< result == sequential reduction, exactly
};

/// Throws std::invalid_argument for bad params, std::logic_error if the plan is malformed or
/// uses a pair of PEs that is not a link of its topology, std::runtime_error if the run does
/// not finish cleanly (deadlock, failed PE, lost message). A run stopped by Ctrl-C is returned
/// as it is: measured.status says `interrupted`.
run_result run_reduction(const params& p, const tree_entry& tree, const operation& op,
                         const run_options& options = {});

}  // namespace weft::reduction
