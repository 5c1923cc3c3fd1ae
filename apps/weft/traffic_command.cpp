// weft traffic --machine srt1d:8,5 --routing srt-dlf,srt-adp --pattern uniform --load 0.01:0.15:0.01
//              --cycles 10000 [--warmup 1000] [--seed 1] [--packet-flits 16] [--flit-size 16B] [--cycle 1ns]
//              [network options] [--latency-threshold 500] [--json F] [--csv F] [--plot F.svg]
// Latency–load curves of synthetic traffic (seed 002), one block per routing; the model is in
// algorithms/traffic, docs/traffic.md.
#include <CLI/CLI.hpp>
#include <fmt/format.h>

#include <algorithm>
#include <iostream>
#include <memory>
#include <optional>
#include <sstream>

#include "cli_output.hpp"
#include "sweep_stop.hpp"
#include "commands.hpp"
#include "seed_option.hpp"
#include "machine_options.hpp"
#include "weft/detail/network_registry.hpp"
#include "weft/io/input_file.hpp"
#include "weft/traffic/output.hpp"

namespace weft::cli {

namespace {

struct traffic_options {
  std::string pattern = "uniform", load = "0.01:0.15:0.01", csv, plot;
  std::int64_t cycles = 10000, warmup = 1000;
  std::string seed = "1";  ///< parse_seed: 0..2^64-1
  std::string latency_threshold = "500";  ///< parse_latency_threshold: cycles, above 0
  machine_options machine;
};

std::vector<std::string> split_routings(const std::string& text) {
  std::vector<std::string> out;
  for (std::size_t at = 0;;) {
    auto comma = text.find(',', at);
    out.push_back(text.substr(at, comma - at));
    if (comma == std::string::npos) break;
    at = comma + 1;
  }
  for (const auto& r : out)
    if (r.empty() && out.size() > 1) throw std::invalid_argument("--routing '" + text + "' has an empty name in its list");
  return out;
}

/// What a replay runs: the trace's window unless --cycles is given (its load is the one it
/// offers), every refusal naming the trace's line rather than an option the user did not type.
struct replay_plan {
  double load = 0;
  std::int64_t packets = 0;
  std::string largest;  ///< "FILE:LINE (B, P packets)" of its largest message, for a refusal
};

replay_plan plan_replay(const CLI::App& sub, const traffic::message_trace& trace, traffic::params& run, node_id nodes) {
  if (!sub.count("--cycles")) run.cycles = traffic::replay_cycles(trace, run.shape);
  if (!sub.count("--warmup")) run.warmup = 0;
  if (!sub.count("--cycles") && run.warmup >= run.cycles)
    throw std::invalid_argument("--warmup " + std::to_string(run.warmup) + " must be below the trace's " +
                                std::to_string(run.cycles) + " cycles (its last message is sent in cycle " +
                                std::to_string(run.cycles - 1) + ", " + trace.path + ")");
  run.validate();
  const auto e = traffic::measure_replay(trace, run.shape, run.cycles);
  replay_plan out;
  out.load = static_cast<double>(e.flits) / static_cast<double>(nodes) / static_cast<double>(run.cycles);
  out.packets = e.packets;
  if (e.packets > 0)
    out.largest = trace.where(e.largest) + " (" + std::to_string(trace.messages[e.largest].bytes) + " B, " +
                  std::to_string(e.largest_packets) + " packets)";
  return out;
}

/// machine::check_run, its refusal advising traffic's own options rather than run's --bytes/--procs.
void check_memory(const machine& m, node_id nodes, run_options options, const replay_plan* replay) {
  options.traffic.advice = !replay ? "lower --load or --cycles, or raise --max-memory"
                                   : "the trace's " + std::to_string(replay->packets) +
                                         " packets include its largest message, " + replay->largest +
                                         ": give --cycles to replay only the start, or raise --max-memory";
  m.check_run(nodes, options);
}

struct planned {
  std::string routing;
  std::shared_ptr<const built_machine> built;
  run_options options;
};

/// --json (the sweep's status, and where it stopped if it did) and --csv (then a "# stopped"
/// line), each written whole.
void write_sweep(const traffic_options& o, const traffic::run_description& what, const std::vector<traffic::sweep>& sweeps,
                 const sweep_stop& stop) {
  write_file(o.machine.json_file, "--json", "traffic sweep, JSON", [&](std::ostream& out) {
    std::ostringstream text;
    traffic::write_json(text, what, sweeps);
    auto j = nlohmann::ordered_json::parse(text.str());
    j["status"] = stop.status;
    if (stop.stopped()) j["stopped_at"] = nlohmann::ordered_json::parse(stop.to_json().dump());
    out << j.dump(1) << "\n";
  });
  write_file(o.csv, "--csv", "traffic sweep, CSV", [&](std::ostream& out) {
    traffic::write_csv(out, sweeps);
    if (stop.stopped()) out << stop.csv_line();
  });
}

// Options of weft's other commands that change nothing here: refused, not ignored.
void refuse_unused_options(const CLI::App& sub, const traffic_options& o) {
  if (sub.count("--trace")) throw std::invalid_argument("--trace: traffic runs many load points and writes no trace; trace one with 'weft run'");
  if (sub.count("--ticks")) throw std::invalid_argument("--ticks: traffic reports cycles; drop --ticks");
  if (sub.count("--comm-log"))
    throw std::invalid_argument("--comm-log: traffic injects synthetic packets and has no program to log; log one with 'weft run'");
  if (!o.machine.mapping.empty() && o.machine.mapping != "identity")
    throw std::invalid_argument("--mapping: traffic puts one PE on every compute node; drop --mapping");
  if (sub.count("--mtu"))
    throw std::invalid_argument("--mtu: traffic injects packets of --packet-flits x --flit-size, never split; drop --mtu");
  for (const char* compute : {"--flops", "--memory-bandwidth", "--kernel-overhead"})
    if (sub.count(compute))
      throw std::invalid_argument(std::string(compute) + ": traffic's PEs only inject packets and never compute; drop " +
                                  compute);
  if (sub.count("--stack-size"))  // (--stacks is taken: a machine of 10^5 routers has 10^5 injectors)
    throw std::invalid_argument("--stack-size: traffic's PEs run weft's own packet injector, not a program of yours, "
                                "and its stack is always enough; drop --stack-size");
}

// The cycles, the warm-up and the seed, checked; the packet's shape comes with the machine.
// `cycles_known`: false for a replay without --cycles, whose cycles its trace gives
// (plan_replay checks --warmup against those, not against the default --cycles).
traffic::params read_run_params(const CLI::App& sub, const traffic_options& o, bool cycles_known) {
  traffic::params run;
  run.cycles = o.cycles;
  // Without --warmup, a short run warms up for a tenth of its cycles rather than refusing.
  run.warmup = sub.count("--warmup") || o.cycles > 10 * o.warmup ? o.warmup : o.cycles / 10;
  run.seed = parse_seed(o.seed, "--seed " + o.seed);
  run.latency_threshold = traffic::parse_latency_threshold(o.latency_threshold);
  if (cycles_known) run.validate();
  return run;
}

// One machine per routing named, each built with that routing.
std::vector<planned> build_routings(const traffic_options& o) {
  std::vector<planned> plan;
  for (const auto& routing : split_routings(o.machine.routing)) {
    auto mo = o.machine;
    mo.routing = routing;
    auto built = std::make_shared<const built_machine>(build_machine(mo));
    plan.push_back({built->m.route().name(), built, {}});
  }
  return plan;
}

// Each routing's run options, the memory of its heaviest load (or of the replay) checked.
void plan_memory(std::vector<planned>& plan, const traffic_options& o, node_id nodes, const std::vector<double>& loads,
                 const traffic::params& run, const replay_plan* replayed) {
  const double max_load = std::min(1.0, *std::max_element(loads.begin(), loads.end()));
  for (auto& p : plan) {
    p.options = build_run_options(o.machine, *p.built, nodes);
    p.options.program_name = "traffic " + o.pattern;
    // A replay's packets are known exactly: a 1 TiB message is 2^32 of them, refused here.
    p.options.traffic = replayed ? traffic::memory_hint_for_packets(nodes, replayed->packets, run)
                                 : traffic::memory_hint(nodes, max_load, run);
    check_memory(p.built->m, nodes, p.options, replayed);
  }
}

void print_header(const traffic::run_description& what, const cost_model& model) {
  const auto& run = what.run;
  std::cout << fmt::format("weft traffic: {} on {} ({} nodes), {} network, {}-flit packets of {} ({} B), cycle {}\n"
                           "cycles {} (measured from {}), seed {}; loads in flits/node/cycle, latencies in cycles\n"
                           "link model: {}\n",
                           what.pattern, what.machine, what.nodes, what.network, run.shape.packet_flits,
                           format_bytes(run.shape.flit_bytes), run.shape.packet_bytes(), format_time(run.shape.cycle),
                           run.cycles, run.warmup, run.seed, detail::describe_model(model));
}

/// --verbose: what the point cost on this host (and, spread over ranks, each rank's windows and
/// wait at their ends), under its row.
void print_point_host(const traffic::point_run& point) {
  const host_report& h = point.rep.host;
  std::cout << fmt::format("          host: wall {:.3f} s ({:.3g} router-cycles/s), the run {:.3f} s, {} engine events ({:.3g}/s)",
                           point.host.wall_seconds, point.host.router_cycles_per_second, h.wall_seconds, h.engine_events,
                           h.events_per_second);
  if (!h.ranks.empty()) {
    std::cout << fmt::format(", {} windows, wait at their ends (s):", h.ranks.front().windows);
    for (const auto& share : h.ranks) std::cout << fmt::format(" {:.3f}", share.wait_seconds);
  }
  std::cout << "\n";
}

// One table per routing, printed as its points are measured; a point that does not end ok
// stops the sweep, which keeps the points it finished.
int run_sweeps(const traffic_options& o, const traffic::run_description& what, const std::vector<planned>& plan,
               const traffic::pattern& pattern, const std::vector<double>& loads, bool replay) {
  std::vector<traffic::sweep> sweeps;
  for (const auto& p : plan) {
    std::cout << "\n";
    bool header = false;
    auto s = traffic::run_sweep(p.built->m, pattern, loads, what.run, p.options, [&](const traffic::point_run& point) {
      const traffic::point& pt = point.measured;
      const bool split = pt.queueing.has_value();
      if (!header) traffic::print_table_header(std::cout, p.routing, split);
      header = true;
      traffic::print_table_row(std::cout, pt, split);
      if (o.machine.verbose) print_point_host(point);
      std::cout.flush();
    });
    if (s.stopped) {  // the sweep keeps the points it finished, in its own schema
      auto shown = o.machine;
      shown.json_file.clear();  // --json is the sweep's, not one run's report
      const double load = loads[s.points.size()];
      std::cout << "load point " << load << " did not end ok; its report:\n";
      const auto& r = *s.stopped;
      sweep_stop stop{to_string(r.status), fmt::format("{} at load {}: {}", p.routing, load, r.problems.empty() ? "" : r.problems.front()),
                      what.machine, what.nodes};
      sweeps.push_back(std::move(s));
      write_sweep(o, what, sweeps, stop);
      return emit_stopped_run(*sweeps.back().stopped, shown);
    }
    if (!replay) traffic::print_saturation(std::cout, s);  // a replay is one point: no curve to saturate
    sweeps.push_back(std::move(s));
  }
  write_sweep(o, what, sweeps, {});
  write_file(o.plot, "--plot", "latency against load", [&](std::ostream& out) { traffic::write_svg(out, what, sweeps); });
  return 0;
}

int run(const CLI::App& sub, traffic_options& o) {
  refuse_unused_options(sub, o);
  const bool replay = o.pattern.starts_with("trace:");
  const bool cycles_known = !replay || sub.count("--cycles") > 0;
  traffic::params run = read_run_params(sub, o, cycles_known);
  if (replay && sub.count("--load")) throw std::invalid_argument("--load: a trace is replayed at the times it was sent; drop --load");
  if (replay && sub.count("--seed"))
    throw std::invalid_argument("--seed: a trace is replayed as recorded, with nothing drawn at random; drop --seed");
  auto loads = replay ? std::vector<double>{1.0} : traffic::parse_loads(o.load);

  auto plan = build_routings(o);
  const auto& first = plan.front().built->m;
  // The packet: the machine's flit shape (options, a preset, or the defaults), on any network.
  run.shape = {first.model().flit.packet_flits, first.model().flit.flit_bytes, first.model().flit.cycle};
  // Again, with the shape: cycles x cycle must fit the virtual clock (a replay's own cycles are
  // checked once its trace gave them; its shape now, before the trace is read by it).
  if (cycles_known)
    run.validate();
  else
    run.shape.validate();
  const node_id nodes = first.topo().compute_nodes();
  const auto pattern = traffic::pattern::parse(o.pattern, traffic::node_grid::of(first.topo()), first.topo().spec());
  std::optional<replay_plan> replayed;
  if (replay) {
    // Only the header line: nothing to replay (raising --cycles would not help, --load is refused).
    if (pattern.trace()->messages.empty())
      throw std::invalid_argument("--pattern " + io::printable(o.pattern) +
                                  ": the trace has no messages (only its header line); nothing to replay");
    replayed = plan_replay(sub, *pattern.trace(), run, nodes);
    loads = {replayed->load};
  }
  plan_memory(plan, o, nodes, loads, run, replayed ? &*replayed : nullptr);
  auto inputs = machine_inputs(o.machine);
  if (replay) inputs.emplace_back("--pattern", o.pattern.substr(6));
  check_outputs({{"--json", o.machine.json_file}, {"--csv", o.csv}, {"--plot", o.plot}}, inputs);
  for (const auto& p : plan) check_link_costs(o.machine, *p.built);

  const traffic::run_description what{o.pattern, first.topo().spec(), first.model().network, nodes, run};
  print_header(what, first.model());
  return run_sweeps(o, what, plan, pattern, loads, replay);
}

}  // namespace

command_runner add_traffic_command(CLI::App& app) {
  auto o = std::make_shared<traffic_options>();
  auto* sub = app.add_subcommand("traffic", "latency-load curves of synthetic traffic (as Kawai, Inoguchi & Horiguchi and BookSim), one per routing");
  sub->add_option("--pattern", o->pattern, "destinations: " + traffic::known_patterns())->capture_default_str();
  sub->add_option("--load", o->load, "offered load in flits/node/cycle: LO:HI:STEP, one value or a list a,b,c")
      ->capture_default_str();
  sub->add_option("--cycles", o->cycles, "packets are created in cycles [0, N), then the network drains")
      ->capture_default_str();
  sub->add_option("--warmup", o->warmup, "packets created from this cycle on are measured")->capture_default_str();
  sub->add_option("--seed", o->seed, "seed of the injection schedule (the same for every routing)")->capture_default_str();
  sub->add_option("--csv", o->csv, "write the points as CSV, then each routing's saturation as '#' lines")->group("Output");
  sub->add_option("--latency-threshold", o->latency_threshold,
                  "saturation by latency: the highest offered load averaging at most this many cycles (BookSim's "
                  "latency_thres)")
      ->type_name("CYCLES")
      ->capture_default_str()
      ->group("Output");
  sub->add_option("--plot", o->plot, "draw latency against offered load, every routing, into FILE.svg")->group("Output");
  add_machine_options(*sub, o->machine);
  o->machine.packet_shape_on_any_network = true;  // --packet-flits, --flit-size, --cycle shape its packets
  sub->get_option("--routing")->description("routing, or several separated by commas (each runs in turn)");
  sub->get_option("--json")->description("write the points and saturation as JSON (docs/traffic.md)");
  // Many runs, reported in cycles: no single run to trace. Hidden, refused with a reason when typed.
  sub->get_option("--trace")->group("");
  sub->get_option("--ticks")->group("");
  sub->get_option("--comm-log")->group("");  // its PEs replay a schedule: no program to log
  sub->footer("Docs: docs/traffic.md");
  return [sub, o] { return sub->parsed() ? run_interruptible([&] { return run(*sub, *o); }) : -1; };
}

}  // namespace weft::cli
