#include "run_plan.hpp"

namespace weft::cli {

std::vector<planned_run> plan_runs(const machine_options& base, const std::vector<std::string>& machines,
                                   const std::vector<int>& procs, const std::function<void(planned_run&)>& prepare) {
  std::vector<planned_run> plan;
  for (const auto& name : machines) {
    auto o = base;
    o.machine = name;
    auto built = std::make_shared<const built_machine>(build_machine(o));
    auto counts = procs;
    if (counts.empty()) counts.push_back(default_procs(*built));
    for (int p : counts) {
      planned_run run{name, o, built, p, build_run_options(o, *built, p)};
      prepare(run);
      plan.push_back(std::move(run));
    }
  }
  for (const auto& run : plan) check_link_costs(run.o, *run.built);  // last: every other input is checked
  return plan;
}

}  // namespace weft::cli
