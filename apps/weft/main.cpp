// weft: run parallel algorithms as live programs on an emulated parallel machine.
#include <CLI/CLI.hpp>
#include <cstdio>
#include <exception>
#include <stdexcept>
#include <vector>

#include "commands.hpp"
#include "parse_errors.hpp"

int main(int argc, char** argv) {
  CLI::App app{
      "weft — run parallel algorithms as live multithreaded programs on an emulated parallel\n"
      "machine with deterministic virtual time (topology, latency, bandwidth and port limits).",
      "weft"};
  app.require_subcommand(1);
  app.set_version_flag("--version", "weft 0.1.0");
  app.footer("Run 'weft <command> --help' for the options of one command. Docs: docs/ in the source tree.");

  std::vector<weft::cli::command_runner> runners{
      weft::cli::add_run_command(app),
      weft::cli::add_topo_command(app),
      weft::cli::add_transpose_command(app),
      weft::cli::add_reduce_command(app),
      weft::cli::add_coll_command(app),
      weft::cli::add_cg_command(app),
      weft::cli::add_traffic_command(app),
      weft::cli::add_machines_command(app),
      weft::cli::add_ccs_command(app),
      weft::cli::add_map_command(app),
      weft::cli::add_calibrate_command(app),
  };
  weft::cli::add_value_checks(app);
  if (auto line = weft::cli::unknown_command(app, argc, argv); !line.empty()) {
    std::fprintf(stderr, "%s\n", line.c_str());
    return 2;
  }
  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    // --help and --version are "errors" with exit code 0: CLI11 prints them as usual.
    if (e.get_exit_code() == 0) return app.exit(e);
    std::fprintf(stderr, "%s\n", weft::cli::parse_error_line(app, e).c_str());
    return 2;
  }
  try {
    for (auto& run : runners)
      if (run) {
        if (int rc = run(); rc >= 0) return rc;
      }
  } catch (const std::invalid_argument& e) {
    std::fprintf(stderr, "weft: error: %s\n", e.what());
    return 2;
  } catch (const std::exception& e) {
    std::fprintf(stderr, "weft: failed: %s\n", e.what());
    return 1;
  }
  return 0;
}
