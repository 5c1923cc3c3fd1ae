#include "weft/reduction/run.hpp"

#include <memory>
#include <stdexcept>
#include <string>

#include "weft/reduction/plan_pe_program.hpp"

namespace weft::reduction {

namespace {

// The trees promise one-hop messages; a pair that is not a link would silently be routed over
// several hops, so refuse it before running.
void check_embedding(const plan& p, const topology& topo) {
  if (!p.one_hop) return;
  for (std::size_t r = 1; r < p.pes.size(); ++r) {
    const auto from = p.pes[r].node, to = p.pes[static_cast<std::size_t>(p.pes[r].parent)].node;
    if (!topo.find_link(from, to))
      throw std::logic_error(p.tree + " plan sends from node " + std::to_string(from) + " to node " +
                             std::to_string(to) + ", which is not a link of " + topo.spec());
  }
}

}  // namespace

run_result run_reduction(const params& prm, const tree_entry& tree, const operation& op, const run_options& options) {
  prm.validate();
  run_result out;
  out.layout = tree.build(prm);
  check_plan(out.layout);
  machine mach(out.layout.machine, make_cost_model(prm));
  check_embedding(out.layout, mach.topo());

  auto shared = std::make_shared<const plan>(out.layout);
  auto root = std::make_shared<root_value>();
  run_options opt = options;
  opt.node_of_rank = out.layout.node_of_rank();
  opt.program_name = "reduce/" + tree.name + "/" + op.name;
  out.measured = mach.run(static_cast<int>(out.layout.pes.size()), make_reduce_program(shared, op, prm.n, root), opt);
  // Stopped by Ctrl-C: the caller reads the status (a sweep keeps its finished rows).
  if (out.measured.status == run_status::interrupted) return out;
  if (out.measured.status != run_status::ok || !out.measured.conserved || !root->done)
    throw std::runtime_error("reduction run did not finish cleanly: " +
                             (out.measured.problems.empty() ? std::string("no result at the root")
                                                            : out.measured.problems.front()));
  out.steps = out.measured.makespan.ps;
  out.predicted = predict_steps(out.layout, prm.m, prm.n);
  out.result = root->result;
  out.expected = sequential_reduce(op, 0, prm.items);
  out.correct = out.result == out.expected;
  return out;
}

}  // namespace weft::reduction
