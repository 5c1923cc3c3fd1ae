// weft run <program> --machine <spec> [--procs P] [link options] [--workers N] [--json F] [--trace F]
//          [--comm-log F]
#include <CLI/CLI.hpp>
#include <fstream>
#include <iostream>
#include <memory>

#include "cli_output.hpp"
#include "commands.hpp"
#include "link_model_warning.hpp"
#include "machine_options.hpp"
#include "weft/programs/builtin.hpp"
#include "weft/topo/drawing.hpp"
#include "weft/traffic/message_log.hpp"

namespace weft::cli {

command_runner add_run_command(CLI::App& app) {
  struct state {
    std::string program;
    int procs = 0;
    std::string bytes = "8";
    int iterations = 1;
    std::string heatmap, messages;
    machine_options machine;
    programs::registry registry;
  };
  auto s = std::make_shared<state>();
  programs::register_builtin_programs(s->registry);
  std::string list;
  for (const auto& e : s->registry.entries()) list += "\n  " + e.name + std::string(10 - std::min<std::size_t>(9, e.name.size()), ' ') + e.help;
  auto* sub = app.add_subcommand("run", "run a PE program on an emulated machine and report what crossed each link");
  sub->footer("Programs:" + list);
  sub->add_option("program", s->program, "built-in program to run")->required();
  sub->add_option("--procs,-p", s->procs, "number of PEs (default: one per node of the machine)");
  sub->add_option("--bytes,-b", s->bytes, "message size for the program")->capture_default_str();
  sub->add_option("--iterations,-i", s->iterations, "repetitions")->capture_default_str();
  add_machine_options(*sub, s->machine);
  s->machine.wall_clock_allowed = true;
  sub->add_option("--heatmap", s->heatmap, "write an SVG drawing of the machine, links coloured by utilization")
      ->group("Output");
  sub->add_option("--messages", s->messages,
                  "write every message received as CSV (replay it: weft traffic --pattern trace:FILE)")
      ->group("Output");
  return [sub, s]() -> int {
    if (!sub->parsed()) return -1;
    programs::params prm;
    prm.bytes = parse_bytes(s->bytes, "--bytes");
    prm.iterations = s->iterations;
    auto prog = s->registry.make(s->program, prm);
    for (const char* flag : {"--bytes", "--iterations"})
      if (sub->count(flag) && !s->registry.find(s->program).sized)
        throw std::invalid_argument(std::string(flag) + " does not apply to " + s->program + " (it never sends a payload)");
    const auto built = build_machine(s->machine);
    const auto& m = built.m;
    if (sub->count("--procs") && s->procs < 1)
      throw std::invalid_argument("--procs " + std::to_string(s->procs) + " must be at least 1");
    const int procs = s->procs > 0 ? s->procs : default_procs(built);
    s->registry.check_procs(s->program, procs);
    auto opt = build_run_options(s->machine, built, procs);
    opt.program_name = s->program;
    opt.traffic = s->registry.traffic(s->program, prm, procs);
    // Every output is checked before the run: a bad path fails before a long run, not after it.
    check_outputs({{"--json", s->machine.json_file}, {"--trace", s->machine.trace_file}, {"--heatmap", s->heatmap},
                   {"--messages", s->messages}, {"--comm-log", s->machine.comm_log_file}});
    std::ofstream heat_out, messages_out;
    if (!s->heatmap.empty()) heat_out = open_output(s->heatmap, "--heatmap");
    if (!s->messages.empty()) messages_out = open_output(s->messages, "--messages");
    opt.record_messages = messages_out.is_open();
    if (opt.clock == clock_mode::wall && !s->heatmap.empty())
      throw std::invalid_argument("--heatmap: --clock wall applies no link model, so no link has a utilization");
    m.check_run(procs, opt);  // before the warning: a refused run prints its one line only
    if (opt.clock == clock_mode::virtual_time) warn_if_no_link_model(m.model(), std::cerr);
    auto report = m.run(procs, prog, opt);
    if (heat_out.is_open()) {
      std::vector<double> utilization;
      for (const auto& l : report.links) utilization.push_back(l.utilization);
      topo::write_svg(heat_out, m.topo(), &utilization, "link utilization (busy / makespan)");
    }
    if (messages_out.is_open()) traffic::write_message_log(messages_out, report.trace.messages);
    return emit_report(report, s->machine);
  };
}

}  // namespace weft::cli
