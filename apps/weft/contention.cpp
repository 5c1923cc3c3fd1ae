#include "contention.hpp"

#include <stdexcept>

#include "weft/detail/network_registry.hpp"

namespace weft::cli {

machine contention_free_machine(const machine& m, const run_options& opt) {
  if (opt.clock == clock_mode::wall)
    throw std::invalid_argument("--contention: --clock wall applies no link model, so there is no contention to measure");
  cost_model model = m.model();
  model.network = detail::contention_free_network(model.wire());
  machine reference = m;
  reference.set_model(model);
  return reference;
}

void measure_contention(report& r, const machine& reference, int procs, const program& prog, run_options opt) {
  // The reference run is measured, not shown: no trace, message list, call log or progress.
  opt.trace = false;
  opt.record_messages = false;
  opt.record_calls = false;
  opt.progress = {};
  const report ideal = reference.run(procs, prog, opt);
  auto& c = r.contention;
  c.measured = true;
  c.reference = reference.model().network;
  c.makespan = ideal.makespan;
  c.pe_wait.clear();
  for (const auto& p : ideal.pes) c.pe_wait.push_back(p.wait);
  c.link_wait.clear();
  for (const auto& l : ideal.links) c.link_wait.push_back(l.wait_total);
}

}  // namespace weft::cli
