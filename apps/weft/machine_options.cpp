#include "machine_options.hpp"

#include <CLI/CLI.hpp>
#include <algorithm>
#include <iostream>
#include <limits>
#include <optional>
#include <stdexcept>
#include <tuple>

#include "cli_output.hpp"
#include "engine_options.hpp"
#include "link_model_warning.hpp"
#include "list_options.hpp"
#include "weft/detail/network_registry.hpp"
#include "weft/mapping/machine_partition.hpp"
#include "weft/io/input_file.hpp"
#include "weft/named_registry.hpp"
#include "weft/topology_registry.hpp"
#include "weft/output/report_writers.hpp"

namespace weft::cli {

namespace {

// Every network's own parameters, as each declares them: a new network's options appear here
// without a line of this file.
void add_network_parameter_options(CLI::App& sub, machine_options& o) {
  for (const auto& entry : detail::builtin_networks().entries()) {
    if (entry.params.empty()) continue;
    std::string group = entry.name + " network (--network " + entry.name + "; docs/model.md)";
    group[0] = static_cast<char>(std::toupper(static_cast<unsigned char>(group[0])));
    for (const auto& p : entry.params) {
      if (!p.words.empty()) {  // read as a word, turned into its value when the machine is built
        auto& word = o.network_words[p.name] = p.text_of(p.fallback);
        sub.add_option(p.option(), word, p.help + " (" + p.unit + ")")->group(group)->capture_default_str();
        continue;
      }
      auto& slot = o.network_values[p.name] = p.fallback;
      sub.add_option(p.option(), slot, p.help + " (" + p.unit + ")")->group(group)->capture_default_str();
    }
  }
}

}  // namespace

void add_machine_options(CLI::App& sub, machine_options& o) {
  sub.add_option("--machine,-m", o.machine,
                 "topology spec (torus:8x8, mesh:4x4, ring:16, full:8), a preset name (weft machines) or a preset .toml file")
      ->capture_default_str();
  sub.add_option("--mapping", o.mapping,
                 "rank->node mapping: identity (default), a preset's named mapping (e.g. fig11), or file:PATH");
  sub.add_option("--routing", o.routing, "routing function (default: the topology's own)");
  auto* link = "Link model (docs/model.md)";
  sub.add_option("--network", o.network, "network model: " + detail::known_networks() + " (default: the preset's, else " + detail::default_network() + ")")
      ->group(link);
  sub.add_option("--alpha", o.alpha, "start-up per message, on its first link (e.g. 1us)")->group(link)->capture_default_str();
  sub.add_option("--tau", o.tau, "time per byte on a link (e.g. 250ps); or give --bandwidth")->group(link);
  sub.add_option("--bandwidth", o.bandwidth, "link bandwidth (e.g. 4GB/s)")->group(link);
  sub.add_option("--hop-latency", o.hop_latency, "latency per hop (e.g. 50ns)")->group(link)->capture_default_str();
  sub.add_option("--o-send", o.o_send, "CPU overhead per send")->group(link)->capture_default_str();
  sub.add_option("--o-recv", o.o_recv, "CPU overhead per receive")->group(link)->capture_default_str();
  sub.add_option("--gap", o.gap, "minimum interval between two injections of one PE")->group(link)->capture_default_str();
  sub.add_option("--poll", o.poll, "cost of an unsuccessful test()")->group(link)->capture_default_str();
  sub.add_option("--switching", o.switching, "store-and-forward|saf or cut-through|ct")->group(link)->capture_default_str();
  sub.add_option("--mtu", o.mtu, "packet size (0: a message is one packet)")->group(link)->capture_default_str();
  sub.add_option("--injection", o.injection,
                 "message (a message's packets cross each link as one burst) or packet (one at a time: packets of messages that meet interleave)")
      ->group(link)
      ->capture_default_str();
  sub.add_option("--ports", o.ports, "all (all-port PEs), single (one send and one receive at a time) or single-send (one send at a time)")
      ->group(link)->capture_default_str();
  sub.add_flag("--free-messages", o.free_messages,
               "run with no link model on purpose: every message costs 0 (a correctness or deadlock demo); "
               "without link costs a run is refused")
      ->group(link);
  sub.add_option("--flops", o.flops, "compute rate for compute(flops), e.g. 1Gflops")->group(link);
  sub.add_option("--memory-bandwidth", o.memory_bandwidth, "memory bandwidth for compute(kernel), e.g. 180GB/s")
      ->group(link);
  sub.add_option("--kernel-overhead", o.kernel_overhead, "fixed cost of one compute(kernel) call, e.g. 5us")
      ->group(link);
  // The packet shape: shared, not a network's own (weft traffic sends such packets on any network).
  auto* flit = "Packets (the flit network's; weft traffic's on any network)";
  sub.add_option("--flit-size", o.flit_size, "bytes one flit carries")->group(flit)->capture_default_str();
  sub.add_option("--packet-flits", o.packet_flits, "most flits in one packet")->group(flit)->capture_default_str();
  sub.add_option("--cycle", o.cycle, "one router cycle (e.g. 1ns)")->group(flit)->capture_default_str();
  add_network_parameter_options(sub, o);
  auto* proto = "Protocol model (short PIO-like path, eager path, chained DMA)";
  sub.add_option("--short-max", o.short_max, "messages up to this size take the short path")->group(proto);
  sub.add_option("--short-alpha", o.short_alpha, "start-up of the short path")->group(proto)->capture_default_str();
  sub.add_option("--short-tau", o.short_tau, "time per byte of the short path")->group(proto);
  sub.add_option("--short-bandwidth", o.short_bandwidth, "bandwidth of the short path")->group(proto);
  sub.add_option("--eager-max", o.eager_max, "messages above --short-max and up to this size take the eager path")->group(proto);
  sub.add_option("--eager-alpha", o.eager_alpha, "start-up of the eager path")->group(proto)->capture_default_str();
  sub.add_option("--eager-tau", o.eager_tau, "time per byte of the eager path")->group(proto);
  sub.add_option("--eager-bandwidth", o.eager_bandwidth, "bandwidth of the eager path")->group(proto);
  sub.add_option("--chain-alpha", o.chain_alpha, "start-up of each further message of a chained batch")
      ->group(proto)->capture_default_str();
  auto* coll = "Collective library costs (weft coll and weft::coll; docs/model.md)";
  sub.add_option("--coll-call", o.coll_call, "host overhead per collective call")->group(coll)->capture_default_str();
  sub.add_option("--coll-recv", o.coll_recv, "host overhead per message a collective receives")
      ->group(coll)->capture_default_str();
  sub.add_option("--reduce-tau", o.reduce_tau, "reduction operation time per byte (e.g. 1ns)")
      ->group(coll)->capture_default_str();
  auto* rt = "Runtime";
  add_workers_option(sub, o.workers)->group(rt);
  sub.add_option("--pin", o.pin, "worker placement: compact, scatter or none")->group(rt)->capture_default_str();
  sub.add_option("--sharing", o.sharing, "share phases with helper workers: adaptive, always, never or alternate")
      ->group(rt)->capture_default_str();
  sub.add_option("--partition", o.partition,
                 "how the nodes are split among the workers' engine partitions: blocks (of node ids) or scotch "
                 "(Scotch's graph partitioner, fewer links cut); never changes a result")
      ->group(rt)->capture_default_str();
  sub.add_option("--engine", o.engine,
                 "single (the whole emulation in this process) or mpi (spread over the ranks mpirun started, the "
                 "same report; docs/distributed.md)")
      ->group(rt)->capture_default_str();
  sub.add_option("--clock", o.clock,
                 "virtual (modelled, deterministic) or wall (measured on this host: messages cross real queues, "
                 "no link model applied; docs/model.md)")
      ->group(rt)->capture_default_str();
  sub.add_option("--stack-size", o.stack_size, "fiber stack per PE")->group(rt)->capture_default_str();
  sub.add_option("--stacks", o.stacks,
                 "own (a fiber stack per PE: a blocked PE keeps a 4 KiB page) or shared (PEs take turns on a few "
                 "stacks, a blocked PE's frames copied out: about 1 KiB, slower switches); never changes a result")
      ->group(rt)->capture_default_str();
  add_run_control_options(sub, o.control);
  auto* out = "Output";
  sub.add_flag("--ticks", o.ticks, "print times as raw ticks (abstract-unit models)")->group(out);
  sub.add_flag("--verbose", o.verbose,
               "everything in the text report: every used link, and the engine's internals (worker CPUs, PEs per "
               "CPU, engine events, phases)")
      ->group(out);
  sub.add_option("--json", o.json_file, "write the report as JSON (docs/report.md)")->group(out);
  sub.add_option("--trace", o.trace_file, "write a Chrome/Perfetto trace (PE spans, link occupancy)")->group(out);
  sub.add_option("--comm-log", o.comm_log_file,
                 "write every PE's communication calls in program order as JSON Lines (docs/report.md)")
      ->group(out);
  o.parsed_by = &sub;
}

CLI::Option* add_workers_option(CLI::App& sub, int& workers) {
  return sub.add_option("--workers", workers, "worker threads (0: one per host CPU)")->capture_default_str();
}

int checked_workers(int workers) {
  if (workers < 0 || workers > 256)
    throw std::invalid_argument("--workers " + std::to_string(workers) + " must be between 0 (one per host CPU) and 256");
  return workers;
}

namespace {

// A link option counts as given when it was typed, or (options built in code) when it differs
// from its default; only given options override a preset.
bool given(const machine_options& o, const char* flag, const std::string& value, const std::string& fallback) {
  if (o.parsed_by) return o.parsed_by->count(flag) > 0;
  return value != fallback;
}

/// --packet-flits, --flit-size, --cycle: the packet a synthetic traffic generator sends.
bool is_packet_shape(std::string_view flag) { return flag == "--packet-flits" || flag == "--flit-size" || flag == "--cycle"; }

// Each network reads its own options; one of the other's given with it would change nothing
// (except the packet shape, for a command that sends packets of that shape on any network).
void apply_flit_options(const machine_options& o, const machine_options& d, bool preset, cost_model& m) {
  using flag = std::tuple<const char*, std::string, std::string>;
  const auto n = [](int v) { return std::to_string(v); };
  const flag flit_flags[] = {{"--flit-size", o.flit_size, d.flit_size},
                             {"--packet-flits", n(o.packet_flits), n(d.packet_flits)},
                             {"--cycle", o.cycle, d.cycle}};
  const flag message_flags[] = {{"--alpha", o.alpha, d.alpha},
                                {"--tau", o.tau, d.tau},
                                {"--bandwidth", o.bandwidth, d.bandwidth},
                                {"--hop-latency", o.hop_latency, d.hop_latency},
                                {"--switching", o.switching, d.switching},
                                {"--mtu", o.mtu, d.mtu},
                                {"--injection", o.injection, d.injection},
                                {"--short-max", o.short_max, d.short_max},
                                {"--short-alpha", o.short_alpha, d.short_alpha},
                                {"--short-tau", o.short_tau, d.short_tau},
                                {"--short-bandwidth", o.short_bandwidth, d.short_bandwidth},
                                {"--eager-max", o.eager_max, d.eager_max},
                                {"--eager-alpha", o.eager_alpha, d.eager_alpha},
                                {"--eager-tau", o.eager_tau, d.eager_tau},
                                {"--eager-bandwidth", o.eager_bandwidth, d.eager_bandwidth},
                                {"--chain-alpha", o.chain_alpha, d.chain_alpha}};
  const auto& network = detail::network_of(m);
  if (!network.ignores_link_costs.empty()) {
    for (const auto& [name, value, fallback] : message_flags)
      if (given(o, name, value, fallback))
        throw std::invalid_argument(std::string(name) + " has no meaning with --network " + network.name + " (" +
                                    network.ignores_link_costs + ")");
  }
  for (const auto& [name, value, fallback] : flit_flags) {
    const auto* owner = detail::owner_of_option(name);
    if (owner && owner != &network && given(o, name, value, fallback) &&
        !(o.packet_shape_on_any_network && is_packet_shape(name)))
      throw std::invalid_argument(std::string(name) + " has no meaning with --network " + network.name + " (" +
                                  owner->own_options_are + ": add --network " + owner->name + ")");
  }
  auto& f = m.flit;
  if (!preset || given(o, "--flit-size", o.flit_size, d.flit_size)) f.flit_bytes = parse_bytes(o.flit_size, "--flit-size");
  if (!preset || given(o, "--cycle", o.cycle, d.cycle)) f.cycle = parse_time(o.cycle, "--cycle");
  auto count = [&](const char* name, int value, int fallback, int& into) {
    if (!preset || given(o, name, std::to_string(value), std::to_string(fallback))) into = value;
  };
  count("--packet-flits", o.packet_flits, d.packet_flits, f.packet_flits);
  // Each network's own parameters: taken for the chosen network (over the preset's), refused
  // with any other, whose options they are not.
  for (const auto& entry : detail::builtin_networks().entries())
    for (const auto& p : entry.params) {
      const auto typed = o.network_values.find(p.name);
      const auto word = o.network_words.find(p.name);
      if ((typed == o.network_values.end() && word == o.network_words.end()) ||
          (o.parsed_by && !o.parsed_by->count(p.option())))
        continue;
      if (&entry != &network)
        throw std::invalid_argument(p.option() + " has no meaning with --network " + network.name + " (" +
                                    entry.own_options_are + ": add --network " + entry.name + ")");
      m.params.set(p.name, word != o.network_words.end() ? p.value_of(word->second, p.option()) : typed->second);
    }
}

// The link model: the preset's (or the defaults), each typed option over it.
cost_model read_cost_model(const machine_options& o, const presets::preset* preset) {
  const machine_options defaults;
  cost_model m = preset ? preset->model : cost_model{};
  auto time = [&](const char* flag, const std::string& v, const std::string& d, vtime& into) {
    if (!preset || given(o, flag, v, d)) into = parse_time(v, flag);
  };
  // A time per byte is given either as τ or as a bandwidth, never both.
  auto per_byte = [](const char* tau_flag, const std::string& tau, const char* bw_flag, const std::string& bw,
                     byte_time& into) {
    if (!tau.empty() && !bw.empty())
      throw std::invalid_argument(std::string(tau_flag) + " and " + bw_flag +
                                  " both given; they set the same thing, give one");
    if (!tau.empty()) into = parse_byte_time(tau, tau_flag);
    if (!bw.empty()) into = parse_bandwidth(bw, bw_flag);
  };
  time("--alpha", o.alpha, defaults.alpha, m.alpha);
  per_byte("--tau", o.tau, "--bandwidth", o.bandwidth, m.tau);
  time("--hop-latency", o.hop_latency, defaults.hop_latency, m.hop_latency);
  time("--o-send", o.o_send, defaults.o_send, m.o_send);
  time("--o-recv", o.o_recv, defaults.o_recv, m.o_recv);
  time("--gap", o.gap, defaults.gap, m.gap);
  time("--poll", o.poll, defaults.poll, m.poll);
  if (!preset || given(o, "--switching", o.switching, defaults.switching)) m.mode = parse_switching(o.switching);
  if (!preset || given(o, "--mtu", o.mtu, defaults.mtu)) m.mtu = parse_bytes(o.mtu, "--mtu");
  if (!preset || given(o, "--injection", o.injection, defaults.injection)) m.inject = parse_injection(o.injection);
  if (!preset || given(o, "--ports", o.ports, defaults.ports)) m.ports = parse_port_model(o.ports);
  if (!o.network.empty() && o.network != m.network) {
    m.network = o.network;  // machine() checks the name
    m.params = {};          // the preset's network's own parameters are not this one's
  }
  apply_flit_options(o, defaults, preset != nullptr, m);
  // Without packets (--mtu 0, here or in the preset) a message crosses each link whole: injected
  // by message or by packet, the run is the same, so a typed --injection would change nothing.
  if (detail::network_of(m).ignores_link_costs.empty() && m.mtu == 0 && given(o, "--injection", o.injection, defaults.injection))
    throw std::invalid_argument("--injection " + o.injection + ": without --mtu a message is one packet, injected whole "
                                "either way; give --mtu to split messages into packets");
  if (!o.flops.empty()) m.flops = parse_flop_rate(o.flops, "--flops");
  if (!o.memory_bandwidth.empty()) m.memory_time = parse_bandwidth(o.memory_bandwidth, "--memory-bandwidth");
  if (!o.kernel_overhead.empty()) m.kernel_overhead = parse_time(o.kernel_overhead, "--kernel-overhead");
  if (!o.short_max.empty()) m.short_max = parse_bytes(o.short_max, "--short-max");
  time("--short-alpha", o.short_alpha, defaults.short_alpha, m.short_alpha);
  per_byte("--short-tau", o.short_tau, "--short-bandwidth", o.short_bandwidth, m.short_tau);
  if (!o.eager_max.empty()) m.eager_max = parse_bytes(o.eager_max, "--eager-max");
  time("--eager-alpha", o.eager_alpha, defaults.eager_alpha, m.eager_alpha);
  per_byte("--eager-tau", o.eager_tau, "--eager-bandwidth", o.eager_bandwidth, m.eager_tau);
  time("--chain-alpha", o.chain_alpha, defaults.chain_alpha, m.chain_alpha);
  time("--coll-call", o.coll_call, defaults.coll_call, m.coll_call);
  time("--coll-recv", o.coll_recv, defaults.coll_recv, m.coll_recv);
  if (!preset || given(o, "--reduce-tau", o.reduce_tau, defaults.reduce_tau))
    m.reduce_tau = parse_byte_time(o.reduce_tau, "--reduce-tau");
  // Without a short or eager path (no --short-max / --eager-max, none in the preset) that path's
  // parameters would change nothing.
  using typed = std::tuple<const char*, std::string, std::string>;  // flag, value, default
  auto refuse_without = [&](std::int64_t max, const char* path, std::initializer_list<typed> flags) {
    if (max >= 0) return;
    for (const auto& [flag, value, fallback] : flags)
      if (given(o, flag, value, fallback))
        throw std::invalid_argument(std::string(flag) + " needs --" + path + "-max (without it no message takes the " + path +
                                    " path)");
  };
  refuse_without(m.short_max, "short", {{"--short-alpha", o.short_alpha, defaults.short_alpha},
                                        {"--short-tau", o.short_tau, defaults.short_tau},
                                        {"--short-bandwidth", o.short_bandwidth, defaults.short_bandwidth}});
  refuse_without(m.eager_max, "eager", {{"--eager-alpha", o.eager_alpha, defaults.eager_alpha},
                                        {"--eager-tau", o.eager_tau, defaults.eager_tau},
                                        {"--eager-bandwidth", o.eager_bandwidth, defaults.eager_bandwidth}});
  return m;
}

void check_preset_topology(const presets::preset& preset) {
  const std::string& spec = preset.topology;
  // The spec came from the preset file's topology key, not from the command line: an error in it
  // names the file and the key. A relative file: path in it is read from the current folder
  // (docs/cli.md, "Machines, presets and mapping files").
  try {
    topology_registry topologies;
    register_builtin_topologies(topologies);
    if (spec.starts_with("file:")) (void)topologies.make(spec);  // an edge list: read it to check it
    else (void)topologies.size(spec);                            // the family and its arguments
  } catch (const std::invalid_argument& e) {
    const bool relative_file = spec.starts_with("file:") && !spec.starts_with("file:/");
    throw std::invalid_argument(
        io::printable(preset.source) + ": topology \"" + io::printable(spec) + "\": " + e.what() +
        (relative_file ? " (a relative file: path in a preset is read from the current folder, not the preset's)" : ""));
  }
}

// Every message would be free, and the user did not ask for it (the wall clock applies no model).
bool free_by_accident(const machine_options& o, const cost_model& m) {
  return o.clock != "wall" && free_messages(m) && !o.free_messages;
}

}  // namespace

built_machine build_machine(const machine_options& o) {
  std::optional<presets::preset> preset;
  if (presets::is_preset(o.machine)) preset = presets::load(o.machine);
  const cost_model m = read_cost_model(o, preset ? &*preset : nullptr);
  // No machine typed and no cost either: refused first, as nothing else typed can be checked
  // against a machine the user did not choose (a typed machine's costs are checked last).
  if (o.parsed_by && o.parsed_by->count("--machine") == 0 && free_by_accident(o, m))
    throw std::invalid_argument(o.no_machine_advice.empty() ? no_machine_line(o.needs_compute)
                                                            : "no machine given: " + o.no_machine_advice);
  const std::string routing = preset && o.routing.empty() ? preset->routing : o.routing;
  const std::string spec = preset ? preset->topology : o.machine;
  if (preset) check_preset_topology(*preset);
  try {
    // Refused before it is built, with the line 'weft topo' gives: a topology over --max-memory
    // took a minute to build before the run's own estimate could refuse it. The network state
    // (flit buffers too) is checked here as well; the PEs once the caller knows how many.
    run_options limit;
    limit.max_memory_bytes = parse_max_memory(o.control.max_memory);
    check_memory_before_building(spec, routing, m, 0, limit);
    return {machine(spec, m, routing), std::move(preset)};
  } catch (const std::invalid_argument& e) {
    if (preset || o.machine.find(':') != std::string::npos) throw;
    // A bare word may have been meant as a preset: name those too.
    throw std::invalid_argument(std::string(e.what()) + "; machine presets: " + known_names(presets::list()));
  }
}

// No link cost: every message would be free and a report of zeros would read as a result, so
// the run is refused unless --free-messages asks for it (the wall clock applies no model at all).
void check_link_costs(const machine_options& o, const built_machine& b) {
  const cost_model& m = b.m.model();
  const bool preset = b.preset.has_value();
  if (free_by_accident(o, m)) throw std::invalid_argument(no_link_costs_line(o.machine));
  if (o.free_messages && !detail::network_of(m).ignores_link_costs.empty())
    throw std::invalid_argument("--free-messages: the " + m.network +
                                " network's messages cost its own cycles, whatever the link costs; drop --free-messages");
  if (o.free_messages && !free_messages(m))
    throw std::invalid_argument(std::string("--free-messages asks for free messages, but ") +
                                (preset ? "the preset " + io::printable(o.machine) + " has" : std::string("the options give")) +
                                " link costs: drop --free-messages or the costs");
}

int default_procs(const built_machine& b) {
  if (b.preset && b.preset->procs > 0) return b.preset->procs;
  return b.m.topo().compute_nodes();  // switches hold no PE
}

run_options build_run_options(const machine_options& o, const built_machine& b, int procs) {
  run_options r;
  r.ranks = engine_link_of_this_process();
  if (r.ranks) check_spreadable(o);
  r.workers = checked_workers(o.workers);
  r.pin = parse_pin_policy(o.pin);
  r.sharing = parse_sharing_policy(o.sharing);
  r.clock = parse_clock_mode(o.clock);
  if (r.clock == clock_mode::wall && !o.wall_clock_allowed)
    throw std::invalid_argument("--clock wall: this command's results are virtual times only; measure with "
                                "'weft run' or 'weft coll'");
  // On the wall clock nothing is modelled: a typed cost would be shown in the report's model line
  // and silently not applied. (A preset's own costs are documented as not applied.)
  if (r.clock == clock_mode::wall && o.parsed_by)
    for (const char* flag : {"--alpha", "--tau", "--bandwidth", "--hop-latency", "--o-send", "--o-recv", "--gap", "--poll",
                             "--switching", "--mtu", "--injection", "--ports", "--network", "--flops", "--memory-bandwidth",
                             "--kernel-overhead", "--short-max", "--short-alpha", "--short-tau", "--short-bandwidth",
                             "--eager-max", "--eager-alpha", "--eager-tau", "--eager-bandwidth",
                             "--chain-alpha", "--coll-call", "--coll-recv", "--reduce-tau", "--vcs", "--buffer",
                             "--flit-size", "--packet-flits", "--cycle", "--router-delay", "--link-delay", "--credit-delay",
                             "--wait-for-tail-credit"})
      if (const auto* opt = o.parsed_by->get_option_no_throw(flag); opt && opt->count() > 0)
        throw std::invalid_argument(std::string(flag) + ": --clock wall applies no link or host model (times are measured "
                                    "on this host); drop it, or run on the virtual clock");
  r.stack_bytes = parse_bytes(o.stack_size, "--stack-size");
  if (r.stack_bytes < 16 * 1024 || r.stack_bytes > (64LL << 20))  // checked here too: before any run or output
    throw std::invalid_argument("--stack-size " + o.stack_size + " must be between 16KiB and 64MiB");
  if (o.stacks != "own" && o.stacks != "shared")
    throw std::invalid_argument("--stacks " + o.stacks + ": must be own or shared");
  r.shared_stacks = o.stacks == "shared";
  check_stack_choice(r);  // checked here too: before any run or output
  r.trace = !o.trace_file.empty();
  r.record_calls = !o.comm_log_file.empty();
  r.partition_name = o.partition;
  if (mapping::parse_partition_method(o.partition) == mapping::partition_method::scotch) {
    const topology* topo = &b.m.topo();  // the built machine outlives its runs
    r.partition = [topo](int parts) { return mapping::partition_nodes(*topo, parts, mapping::partition_method::scotch); };
  }
  apply_run_control(o.control, r);
  if (!o.mapping.empty() && o.mapping != "identity") {
    // Without a PE count (callers that do not know it yet), the whole mapping is used.
    r.node_of_rank = presets::mapping_for(b.preset ? &*b.preset : nullptr, o.mapping, procs, b.m.topo().node_count());
  }
  // A preset is the machine it models, no larger: more PEs than its nodes would need wiring the
  // paper does not give (HA-PACS/TCA's PEACH2 links never join two 16-node sub-clusters).
  const int nodes = b.m.topo().compute_nodes();
  if (b.preset && r.node_of_rank.empty() && procs > nodes)
    throw std::invalid_argument("--procs " + std::to_string(procs) + ": preset " + b.preset->name + " models " +
                                std::to_string(nodes) + " nodes (" + b.m.topo().spec() +
                                ") and does not extend to more; run at most " + std::to_string(nodes) +
                                " PEs, or put several PEs on a node with --mapping file:PATH (" + std::to_string(procs) +
                                " node ids, each 0.." + std::to_string(nodes - 1) + ")");
  // machine::run checks PEs, mapping and memory too, but after the command's first output; the
  // callers check memory once they know the traffic (machine::check_run).
  run_options placement_only = r;
  placement_only.max_memory_bytes = 0;  // 0: no memory check
  b.m.check_run(procs, placement_only);
  return r;
}

std::vector<file_request> machine_inputs(const machine_options& o) {
  std::vector<file_request> files;
  auto file_of = [](const std::string& spec) { return spec.rfind("file:", 0) == 0 ? spec.substr(5) : std::string(); };
  for (const auto& spec : split_machines(o.machine)) {
    if (auto f = file_of(spec); !f.empty()) files.emplace_back("-m", f);
    else if (spec.size() > 5 && spec.compare(spec.size() - 5, 5, ".toml") == 0) files.emplace_back("-m", spec);
  }
  if (auto f = file_of(o.mapping); !f.empty()) files.emplace_back("--mapping", f);
  return files;
}

void write_comm_log(const report& r, const machine_options& o) {
  write_file(o.comm_log_file, "--comm-log", "communication log", [&](std::ostream& out) { weft::output::write_call_log(out, r); });
}

namespace {

void print_report(const report& r, const machine_options& o) {
  report shown = r;
  shown.ticks = o.ticks;
  // The 8 busiest links, or with --verbose every used link.
  weft::output::write_text(std::cout, shown, o.verbose ? std::numeric_limits<int>::max() : 8, o.verbose);
}

int say_status(const report& r) {
  if (r.status != run_status::ok) std::cerr << "weft: " << status_line(r) << "\n";
  return r.exit_code();
}

}  // namespace

std::string status_line(const report& r) {
  const std::string status = to_string(r.status);
  std::string problem = r.problems.empty() ? "" : r.problems.front();
  // Said once: the problem may start with the status as words ("network deadlock: ...").
  std::string spoken = status;
  std::replace(spoken.begin(), spoken.end(), '-', ' ');
  for (const auto& prefix : {status + ": ", spoken + ": "})
    if (problem.starts_with(prefix)) problem.erase(0, prefix.size());
  return status + (problem.empty() ? "" : ": " + problem);
}

int emit_report(const report& r, const machine_options& o) {
  print_report(r, o);
  write_file(o.json_file, "--json", "report, JSON", [&](std::ostream& out) { weft::output::write_json(out, r); });
  write_file(o.trace_file, "--trace", "Perfetto/Chrome trace", [&](std::ostream& out) { weft::output::write_trace(out, r); });
  write_comm_log(r, o);
  return say_status(r);
}

int emit_stopped_run(const report& r, const machine_options& o) {
  print_report(r, o);
  write_comm_log(r, o);
  return say_status(r);
}

}  // namespace weft::cli
