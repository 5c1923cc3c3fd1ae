// weft run <program> --machine <spec> [--procs P] [link options] [--workers N] [--json F] [--trace F]
//          [--comm-log F] [--contention]
#include <CLI/CLI.hpp>
#include <iostream>
#include <memory>
#include <optional>

#include "backend_options.hpp"
#include "cli_output.hpp"
#include "weft/run_budget.hpp"
#include "commands.hpp"
#include "contention.hpp"
#include "help_format.hpp"
#include "machine_options.hpp"
#include "weft/programs/builtin.hpp"
#include "weft/output/report_writers.hpp"
#include "weft/output/topology_drawing.hpp"

namespace weft::cli {

namespace {

/// `weft run PROGRAM --backend mpi`: the program on the job's ranks; rank 0 prints the report.
int run_program_on_mpi(const programs::entry& e, const program& prog, int typed_procs, const programs::program_choice& choice,
                       const std::string& program_text, const backend_options& b, const machine_options& m) {
  if (e.name == "overflow" || e.name == "sigint")
    throw std::invalid_argument(e.name + " shows an emulator feature (" +
                                (e.name == "overflow" ? "its fiber-stack check" : "its Ctrl-C report") +
                                "); it does not run with --backend mpi");
  check_outputs({{"--json", m.json_file}}, machine_inputs(m));
  return run_on_mpi([&](const mpi::environment& env) {
    if (choice.procs > 0 && choice.procs != env.size())  // nas-cg:ROWSxCOLS names the PE count itself
      throw std::invalid_argument(program_text + " has " + std::to_string(choice.procs) + " PEs; this MPI job has " +
                                  std::to_string(env.size()) + " rank" + (env.size() == 1 ? "" : "s") +
                                  " (start it with mpirun -n " + std::to_string(choice.procs) + ")");
    check_rank_count(env, typed_procs, e.min_procs, e.name);
    if (e.procs_rule)
      if (auto rule = e.procs_rule(env.size()); !rule.empty())
        throw std::invalid_argument(e.name + ": " + std::to_string(env.size()) + " MPI ranks: " + rule);
    const auto r = mpi::run(env, prog, mpi_options(b, e.name));
    return env.rank() == 0 ? emit_report(r, m) : 0;
  });
}

struct run_state {
  std::string program;
  int procs = 0;
  bool barrier_per_ccs = false, rendezvous = false, contention = false;
  std::string bytes = "8B";
  int iterations = 1;
  std::string heatmap, messages;
  machine_options machine;
  backend_options backend;
  programs::registry registry;
};

CLI::App* add_run_options(CLI::App& app, run_state& s) {
  std::vector<std::pair<std::string, std::string>> programs;
  for (const auto& e : s.registry.entries()) programs.emplace_back(e.name, e.help);
  auto* sub = app.add_subcommand("run", "run a PE program on an emulated machine and report what crossed each link");
  sub->footer(help_list("Programs", programs));
  sub->add_option("program", s.program, "built-in program to run")->required();
  sub->add_option("--procs,-p", s.procs, "number of PEs (default: one per node of the machine)");
  sub->add_option("--bytes,-b", s.bytes, "message size for the program")->capture_default_str();
  sub->add_flag("--barrier-per-ccs", s.barrier_per_ccs, "nas-cg: a barrier at the head of each communication set (Morie & Nanri)");
  sub->add_flag("--rendezvous", s.rendezvous, "nas-cg: each exchange trades ready messages before its data (MPI's rendezvous)");
  sub->add_option("--iterations,-i", s.iterations, "repetitions")->capture_default_str();
  sub->add_flag("--contention", s.contention,
                "run the program again with links that never queue (network ideal) and report makespan, PE wait and "
                "link queueing with contention, without, and the difference");
  add_machine_options(*sub, s.machine);
  add_backend_options(*sub, s.backend);
  s.machine.wall_clock_allowed = true;
  sub->add_option("--heatmap", s.heatmap, "write an SVG drawing of the machine, links coloured by utilization")
      ->group("Output");
  sub->add_option("--messages", s.messages,
                  "write every message received as CSV (replay it: weft traffic --pattern trace:FILE)")
      ->group("Output");
  return sub;
}

// The PE count on the emulator: the program's (nas-cg:ROWSxCOLS), --procs, or one per node.
int procs_to_run(const CLI::App& sub, const run_state& s, const programs::program_choice& choice, const built_machine& built) {
  const auto& m = built.m;
  const int chosen = programs::choose_procs(choice, s.program, sub.count("--procs") > 0, s.procs);
  const int procs = chosen > 0 ? chosen : default_procs(built);
  // nas-cg:ROWSxCOLS names its PE count itself: the refusal names the program, not a --procs
  // the user never typed.
  const int nodes = m.topo().compute_nodes();
  if (choice.procs > 0 && !sub.count("--procs") && procs > nodes && (s.machine.mapping.empty() || s.machine.mapping == "identity"))
    throw std::invalid_argument("program '" + s.program + "' needs " + std::to_string(procs) + " PEs (one per cell of its grid); machine " +
                                m.topo().spec() + " has " + std::to_string(nodes) + " nodes: choose a smaller grid or a larger machine");
  s.registry.check_procs(choice.name, procs);
  return procs;
}

// The run's options, every limit and output checked: a bad path fails before a long run, not after it.
run_options checked_run_options(const CLI::App& sub, const run_state& s, const programs::params& prm,
                                const std::string& name, const built_machine& built, int procs) {
  auto opt = build_run_options(s.machine, built, procs);
  opt.program_name = s.program;
  opt.traffic = s.registry.traffic(name, prm, procs);
  check_message_count(static_cast<double>(opt.traffic.messages_total),
                      (sub.count("--iterations") ? "--iterations " + std::to_string(s.iterations) + " of "
                                                 : std::string("program ")) +
                          s.program + " on " + std::to_string(procs) + " PEs",
                      "lower --iterations or --procs");
  if (opt.clock == clock_mode::wall && !s.heatmap.empty())
    throw std::invalid_argument("--heatmap: --clock wall applies no link model, so no link has a utilization");
  check_outputs({{"--json", s.machine.json_file}, {"--trace", s.machine.trace_file}, {"--heatmap", s.heatmap},
                 {"--messages", s.messages}, {"--comm-log", s.machine.comm_log_file}},
                machine_inputs(s.machine));
  opt.record_messages = !s.messages.empty();
  built.m.check_run(procs, opt);  // before the warning: a refused run prints its one line only
  return opt;
}

/// `weft run PROGRAM` on the emulator; the report of a run that deadlocked, failed or was
/// interrupted is its result (its status says so): every output is written, each one whole.
int run_program(const CLI::App& sub, const run_state& s, const programs::params& prm,
                const programs::program_choice& choice, const program& prog) {
  const auto built = build_machine(s.machine);  // its errors come first on the emulator
  const auto& m = built.m;
  const int procs = procs_to_run(sub, s, choice, built);
  const auto opt = checked_run_options(sub, s, prm, choice.name, built, procs);
  check_link_costs(s.machine, built);
  const auto reference = s.contention ? std::optional(contention_free_machine(m, opt)) : std::nullopt;
  auto report = m.run(procs, prog, opt);  // with --engine mpi every rank gets the whole report
  if (reference && report.status == run_status::ok) measure_contention(report, *reference, procs, prog, opt);
  write_file(s.heatmap, "--heatmap", "link utilization heatmap", [&](std::ostream& out) {
    std::vector<double> utilization;
    for (const auto& l : report.links) utilization.push_back(l.utilization);
    topo::write_svg(out, m.topo(), &utilization, "link utilization (busy / makespan)");
  });
  write_file(s.messages, "--messages", "messages received, CSV", [&](std::ostream& out) { weft::output::write_message_log(out, report.trace.messages); });
  return emit_report(report, s.machine);
}

}  // namespace

command_runner add_run_command(CLI::App& app) {
  auto s = std::make_shared<run_state>();
  programs::register_builtin_programs(s->registry);
  auto* sub = add_run_options(app, *s);
  return [sub, s]() -> int {
    if (!sub->parsed()) return -1;
    programs::params prm;
    prm.bytes = parse_bytes(s->bytes, "--bytes");
    prm.iterations = s->iterations;
    prm.barrier_per_ccs = s->barrier_per_ccs;
    prm.rendezvous = s->rendezvous;
    const auto choice = programs::parse_program_choice(s->program);
    auto prog = s->registry.make(choice.name, prm);
    for (const char* flag : {"--bytes", "--iterations"})
      if (sub->count(flag) && !s->registry.find(choice.name).sized)
        throw std::invalid_argument(std::string(flag) + " does not apply to " + s->program + " (it never sends a payload)");
    programs::check_nas_cg_only(choice, prm);
    check_backend_options(*sub, s->backend,
                          {"program", "--procs", "--bytes", "--iterations", "--json", "--barrier-per-ccs", "--rendezvous"});
    if (on_mpi(s->backend)) {
      (void)programs::choose_procs(choice, s->program, sub->count("--procs") > 0, s->procs);  // --procs against the grid
      return run_program_on_mpi(s->registry.find(choice.name), prog, sub->count("--procs") > 0 ? s->procs : 0, choice,
                                s->program, s->backend, s->machine);
    }
    return run_program(*sub, *s, prm, choice, prog);
  };
}

}  // namespace weft::cli
