// weft: run parallel algorithms as live programs on an emulated parallel machine.
#include <CLI/CLI.hpp>
#include <algorithm>
#include <iterator>
#include <cerrno>
#include <chrono>
#include <cstring>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <string_view>
#include <thread>
#include <exception>
#include <new>
#include <stdexcept>
#include <vector>

#include "commands.hpp"
#include "help_format.hpp"
#include "parse_errors.hpp"
#include "weft/io/input_file.hpp"
#include "engine_options.hpp"
#include "weft/output/output_file.hpp"
#include "weft/output/report_writers.hpp"

namespace {

// This process's rank as an MPI launcher (mpirun) set it in the environment, or null when no
// launcher started it. Read before MPI is started, if it ever is.
const char* launcher_rank() {
  for (const char* name : {"OMPI_COMM_WORLD_RANK", "PMIX_RANK", "PMI_RANK"})
    if (const char* rank = std::getenv(name)) return rank;
  return nullptr;
}

// Under mpirun every rank runs this same command line and refuses the same bad input: only rank
// 0 says so, or the user would read the line once per rank.
bool quiet_rank() {
  const char* rank = launcher_rank();
  return rank != nullptr && std::string_view(rank) != "0";
}

// hwloc opens its plugins (OpenGL, OpenCL, PCI, libxml2: some fifteen libraries, ICU's among
// them) as it loads a topology: 1.8 ms of every weft command, for I/O devices weft never reads
// (it reads cores, packages and memory: weft/detail/host_topology.hpp). So they are left out,
// through hwloc's own variable, set here before any thread reads the environment; not when the
// user set it, and not under an MPI launcher, whose Open MPI reads the same hwloc in this
// process for its network devices.
void leave_out_hwloc_device_plugins() {
  if (launcher_rank() != nullptr) return;
  setenv("HWLOC_PLUGINS_BLACKLIST", "hwloc_gl,hwloc_opencl,hwloc_pci,hwloc_xml_libxml", 0);  // 0: the user's stays
}

// The line is shown with control characters escaped: an argument holding ESC or CR (or a file's
// NUL a message quotes) must neither cut the line short nor drive the terminal.
void say(const std::string& line) {
  if (!quiet_rank()) {
    std::fprintf(stderr, "%s\n", weft::io::printable(line).c_str());
    return;
  }
  // mpirun ends the whole job when a rank exits non-zero: leave rank 0 the time to print first.
  std::this_thread::sleep_for(std::chrono::milliseconds(300));
}

}  // namespace

// The command's work; main() then checks that its report reached standard output.
int run_weft(int argc, char** argv) {
  CLI::App app{
      "weft — run parallel algorithms as live multithreaded programs on an emulated parallel\n"
      "machine with deterministic virtual time (topology, latency, bandwidth and port limits).",
      "weft"};
  app.require_subcommand(1);
  app.set_version_flag("--version", "weft 0.1.0");
  app.footer("Run 'weft <command> --help' for the options of one command. Docs: docs/ in the source tree.");
  app.formatter(weft::cli::make_help_formatter());  // before the commands, which inherit it

  struct command {
    std::string_view name;
    weft::cli::command_runner (*add)(CLI::App&);
  };
  static constexpr command commands[] = {
      {"run", weft::cli::add_run_command},           {"topo", weft::cli::add_topo_command},
      {"transpose", weft::cli::add_transpose_command}, {"reduce", weft::cli::add_reduce_command},
      {"coll", weft::cli::add_coll_command},         {"cg", weft::cli::add_cg_command},
      {"traffic", weft::cli::add_traffic_command},   {"machines", weft::cli::add_machines_command},
      {"ccs", weft::cli::add_ccs_command},           {"map", weft::cli::add_map_command},
      {"calibrate", weft::cli::add_calibrate_command},
  };
  // Only the command the line names is built when it names one (the others for help, or to
  // name the commands): CLI11 checks each option it adds against every one before it, and the
  // eleven commands' options were 14 M instructions, most of a short run's start-up after the
  // dynamic loader's (docs/PERFORMANCE.md, "A tenth round").
  const std::string_view first = argc > 1 ? argv[1] : "";
  const bool named = std::any_of(std::begin(commands), std::end(commands), [&](const command& c) { return c.name == first; });
  std::vector<weft::cli::command_runner> runners;
  for (const auto& c : commands)
    if (!named || c.name == first) runners.push_back(c.add(app));
  weft::cli::add_value_checks(app);
  weft::cli::name_values(app);
  if (auto line = weft::cli::unknown_command(app, argc, argv); !line.empty()) {
    say(line);
    return 2;
  }
  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    // --help and --version are "errors" with exit code 0: CLI11 prints them as usual.
    if (e.get_exit_code() == 0) return app.exit(e);
    say(weft::cli::parse_error_line(app, e));
    return 2;
  }
  try {
    // The one parsed command runs here, or as one rank of an MPI job (--engine mpi).
    const CLI::App* parsed = app.get_subcommands().front();
    return weft::cli::run_on_engine(*parsed, [&] {
      for (auto& run : runners)
        if (run) {
          if (int rc = run(); rc >= 0) return rc;
        }
      return 0;
    });
  } catch (const std::invalid_argument& e) {
    say(std::string("weft: error: ") + e.what());
    return 2;
  } catch (const weft::io::write_error& e) {
    say(std::string("weft: error: ") + e.what());
    return weft::io::write_error_exit_code;
  } catch (const std::bad_alloc&) {
    // Every command estimates its memory before the work (docs/cli.md, "Memory"); an allocation
    // that still fails is an estimate missing something, said as such rather than as a type name.
    say("weft: failed: out of memory although the estimate allowed this work (a gap in weft's memory estimate: "
        "please report the command line); lower the sizes or free memory");
    return 1;
  } catch (const std::exception& e) {
    say(std::string("weft: failed: ") + e.what());
    return 1;
  }
}

int main(int argc, char** argv) {
  leave_out_hwloc_device_plugins();  // first: no other thread exists yet
  weft::io::checked_stdout out;
  weft::output::record_command_line({argv, static_cast<std::size_t>(argc)});  // named by every JSON report
  const int rc = run_weft(argc, argv);
  // A full disk or a closed descriptor loses the report: an error. A reader that went away
  // (weft ... | head) is not: quiet, as Unix tools are.
  if (const int error = out.finish(); error != 0 && error != EPIPE) {
    say(std::string("weft: error: the report could not be written to standard output: ") + std::strerror(error));
    return rc != 0 ? rc : weft::io::write_error_exit_code;
  }
  return rc;
}
