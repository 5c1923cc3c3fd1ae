// weft coll --op allreduce [--algorithm A] --sizes 8:1M --procs 2,4,8,16 --machine M1[,M2]
// OSU-style: per machine, PE count and size, each PE's virtual time per call (min/avg/max over
// PEs); with two machines, where the faster one changes (the crossover).
#include <CLI/CLI.hpp>
#include <fmt/format.h>
#include <algorithm>
#include <iostream>
#include <memory>
#include <optional>
#include <nlohmann/json.hpp>

#include "backend_options.hpp"
#include "cli_output.hpp"
#include "weft/run_budget.hpp"
#include "commands.hpp"
#include "contention.hpp"
#include "list_options.hpp"
#include "machine_options.hpp"
#include "run_plan.hpp"
#include "sweep_stop.hpp"
#include "weft/coll/benchmark.hpp"
#include "weft/detail/network_registry.hpp"
#include "weft/presets/preset.hpp"
#include "weft/output/csv.hpp"

namespace weft::cli {

namespace {

/// --contention: a row's run beside the same on the contention-free network.
struct contention_cells {
  coll::latency ideal;               ///< the latency without contention
  vtime makespan, ideal_makespan;    ///< the run's makespan with and without
  vtime pe_wait, ideal_pe_wait;      ///< the PEs' waits, summed
  vtime link_wait, ideal_link_wait;  ///< the links' queueing, summed
};

struct row {
  std::string machine, algorithm;
  int procs = 0;
  std::int64_t bytes = 0;
  coll::latency t;
  std::optional<contention_cells> contention = {};
};

std::string us(vtime t) { return fmt::format("{:.3f}", t.micros()); }

std::string table_header() {
  return fmt::format("# {:>10} {:>20} {:>12} {:>12} {:>12}\n", "bytes", "algorithm", "min(us)", "avg(us)", "max(us)");
}

std::string table_header(bool contention) {
  if (!contention) return table_header();
  // The average on the contention-free reference network, whichever the registry names.
  return fmt::format("# {:>10} {:>20} {:>12} {:>12} {:>12} {:>16} {:>16}\n", "bytes", "algorithm", "min(us)", "avg(us)",
                     "max(us)", "uncontended(us)", "contention(us)");
}

std::string table_line(const row& r) {
  if (r.contention)
    return fmt::format("  {:>10} {:>20} {:>12} {:>12} {:>12} {:>16} {:>16}\n", r.bytes, r.algorithm, us(r.t.min),
                       us(r.t.avg), us(r.t.max), us(r.contention->ideal.avg), us(r.t.avg - r.contention->ideal.avg));
  return fmt::format("  {:>10} {:>20} {:>12} {:>12} {:>12}\n", r.bytes, r.algorithm, us(r.t.min), us(r.t.avg), us(r.t.max));
}

vtime total_pe_wait(const report& r) {
  vtime sum{};
  for (const auto& p : r.pes) sum += p.wait;
  return sum;
}

vtime total_link_wait(const report& r) {
  vtime sum{};
  for (const auto& l : r.links) sum += l.wait_total;
  return sum;
}

nlohmann::json contention_json(const contention_cells& c, const coll::latency& t) {
  const auto triple = [](vtime with, vtime without) {
    return nlohmann::json{{"with", with.ps}, {"without", without.ps}, {"difference", (with - without).ps}};
  };
  return {{"avg_ps", triple(t.avg, c.ideal.avg)},
          {"makespan", triple(c.makespan, c.ideal_makespan)},
          {"pe_wait", triple(c.pe_wait, c.ideal_pe_wait)},
          {"link_wait", triple(c.link_wait, c.ideal_link_wait)}};
}

void print_crossovers(const std::vector<row>& rows, const std::vector<std::string>& machines,
                      const std::vector<int>& procs, const std::vector<std::int64_t>& sizes) {
  if (machines.size() != 2) return;
  std::cout << "\n# crossover (" << machines[0] << " vs " << machines[1] << ", by average latency)\n";
  for (int p : procs) {
    std::string winner, text;
    for (auto s : sizes) {
      const row *a = nullptr, *b = nullptr;
      for (const auto& r : rows)
        if (r.procs == p && r.bytes == s) (r.machine == machines[0] ? a : b) = &r;
      if (!a || !b) continue;
      std::string now = a->t.avg <= b->t.avg ? machines[0] : machines[1];
      if (winner.empty()) text = now + " faster from " + format_bytes(s);
      else if (now != winner) text += ", " + now + " faster from " + format_bytes(s);
      winner = now;
    }
    std::cout << fmt::format("{:>5} PEs: {}\n", p, text);
  }
}

/// The sweep's --json (an object: its status and the rows it finished, docs/report.md) and --csv
/// (the rows, then a "# stopped ..." line if it stopped): each written whole.
void write_outputs(const std::vector<row>& rows, const std::string& op, const std::string& json_file,
                   const std::string& csv_file, const sweep_stop& stop = {}) {
  write_file(json_file, "--json", "collective latencies, JSON", [&](std::ostream& out) {
    nlohmann::json all = nlohmann::json::array();
    for (const auto& r : rows) {
      all.push_back({{"machine", r.machine}, {"op", op}, {"algorithm", r.algorithm}, {"procs", r.procs},
                     {"bytes", r.bytes}, {"min_ps", r.t.min.ps}, {"avg_ps", r.t.avg.ps}, {"max_ps", r.t.max.ps}});
      if (r.contention) all.back()["contention"] = contention_json(*r.contention, r.t);
    }
    nlohmann::json doc{{"op", op}, {"status", stop.status}, {"rows", all}};
    if (stop.stopped()) doc["stopped_at"] = stop.to_json();
    out << doc.dump(1) << "\n";
  });
  write_file(csv_file, "--csv", "collective latencies, CSV", [&](std::ostream& out) {
    output::write_csv_line(out, {"machine", "op", "algorithm", "procs", "bytes", "min_us", "avg_us", "max_us"});
    for (const auto& r : rows)
      output::write_csv_line(out, {r.machine, op, r.algorithm, r.procs, r.bytes, us(r.t.min), us(r.t.avg), us(r.t.max)});
    if (stop.stopped()) out << stop.csv_line();
  });
}

/// What one size keeps in flight, for the memory estimate, whose refusal names coll's own options.
traffic_hint sized_traffic(const coll::benchmark_case& c, int procs) {
  auto hint = coll::traffic(c, procs);
  hint.advice = "lower --sizes/--procs or raise --max-memory";
  return hint;
}

/// The rows of `weft coll --backend mpi`: each size measured on the job's ranks, every rank's
/// wall-clock time per call gathered at rank 0, which prints them as it goes.
std::vector<row> measure_on_mpi(const mpi::environment& env, coll::benchmark_case c, const std::vector<std::int64_t>& sizes,
                                const mpi::options& opt, const std::string& op) {
  const int p = env.size();
  std::vector<row> rows;
  for (auto bytes : sizes) {
    c.bytes = bytes;
    std::vector<vtime> per_pe(static_cast<std::size_t>(p));
    auto r = mpi::run(env, coll::benchmark_program(c, per_pe), opt);
    const auto seconds = env.gather(per_pe[static_cast<std::size_t>(env.rank())].seconds());
    if (env.rank() != 0) continue;
    if (rows.empty())
      std::cout << fmt::format("# weft coll {}, backend mpi, {} ranks on {}\n# wall-clock time per call (MPI_Wtime), "
                               "{} iterations after {} warm-up; min/avg/max over ranks\n",
                               op, p, r.host.host_topology, c.iterations, c.warmup)
                << table_header();
    std::vector<vtime> times;
    for (double t : seconds) times.push_back(vtime{static_cast<std::int64_t>(t * 1e12)});
    row rw{"mpi", coll::algorithm_for(c, p), p, bytes, coll::summarize(times)};
    std::cout << table_line(rw) << std::flush;
    rows.push_back(rw);
  }
  return rows;
}

struct coll_state {
  std::string op = "allreduce", algorithm, sizes = "8B:1MiB", procs, csv_file;
  int iterations = 1, warmup = 0, root = 0;
  bool no_check = false, contention = false;
  machine_options machine;
  backend_options backend;
};

CLI::App* add_coll_options(CLI::App& app, coll_state& s) {
  std::string ops, algos;
  for (const auto& o : coll::operations()) {
    ops += (ops.empty() ? "" : ", ") + std::string(o.name);
    algos += "\n  " + std::string(o.name) + ":";
    for (const auto& a : coll::algorithms(o.op)) algos += " " + std::string(a.name);
  }
  auto* sub = app.add_subcommand("coll", "OSU-style latency of a collective on one or two machines");
  sub->footer("Algorithms (default by size and PE count, docs/collectives.md):" + algos +
              "\n  every operation also has native: the MPI library's own collective (--backend mpi only)");
  sub->add_option("--op", s.op, "collective: " + ops)->capture_default_str();
  sub->add_option("--algorithm,-a", s.algorithm, "algorithm (default: chosen by size and PE count)");
  sub->add_option("--sizes", s.sizes, "bytes per PE: LO:HI (powers of two) or a list 8B,4KiB,1MiB")->capture_default_str();
  sub->add_option("--procs,-p", s.procs, "PE counts, e.g. 2,4,8,16 (default: the machine's)");
  sub->add_option("--iterations,-i", s.iterations, "calls per measurement (time per call is reported; --backend mpi or --clock wall: 100 unless given)")->capture_default_str();
  sub->add_option("--warmup", s.warmup, "untimed calls before the timed ones (--backend mpi or --clock wall: 10 unless given)")
      ->capture_default_str();
  sub->add_option("--root", s.root, "root of broadcast, scatter, gather, reduce")->capture_default_str();
  sub->add_option("--csv", s.csv_file, "write the table as CSV");
  sub->add_flag("--no-check", s.no_check,
                "skip verifying results (by default every call runs on distinct per-rank data and is checked, "
                "rooted operations once more at a non-zero root)");
  sub->add_flag("--contention", s.contention,
                "run each size again with links that never queue (network ideal): adds the latency without "
                "contention and the difference; the JSON also the makespan, PE wait and link queueing");
  add_machine_options(*sub, s.machine);
  add_backend_options(*sub, s.backend);
  s.machine.wall_clock_allowed = true;
  // A table of many runs: no single run to trace, and it is printed in microseconds. Hidden
  // from --help, refused with a reason when typed.
  sub->get_option("--trace")->group("");
  sub->get_option("--ticks")->group("");
  sub->get_option("--comm-log")->description(
      "write the communication calls of the last run (the last machine, PE count and size; a failing run's if "
      "one fails) as JSON Lines (docs/report.md)");
  return sub;
}

/// The benchmark as typed, every option checked (the backend's too); on MPI or the wall clock,
/// OSU's counts of calls unless given.
coll::benchmark_case read_case(const CLI::App& sub, const coll_state& s, bool on_ranks) {
  coll::benchmark_case c;
  c.op = coll::parse_operation(s.op);
  c.algorithm = s.algorithm;
  c.iterations = s.iterations;
  c.warmup = s.warmup;
  c.root = s.root;
  c.check = !s.no_check;
  // On the emulator the call at another root runs on its own (run_coll_sweep), so checking changes
  // no time; the ranks of --backend mpi keep it in their run.
  c.check_other_root = on_ranks;
  check_backend_options(sub, s.backend,
                        {"--op", "--algorithm", "--sizes", "--procs", "--iterations", "--warmup", "--root", "--csv",
                         "--no-check", "--json"});
  // OSU's habit for anything measured: many timed calls after a warm-up, unless told otherwise.
  // A virtual clock gives the same time on every call, so one call is the answer there.
  if (on_ranks || s.machine.clock == "wall") {
    if (!sub.count("--iterations")) c.iterations = 100;
    if (!sub.count("--warmup")) c.warmup = 10;
  }
  if (sub.count("--trace"))
    throw std::invalid_argument("--trace: coll runs many measurements and writes no trace; trace one with 'weft run'");
  if (sub.count("--ticks")) throw std::invalid_argument("--ticks: coll reports microseconds; drop --ticks");
  if (!c.algorithm.empty()) coll::find_algorithm(c.op, c.algorithm);
  if (!on_ranks && c.algorithm == coll::native_algorithm)
    throw std::invalid_argument("--algorithm native calls the MPI library's own " + s.op +
                                ": it runs with --backend mpi only (the emulator models weft's algorithms)");
  if (c.iterations < 1) throw std::invalid_argument("--iterations " + std::to_string(c.iterations) + " must be at least 1");
  if (c.warmup < 0) throw std::invalid_argument("--warmup " + std::to_string(c.warmup) + " must be at least 0");
  if (sub.count("--root") && !coll::has_root(c.op))
    throw std::invalid_argument("--root: " + s.op + " has no root (broadcast, scatter, gather and reduce have)");
  if (c.root < 0) throw std::invalid_argument("--root " + std::to_string(c.root) + " is negative (PEs are 0 .. P-1)");
  if (sub.count("--sizes") && c.op == coll::operation::barrier)
    throw std::invalid_argument("--sizes: barrier moves no data; drop --sizes");
  return c;
}

/// --backend mpi: the sizes measured on the job's ranks, the outputs written by rank 0.
int run_coll_on_mpi(const coll_state& s, const coll::benchmark_case& c, const std::vector<std::int64_t>& sizes,
                    const std::vector<int>& typed_procs) {
  return run_on_mpi([&](const mpi::environment& env) {
    if (typed_procs.size() > 1)
      throw std::invalid_argument("--procs " + s.procs + ": an MPI job has one rank count (" +
                                  std::to_string(env.size()) + "); give that or drop --procs");
    check_rank_count(env, typed_procs.empty() ? 0 : typed_procs.front(), 1, "coll");
    if (c.root >= env.size())
      throw std::invalid_argument("--root " + std::to_string(c.root) + " is outside " + std::to_string(env.size()) +
                                  " PEs (allowed 0.." + std::to_string(env.size() - 1) + ")");
    auto rows = measure_on_mpi(env, c, sizes, mpi_options(s.backend, "coll " + s.op), s.op);
    if (env.rank() == 0) write_outputs(rows, s.op, s.machine.json_file, s.csv_file);
    return 0;
  });
}

/// Every machine, PE count and mapping, checked before the first run prints anything: the root,
/// the number of messages and the memory each size needs.
std::vector<planned_run> plan_coll_runs(const coll_state& s, coll::benchmark_case c, const std::vector<std::int64_t>& sizes,
                                        const std::vector<std::string>& machines, const std::vector<int>& typed_procs) {
  return plan_runs(s.machine, machines, typed_procs, [&](planned_run& run) {
    const int p = run.procs;
    if (c.root >= p)
      throw std::invalid_argument("--root " + std::to_string(c.root) + " is outside " + std::to_string(p) + " PEs (allowed 0.." +
                                  std::to_string(p - 1) + ")");
    run.opt.program_name = "coll " + s.op;
    // Warm-up calls send as many messages as timed ones (coll::traffic counts the timed ones).
    const double calls = static_cast<double>(c.iterations) + static_cast<double>(c.warmup);
    check_message_count(static_cast<double>(p) * p * calls,
                        "--iterations " + std::to_string(c.iterations) + " + --warmup " + std::to_string(c.warmup) +
                            " calls of " + s.op + " on " + std::to_string(p) + " PEs",
                        "lower --iterations, --warmup or --procs");
    for (auto bytes : sizes) {  // the memory each size needs, before anything is printed
      c.bytes = bytes;
      auto sized_opt = run.opt;
      sized_opt.traffic = sized_traffic(c, p);
      run.built->m.check_run(p, sized_opt);
    }
  });
}

/// The PE counts of the plan, each once, in the order they first run: the crossover's lines.
std::vector<int> distinct_procs(const std::vector<planned_run>& plan) {
  std::vector<int> all_procs;
  for (const auto& run : plan)
    if (std::find(all_procs.begin(), all_procs.end(), run.procs) == all_procs.end()) all_procs.push_back(run.procs);
  return all_procs;
}

/// --contention: the size run again on `reference`, whose links never queue, beside run `r`.
contention_cells run_without_contention(const machine& reference, const coll::benchmark_case& c, int p,
                                        run_options opt, const report& r) {
  std::vector<vtime> ideal_per_pe(static_cast<std::size_t>(p));
  opt.record_calls = false;
  opt.results = share_per_pe(ideal_per_pe);
  const auto ideal = reference.run(p, coll::benchmark_program(c, ideal_per_pe), opt);
  return contention_cells{coll::summarize(ideal_per_pe), r.makespan, ideal.makespan, total_pe_wait(r),
                          total_pe_wait(ideal), total_link_wait(r), total_link_wait(ideal)};
}

/// The sweep on the emulator: per machine and PE count a table of sizes, then the crossovers.
int run_coll_sweep(const coll_state& s, coll::benchmark_case c, const std::vector<std::int64_t>& sizes,
                   const std::vector<int>& typed_procs) {
  const auto machines = split_machines(s.machine.machine);
  const auto plan = plan_coll_runs(s, c, sizes, machines, typed_procs);
  const machine* shown = nullptr;
  std::vector<row> rows;
  report last;  // only its communication log, for --comm-log
  for (const auto& [name, o, built, p, opt] : plan) {
    const auto& m = built->m;
    const bool wall = opt.clock == clock_mode::wall;
    const auto reference = s.contention ? std::optional(contention_free_machine(m, opt)) : std::nullopt;
    const bool new_machine = shown != &m;
    shown = &m;
    // The model line is long and the same for every PE count of a machine: once per machine.
    std::cout << fmt::format("# weft coll {}, machine {}, {} PEs{}\n", s.op, name, p,
                             o.mapping.empty() ? "" : ", mapping " + o.mapping);
    if (new_machine)
      std::cout << "# "
                << (wall ? "clock: wall (measured on this host, no link model applied)"
                         : "link model: " + detail::describe_model(m.model()))
                << "\n";
    std::cout << table_header(s.contention);
    for (auto bytes : sizes) {
      c.bytes = bytes;
      auto sized_opt = opt;
      sized_opt.traffic = sized_traffic(c, p);
      std::vector<vtime> per_pe(static_cast<std::size_t>(p));
      sized_opt.results = share_per_pe(per_pe);
      auto r = m.run(p, coll::benchmark_program(c, per_pe), sized_opt);
      if (r.status == run_status::ok && coll::needs_root_check(c, p)) {  // in a run of its own: no time changes
        auto check_opt = sized_opt;
        check_opt.results = {};
        check_opt.record_calls = false;
        check_opt.trace = false;
        if (auto checked = m.run(p, coll::root_check_program(c), check_opt); checked.status != run_status::ok)
          r = std::move(checked);
      }
      if (r.status != run_status::ok) {  // the sweep keeps the rows it finished
        write_outputs(rows, s.op, s.machine.json_file, s.csv_file,
                      {to_string(r.status), r.problems.empty() ? "" : r.problems.front(), name, p, bytes});
        return emit_stopped_run(r, o);
      }
      last.calls = std::move(r.calls);
      row rw{name, coll::algorithm_for(c, p), p, bytes, coll::summarize(per_pe)};
      if (reference) rw.contention = run_without_contention(*reference, c, p, sized_opt, r);
      std::cout << table_line(rw);
      rows.push_back(rw);
    }
  }
  print_crossovers(rows, machines, distinct_procs(plan), sizes);
  write_outputs(rows, s.op, s.machine.json_file, s.csv_file);
  write_comm_log(last, s.machine);
  return 0;
}

}  // namespace

command_runner add_coll_command(CLI::App& app) {
  auto s = std::make_shared<coll_state>();
  auto* sub = add_coll_options(app, *s);
  return [sub, s]() -> int {
    if (!sub->parsed()) return -1;
    const bool on_ranks = on_mpi(s->backend);
    const auto c = read_case(*sub, *s, on_ranks);
    const auto sizes = c.op == coll::operation::barrier ? std::vector<std::int64_t>{0} : parse_sizes(s->sizes);
    const std::vector<int> typed_procs = s->procs.empty() ? std::vector<int>{} : parse_procs(s->procs);
    check_outputs({{"--json", s->machine.json_file}, {"--csv", s->csv_file}, {"--comm-log", s->machine.comm_log_file}},
                  machine_inputs(s->machine));
    return on_ranks ? run_coll_on_mpi(*s, c, sizes, typed_procs) : run_coll_sweep(*s, c, sizes, typed_procs);
  };
}

}  // namespace weft::cli
