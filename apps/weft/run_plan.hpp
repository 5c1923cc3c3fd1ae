#pragma once
// The runs of a sweep over machines and PE counts (coll, cg), planned and checked before the
// first one prints anything, so a bad machine or PE count fails with one line and no output.
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "machine_options.hpp"

namespace weft::cli {

struct planned_run {
  std::string name;  ///< the machine as typed
  machine_options o;
  std::shared_ptr<const built_machine> built;  ///< shared by the runs of one machine
  int procs = 0;
  run_options opt;
};

/// For each machine and PE count (none given: the machine's own), the machine, built once, and
/// its run options; `prepare` completes and checks each run (it may throw).
std::vector<planned_run> plan_runs(const machine_options& base, const std::vector<std::string>& machines,
                                   const std::vector<int>& procs, const std::function<void(planned_run&)>& prepare);

}  // namespace weft::cli
