// weft reduce -K 1000 -m 1 -n 1 -i 2 [--tree delay-aware|binary] [--op sum|max|matmul2]
//             [--sweep [--csv FILE] [--plot FILE.svg|FILE.png]] [--dot FILE] [--report] [--json FILE]
// Wires options to the reduction module (algorithms/reduction); docs/reduction.md.
#include <CLI/CLI.hpp>

#include <cstdlib>
#include <fstream>
#include <iostream>
#include <memory>
#include <sstream>
#include <stdexcept>
#include <string>

#include "cli_output.hpp"
#include "commands.hpp"
#include "machine_options.hpp"
#include "sweep_plot.hpp"
#include "weft/reduction/delay_aware_tree.hpp"
#include "weft/reduction/drawing.hpp"
#include "weft/reduction/logp.hpp"
#include "weft/reduction/run.hpp"
#include "weft/reduction/sweep.hpp"
#include "weft/output/report_writers.hpp"

namespace weft::cli {

namespace {

struct reduce_options {
  std::int64_t items = 1000, m = 1, n = 1;
  int arity = 2;
  std::string tree = "delay-aware", op = "sum", charge = "sender";
  bool sweep = false, full_report = false, list = false;
  std::string csv, plot, dot, json;
  int workers = 0;
  run_control control;
};

std::string hops_text(const report& r) {
  std::string text;
  for (std::size_t h = 0; h < r.hop_histogram.size(); ++h)
    if (r.hop_histogram[h] != 0) text += (text.empty() ? "" : " ") + std::to_string(h) + ":" + std::to_string(r.hop_histogram[h]);
  return text.empty() ? "none" : text;
}

template <class Registry>
void list_entries(const char* title, const Registry& registry) {
  std::cout << title << ":\n";
  for (const auto& e : registry.entries()) std::cout << "  " << e.name << "\n      " << e.help << "\n";
}

int run_single(const reduce_options& o, const reduction::params& p, const reduction::tree_registry& trees,
               const reduction::operation& op, const run_options& ropt) {
  auto r = reduction::run_reduction(p, trees.find(o.tree), op, ropt);
  if (r.measured.status == run_status::interrupted) {
    weft::output::write_text(std::cout, r.measured);
    std::cerr << "weft: interrupted: " << r.measured.problems.front() << "\n";
    return interrupted_exit_code;
  }
  const auto& plan = r.layout;
  std::ostringstream dot;  // drawn before anything is printed, so a refusal is the only output
  if (!o.dot.empty()) reduction::write_dot(dot, plan, p.m, p.n);
  std::cout << "weft reduce: K = " << p.items << ", m = " << p.m << ", n = " << p.n << ", i = " << p.arity << ", op "
            << op.name << ", " << plan.tree << " tree\n"
            << "machine      " << plan.machine << "  (PEs used: " << plan.pes.size() << "; draw it: weft topo " << plan.machine
            << " --svg tree.svg)\n"
            << "link model   " << (p.charge == reduction::comm_charge::sender ? "o_send" : "alpha") << " = m = " << p.m
            << ", everything else 0 (docs/reduction.md)\n"
            << "steps        " << r.steps << "  (plan " << r.predicted
            << ", optimum " << reduction::delay_aware_height(p.items, p.m, p.n, p.arity)
            << ", LogP bound " << reduction::logp_summation_time(p.items, {p.m, 0, p.n}) << ")\n"
            << "result       " << op.show(r.result) << (r.correct ? " = " : " != ") << "sequential "
            << op.show(r.expected) << (r.correct ? "  (ok)" : "  (WRONG)") << "\n"
            << "messages     " << r.measured.sent << ", hops " << hops_text(r.measured) << "\n";
  if (o.full_report) weft::output::write_text(std::cout, r.measured);
  write_file(o.json, "--json", "report, JSON", [&](std::ostream& out) { weft::output::write_json(out, r.measured, /*with_host=*/false, /*with_invocation=*/true); });
  write_file(o.dot, "--dot", "reduction tree, Graphviz", [&](std::ostream& out) { out << dot.str(); });
  if (!r.correct || r.steps != r.predicted) {
    std::cerr << "weft: failed: the run disagrees with " << (r.correct ? "its plan's step count" : "the sequential result")
              << "\n";
    return 1;
  }
  return 0;
}

int run_sweep(const reduce_options& o, const reduction::params& p, const reduction::tree_registry& trees,
              const reduction::operation& op, const run_options& ropt) {
  const auto sizes = reduction::doubling_sizes(p.items);
  auto rows = reduction::run_sweep(p, sizes, trees, op, ropt);
  const bool stopped = rows.size() < sizes.size();  // Ctrl-C: the rows finished are kept
  reduction::print_sweep_table(std::cout, p, rows);
  write_file(o.csv, "--csv", "sweep, CSV", [&](std::ostream& out) {
    reduction::write_sweep_csv(out, rows);
    if (stopped) out << "# stopped (interrupted) at K = " << sizes[rows.size()] << ": Ctrl-C\n";
  });
  if (stopped) {
    std::cerr << "weft: interrupted: the sweep stopped at K = " << sizes[rows.size()] << "; "
              << (o.csv.empty() ? "" : "the rows finished are in " + o.csv + ", ") << "no plot drawn\n";
    return interrupted_exit_code;
  }
  if (!o.plot.empty()) {
    write_plot(
        o.plot, "--plot", "steps against K", [&](std::ostream& out) { reduction::write_sweep_svg(out, p, rows); },
        [&](const std::string& output) {
          std::ostringstream text;
          reduction::write_gnuplot_script(text, p, rows, output);
          return text.str();
        });
  }
  return 0;
}

int run(const reduce_options& o, std::size_t given, bool tree_given) {
  reduction::tree_registry trees;
  reduction::register_builtin_trees(trees);
  reduction::op_registry ops;
  reduction::register_builtin_ops(ops);
  if (o.list) {
    if (given > 0) throw std::invalid_argument("--list prints the trees and operations only; drop the other options");
    list_entries("trees", trees);
    list_entries("operations", ops);
    return 0;
  }
  reduction::params p;
  p.items = o.items;
  p.m = o.m;
  p.n = o.n;
  p.arity = o.arity;
  p.charge = reduction::parse_comm_charge(o.charge);
  p.validate();
  const auto& op = ops.find(o.op);
  trees.find(o.tree);  // an unknown name fails before any run
  if (!o.sweep && (!o.csv.empty() || !o.plot.empty()))
    throw std::invalid_argument("--csv and --plot belong to --sweep (add --sweep, or drop them)");
  if (o.sweep && (!o.dot.empty() || !o.json.empty() || o.full_report))
    throw std::invalid_argument("--dot, --json and --report describe one run; drop them with --sweep");
  if (o.sweep && tree_given)
    throw std::invalid_argument("--tree: --sweep runs both trees; drop --tree");
  // --plot writes the picture only; the data is --csv's.
  check_outputs({{"--csv", o.csv}, {"--plot", o.plot}, {"--dot", o.dot}, {"--json", o.json}});
  check_plot_file(o.plot, "--plot");  // .svg or .png (with gnuplot), before the sweep
  run_options ropt;
  ropt.workers = checked_workers(o.workers);
  ropt.traffic.advice = "lower -K or raise --max-memory";
  apply_run_control(o.control, ropt);
  return o.sweep ? run_sweep(o, p, trees, op, ropt) : run_single(o, p, trees, op, ropt);
}

}  // namespace

command_runner add_reduce_command(CLI::App& app) {
  auto o = std::make_shared<reduce_options>();
  auto* sub = app.add_subcommand("reduce", "reduction under communication delay (Nonomura, Kurino & Fukazawa): delay-aware tree on the "
                                           "Fibonacci tree vs the binary tree, steps vs K");
  sub->add_option("-K", o->items, "number of data items (the largest K with --sweep)")->capture_default_str();
  sub->add_option("-m", o->m, "transfer time of one message, in steps")->capture_default_str();
  sub->add_option("-n", o->n, "time of one i-ary operation, in steps")->capture_default_str();
  sub->add_option("-i", o->arity, "arity of the operation")->capture_default_str();
  sub->add_option("--tree", o->tree, "delay-aware or binary")->capture_default_str();
  sub->add_option("--op", o->op, "sum, max or matmul2")->capture_default_str();
  sub->add_option("--charge", o->charge, "where m is charged: sender (o_send = m) or link (alpha = m)")
      ->capture_default_str();
  sub->add_flag("--sweep", o->sweep, "run both trees for K = 1, 2, 4, ... up to -K and print steps, ratio, optimum");
  sub->add_option("--csv", o->csv, "with --sweep: write the table as CSV to FILE");
  sub->add_option("--plot", o->plot, "with --sweep: draw steps vs K into FILE.svg (or FILE.png, which needs gnuplot)");
  sub->add_option("--dot", o->dot, "write the computation tree (operations, times, transfers) as Graphviz to FILE");
  sub->add_flag("--report", o->full_report, "print weft's full run report");
  sub->add_option("--json", o->json, "write the run report as JSON to FILE");
  add_workers_option(*sub, o->workers);
  add_run_control_options(*sub, o->control);
  sub->add_flag("--list", o->list, "list the trees and operations");
  sub->footer("The PE tree is the topology: 'weft topo fib:h,n,m,i --svg FILE' draws it. Docs: docs/reduction.md");
  return [sub, o] {
    return sub->parsed() ? run_interruptible([&] { return run(*o, typed_options_except(*sub, "--list"), sub->count("--tree") > 0); }) : -1;
  };
}

}  // namespace weft::cli
