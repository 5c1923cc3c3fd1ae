#pragma once
// The options every command that runs PE programs shares: the machine (a topology spec or a
// preset name / .toml file), the link model and the runtime settings. Parsed as text so that
// errors name the exact value typed. With a preset, the link options typed on the command line
// override the preset's values one by one.

#include <optional>
#include <string>

#include "weft/machine.hpp"
#include "cli_output.hpp"
#include "weft/presets/preset.hpp"
#include "run_control.hpp"

namespace CLI {
class App;
class Option;
}

namespace weft::cli {

struct machine_options {
  std::string machine = "torus:8x8";  ///< topology spec, preset name or path to a .toml preset
  std::string mapping;                ///< rank->node: identity, a preset's named mapping, file:PATH
  std::string routing;
  std::string alpha = "0", tau, bandwidth, hop_latency = "0", o_send = "0", o_recv = "0", gap = "0",
              poll = "10ns", switching = "store-and-forward", mtu = "0", injection = "message", ports = "all", flops;
  std::string memory_bandwidth, kernel_overhead;  ///< empty: the preset's (or none)
  std::string short_max, short_alpha = "0", short_tau, short_bandwidth, chain_alpha = "0";
  std::string eager_max, eager_alpha = "0", eager_tau, eager_bandwidth;  ///< the eager path (docs/model.md)
  std::string coll_call = "0", coll_recv = "0", reduce_tau = "0";  ///< the collective library's host costs
  std::string network;  ///< empty: the preset's, else the default network
  /// --free-messages: run with every message free (no link costs) on purpose; without it such a
  /// run is refused, as its times would all be 0 (docs/cli.md, "No link costs, no run").
  bool free_messages = false;
  // The packet shape (flit_params): the flit network's, and weft traffic's on any network.
  int packet_flits = 16;
  std::string flit_size = "16B", cycle = "1ns";
  /// Each network's own parameters by name (--vcs → "vcs"), their options added from the
  /// network registry; only those typed are here.
  std::map<std::string, std::int64_t> network_values;
  std::map<std::string, std::string> network_words;  ///< those of them named by words (--router booksim)
  int workers = 0;
  std::string pin = "none";
  std::string sharing = "adaptive";
  std::string partition = "blocks";  ///< --partition: blocks or scotch (mapping::partition_method)
  std::string engine = "single";     ///< --engine: single or mpi (engine_options.hpp)
  std::string clock = "virtual";  ///< --clock: virtual (modelled) or wall (measured on this host)
  /// Set by the commands whose results a measured clock keeps meaningful (run, coll); the
  /// others refuse --clock wall in one line.
  bool wall_clock_allowed = false;
  std::string stack_size = "64KiB";
  std::string stacks = "own";  ///< --stacks: own (a fiber stack per PE) or shared (run_options::shared_stacks)
  bool ticks = false;
  bool verbose = false;  ///< --verbose: the engine's internals in the text report too
  std::string json_file, trace_file;
  std::string comm_log_file;  ///< --comm-log: every PE's communication calls as JSON Lines
  run_control control;  ///< --max-memory, --quiet, Ctrl-C
  /// Set by a command whose packets --packet-flits, --flit-size and --cycle define on any
  /// network (weft traffic): they are then taken, not refused, with the message network.
  bool packet_shape_on_any_network = false;
  /// Set by a command that needs a compute model (cg): a refusal then names the presets with one.
  bool needs_compute = false;
  /// Set by a command whose defaults need a machine of their own (map's Tofu objectives): what
  /// its no-machine refusal advises instead of link costs for the default torus.
  std::string no_machine_advice;
  /// The parsed subcommand: tells which link options were typed (set by add_machine_options).
  const CLI::App* parsed_by = nullptr;
};

/// A machine built from the options, with the preset it came from (none for a topology spec).
struct built_machine {
  machine m;
  std::optional<presets::preset> preset;
};

/// Throws std::invalid_argument when no message would cost anything (every time 0) and
/// --free-messages was not typed, or when it was typed with link costs. Called last, once every
/// other input is checked, so a bad value is named before the missing model.
void check_link_costs(const machine_options& o, const built_machine& b);

/// Adds --machine, the link-model options and the runtime options to `sub`.
void add_machine_options(CLI::App& sub, machine_options& o);
/// Adds --workers (worker threads, 0: one per host CPU) bound to `workers`.
CLI::Option* add_workers_option(CLI::App& sub, int& workers);
/// Throws std::invalid_argument unless `workers` >= 0; returns it.
int checked_workers(int workers);

/// Builds the machine (loading the preset once); throws std::invalid_argument naming a bad
/// value or, for an unknown preset, listing the known ones.
built_machine build_machine(const machine_options& o);
/// The runtime settings (workers, pinning, stack size, tracing) and, for `procs` PEs, the
/// --mapping (or none: PE i on node i) on the machine `b` built from the same options; throws
/// std::invalid_argument when `procs` PEs do not fit the machine.
run_options build_run_options(const machine_options& o, const built_machine& b, int procs = 0);
/// The PE count when --procs is not given: a preset's own, else one PE per compute node.
int default_procs(const built_machine& b);
/// The files the machine options read (a file: topology, a .toml preset, --mapping file:PATH),
/// for check_outputs: no output may overwrite them.
std::vector<file_request> machine_inputs(const machine_options& o);
/// Writes the report's communication log to --comm-log if asked (docs/report.md).
void write_comm_log(const report& r, const machine_options& o);
/// "deadlock: every unfinished PE is blocked ...": the run's status and first problem, the status
/// said once (the line after "weft: " on stderr).
std::string status_line(const report& r);
/// Prints the report, writes --json / --trace / --comm-log if asked; returns the report's exit code.
int emit_report(const report& r, const machine_options& o);
/// For a sweep whose run `r` stopped it (deadlock, failure, Ctrl-C): prints that run's report and
/// writes its --comm-log, but leaves --json and --trace to the sweep, which writes the rows it
/// finished in its own schema; returns the report's exit code.
int emit_stopped_run(const report& r, const machine_options& o);

}  // namespace weft::cli
