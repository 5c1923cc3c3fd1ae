// weft map --machine SPEC --program NAME --procs P [--bytes B] [--comm-log F]
//          --objective default,no-ring,tahb,rmatt-o2f,tac3,scotch --runs N --seed S [--search tac3-only]
//          [--out mapping.txt] [--json F] [--csv F]
// Seed 004's Table 1 for one configuration: per objective, a placement (a baseline, or the best
// of N annealing runs, or Scotch's), its objectives and the measured makespan of the program run
// with it.
//
//   program ──run once, record_calls──> log ──Fig. 2──> CCS ──anneal per objective──> placements
//   placements ──run the program with node_of_rank = placement──> makespans (mean, best)
//
// The work lives in algorithms/mapping/; this file plans, runs and prints. docs/mapping.md.
#include <CLI/CLI.hpp>
#include <fmt/format.h>

#include <algorithm>
#include <iostream>
#include <memory>
#include <nlohmann/json.hpp>
#include <optional>
#include <sstream>
#include <stdexcept>
#include <string>
#include <vector>

#include "cli_output.hpp"
#include "sweep_stop.hpp"
#include "weft/run_budget.hpp"
#include "commands.hpp"
#include "seed_option.hpp"
#include "link_model_warning.hpp"
#include "map_cg_workload.hpp"
#include "run_control.hpp"
#include "machine_options.hpp"
#include "weft/mapping/anneal.hpp"
#include "weft/mapping/baselines.hpp"
#include "weft/mapping/ccs.hpp"
#include "weft/mapping/comm_log.hpp"
#include "weft/mapping/objectives.hpp"
#include "weft/mapping/placement_drawing.hpp"
#include "weft/mapping/scotch_mapping.hpp"
#include "weft/programs/builtin.hpp"
#include "weft/memory_budget.hpp"
#include "weft/output/report_writers.hpp"
#include "weft/output/csv.hpp"

namespace weft::cli {

namespace {

constexpr const char* known_objectives = "default, no-ring, tahb, hop-bytes, rmatt, rmatt-o2f, tac3, scotch";

struct map_options {
  std::string svg;
  std::string program = "nas-cg", bytes = "1MiB", objectives = "default,no-ring,tahb,rmatt-o2f,tac3", out, csv;
  int procs = 0, runs = 10, iterations = 1;
  bool barrier_per_ccs = false, rendezvous = false;
  std::string seed = "1";  ///< parse_seed: 0..2^64-1
  std::string search = "default";  ///< parse_search
  machine_options machine;
  programs::registry registry;
};

bool is_baseline(const std::string& name) { return name == "default" || name == "no-ring"; }
// Placements that only a tofu machine has: the FX10's baselines and RMATT's logical 3D torus.
bool is_tofu_only(const std::string& name) { return is_baseline(name) || name == "rmatt"; }
// One placement, not searched by weft: the Tofu baselines and Scotch (seeded, deterministic).
bool is_single(const std::string& name) { return is_baseline(name) || name == "scotch"; }

// What a row's `cost` is: the objective's own value; a Tofu baseline's TAC3 x B; Scotch's
// hop-bytes, the measure Scotch itself minimises (docs/mapping.md, "Scotch baseline").
std::string cost_measure(const std::string& name) {
  if (name == "rmatt-o2f" || name == "rmatt") return "rmatt_o2f";
  if (name == "tac3" || name == "tac3+barrier" || is_baseline(name)) return "tac3_bytes";
  return "hop_bytes";
}

std::vector<std::string> parse_objectives(const std::string& text) {
  std::vector<std::string> names;
  std::stringstream in(text);
  for (std::string name; std::getline(in, name, ',');) {
    if (!is_single(name) && name != "rmatt") {
      try {
        mapping::parse_objective(name);
      } catch (const std::invalid_argument&) {
        throw std::invalid_argument("--objective '" + name + "' is not known (known: " + known_objectives + ")");
      }
    }
    names.push_back(name);
  }
  if (names.empty()) throw std::invalid_argument(std::string("--objective is empty (known: ") + known_objectives + ")");
  return names;
}

// --search: "default" anneals TAC3 with its tie-break (docs/mapping.md, "Tie-breaks for TAC3"),
// "tac3-only" on TAC3 alone, the paper's search. Returns the tie_break of anneal_options.
bool parse_search(const std::string& text) {
  if (text == "default") return true;
  if (text == "tac3-only") return false;
  throw std::invalid_argument("--search '" + text + "' is not known (known: default, tac3-only)");
}

struct map_row {
  std::string objective;
  double cost = 0;  ///< the objective's own; a baseline's: its TAC3 x B
  mapping::objective_values values;  ///< of the best placement
  std::vector<mapping::placement> placements;  ///< one per run (one for a baseline or Scotch)
  std::vector<vtime> makespans;
  std::size_t best = 0;  ///< index of the run with the shortest makespan (first on ties)
  int collision_free = 0;  ///< placements with no two messages of one set on a link
  double mean_us() const {
    double s = 0;
    for (auto t : makespans) s += static_cast<double>(t.ps);
    return s / static_cast<double>(makespans.size()) / 1e6;
  }
  double best_us() const { return static_cast<double>(makespans[best].ps) / 1e6; }
};

// "cost: hop-bytes (tahb, scotch); TAC3 x B (default, tac3)": which measure each row's cost is.
std::string cost_footnote(const std::vector<map_row>& rows) {
  std::vector<std::pair<std::string, std::string>> groups;  // measure, objectives (in table order)
  for (const auto& r : rows) {
    const auto m = cost_measure(r.objective);
    auto g = std::find_if(groups.begin(), groups.end(), [&](const auto& e) { return e.first == m; });
    if (g == groups.end()) groups.emplace_back(m, r.objective);
    else g->second += ", " + r.objective;
  }
  std::string text = "cost:";
  for (const auto& [m, names] : groups) {
    const char* shown = m == "hop_bytes" ? "hop-bytes" : m == "tac3_bytes" ? "TAC3 x B" : "TAHB x max link bytes";
    text += fmt::format("{} {} ({})", text.size() > 5 ? ";" : "", shown, names);
  }
  return text;
}

// --runs is the number of annealing runs and --seed seeds them (and Scotch): given with objectives
// that are one fixed placement each, they were accepted and changed nothing.
void check_runs_and_seed_apply(const std::vector<std::string>& objectives, bool runs_given, bool seed_given) {
  const bool searched = std::any_of(objectives.begin(), objectives.end(), [](const std::string& n) { return !is_single(n); });
  const bool seeded = searched || std::find(objectives.begin(), objectives.end(), "scotch") != objectives.end();
  if (runs_given && !searched)
    throw std::invalid_argument("--runs: the objectives given are one placement each (default, no-ring, scotch); --runs "
                                "counts the annealing runs of tahb, hop-bytes, rmatt, rmatt-o2f and tac3");
  if (seed_given && !seeded)
    throw std::invalid_argument("--seed: default and no-ring are fixed placements; --seed seeds the annealing runs and scotch");
}

// --search tac3-only changes TAC3's search only (the other objectives have no tie-break).
void check_search_applies(const std::vector<std::string>& objectives, bool tie_break) {
  if (!tie_break && std::find(objectives.begin(), objectives.end(), "tac3") == objectives.end())
    throw std::invalid_argument("--search tac3-only changes only the tac3 search: add tac3 to --objective");
}

// Every searched row keeps each run's placement and makespan until the table is printed, and
// anneal_runs holds its results while a row is filled: --runs 1000000000 ended in std::bad_alloc
// after the first run. Refused up front with the estimate and the most runs that fit.
void check_runs_memory(const std::vector<std::string>& objectives, int runs, int procs, bool barrier_row,
                       std::int64_t limit) {
  const auto searched = static_cast<int>(std::count_if(objectives.begin(), objectives.end(),
                                                       [](const std::string& n) { return !is_single(n); })) +
                        (barrier_row ? 1 : 0);  // tac3+barrier copies tac3's placements
  if (searched == 0) return;  // baselines and Scotch: one placement each, whatever --runs says
  const double kept = sizeof(mapping::placement) + static_cast<double>(procs) * sizeof(node_id) + sizeof(vtime) +
                      sizeof(nlohmann::json);  // + its makespan in the JSON report
  const double per_run = searched * kept + sizeof(mapping::anneal_result);
  const double bytes = per_run * static_cast<double>(runs);
  if (bytes <= static_cast<double>(limit)) return;
  const auto most = static_cast<std::int64_t>(static_cast<double>(limit) / per_run);
  throw std::invalid_argument(fmt::format(
      "--runs {}: {} searched objective{} x {} runs, each keeping a placement of {} PEs, need about {}, more than "
      "--max-memory {} (give --runs between 1 and {}, or raise --max-memory)",
      runs, searched, searched == 1 ? "" : "s", runs, procs,
      format_memory(static_cast<std::int64_t>(std::min(bytes, 9e18))), format_memory(limit), most));
}

// The log of a run as the mapping reader reads it: the JSON Lines --comm-log writes, in memory.
mapping::comm_log log_of(const report& r, const std::string& program) {
  std::stringstream text;
  weft::output::write_call_log(text, r);
  return mapping::read_comm_log(text, program + " run");
}

/// A placement's run that did not end ok: it stops the sweep.
struct stopped_run {
  report r;
};

/// The program whose tasks are placed, weft's CG solver (cg:SPEC) or a built-in program, and
/// the parameters of its runs.
struct map_workload {
  std::optional<cg_workload> cg;
  programs::program_choice choice;
  programs::params prm;          ///< the measured runs
  programs::params log_prm;      ///< the run that records the communication
  programs::params barrier_prm;  ///< the tac3+barrier row's runs
};

// The options that choose no machine or program: the objectives, checked, and the counts.
std::vector<std::string> read_objectives(const map_options& s, const CLI::App& sub) {
  if (sub.count("--trace")) throw std::invalid_argument("--trace: map runs many placements and writes no trace");
  if (sub.count("--mapping")) throw std::invalid_argument("--mapping: map chooses the placements; run one with weft run --mapping");
  auto objectives = parse_objectives(s.objectives);
  if (s.iterations < 1) throw std::invalid_argument("--iterations " + std::to_string(s.iterations) + " must be at least 1");
  if (s.runs < 1) throw std::invalid_argument("--runs " + std::to_string(s.runs) + " must be at least 1");
  return objectives;
}

map_workload read_workload(const map_options& s, const CLI::App& sub, const std::vector<std::string>& objectives) {
  map_workload w;
  w.prm.bytes = parse_bytes(s.bytes, "--bytes");
  w.prm.iterations = s.iterations;
  w.prm.rendezvous = s.rendezvous;
  w.cg = parse_cg_workload(s.program, s.iterations, parse_max_memory(s.machine.control.max_memory));
  w.choice = w.cg ? programs::program_choice{"cg", 0} : programs::parse_program_choice(s.program);
  if (w.cg && sub.count("--bytes"))
    throw std::invalid_argument("--bytes does not apply to " + s.program + " (the matrix sets what the CG solver sends)");
  if (!w.cg) (void)s.registry.make(w.choice.name, w.prm);  // an unknown program: its one line, with the known ones
  w.log_prm = w.prm;  // the kernel's sets come from one iteration of its own calls (seed 004 §3)
  w.log_prm.iterations = 1;
  w.log_prm.rendezvous = false;  // the protocol's ready messages are the library's, not the program's
  w.barrier_prm = w.prm;
  w.barrier_prm.barrier_per_ccs = s.barrier_per_ccs;
  programs::check_nas_cg_only(w.choice, w.barrier_prm);
  if (s.barrier_per_ccs && std::find(objectives.begin(), objectives.end(), "tac3") == objectives.end())
    throw std::invalid_argument("--barrier-per-ccs measures TAC3's placements with a barrier per set: add tac3 to --objective");
  return w;
}

// The tasks to place, one per node: the program's or --procs, else the machine's default.
int placed_procs(const map_options& s, const CLI::App& sub, const map_workload& w, const built_machine& built) {
  const auto& m = built.m;
  const int chosen = programs::choose_procs(w.choice, s.program, sub.count("--procs") > 0, s.procs);
  const int procs = chosen > 0 ? chosen : default_procs(built);
  const int nodes = m.topo().compute_nodes();
  if (procs < 2)  // one task has no communication to place
    throw std::invalid_argument(fmt::format("--procs {}: map places communicating tasks and needs at least 2", procs));
  if (procs > nodes)
    throw std::invalid_argument(fmt::format("--procs {}: {} tasks need as many nodes; {} has {} compute nodes", procs, procs,
                                            m.topo().spec(), nodes));
  if (w.cg) {
    cg::check(w.cg->a, w.cg->b, procs, w.cg->measured);
    try {
      cg::check_machine(m, w.cg->measured);
    } catch (const std::invalid_argument& e) {
      throw std::invalid_argument(no_compute_line(e.what()));
    }
  } else {
    try {
      s.registry.check_procs(w.choice.name, procs);
    } catch (const std::invalid_argument& e) {
      if (chosen > 0) throw;
      // The count came from the machine, not from a typed --procs: say so, and what to type.
      std::string why = e.what();
      const std::string typed = fmt::format("{}: --procs {}: ", w.choice.name, procs);
      if (why.starts_with(typed)) why.erase(0, typed.size());
      throw std::invalid_argument(fmt::format("{} on {}'s {} compute nodes (the PE count when --procs is not given): {}; "
                                              "give --procs",
                                              s.program, m.topo().spec(), procs, why));
    }
  }
  return procs;
}

// The Tofu-only objectives on a Tofu machine; the files to write, and --svg on a machine with a grid.
void check_machine_fits(const map_options& s, const std::vector<std::string>& objectives, bool objectives_typed,
                        const machine& m) {
  const std::string spec = m.topo().spec();
  for (const auto& name : objectives)
    if (is_tofu_only(name) && !spec.starts_with("tofu:")) {
      if (!objectives_typed)  // the user never typed it: name the default list and what to give instead
        throw std::invalid_argument("the default --objective list (" + s.objectives + ") starts with Tofu placements (Morie & Nanri, "
                                    "§5.4), and machine " + spec + " is not tofu:...; give --objective, e.g. --objective tahb,tac3");
      throw std::invalid_argument("--objective " + name + " is a Tofu placement (Morie & Nanri, §5.4); machine " + spec +
                                  " is not tofu:...");
    }
  const auto& o = s.machine;
  auto inputs = machine_inputs(o);
  inputs.emplace_back("--comm-log", o.comm_log_file);  // map reads it: the log to place
  check_outputs({{"--json", o.json_file}, {"--csv", s.csv}, {"--out", s.out}, {"--svg", s.svg}}, inputs);
  if (!s.svg.empty() && m.topo().shape().empty())
    throw std::invalid_argument("--svg: machine " + m.topo().spec() + " has no grid coordinates to unfold (mesh, torus, tofu do)");
}

// The options of every placement's run, checked (messages and memory) before the first one.
run_options placement_run_options(const map_options& s, const CLI::App& sub, const map_workload& w,
                                  const built_machine& built, int procs) {
  auto opt = build_run_options(s.machine, built, procs);
  opt.program_name = s.program;
  opt.traffic = w.cg ? cg::traffic(w.cg->a, procs) : s.registry.traffic(w.choice.name, w.prm, procs);
  if (!w.cg)  // every placement's run sends the program's messages: bounded like weft run's
    check_message_count(static_cast<double>(opt.traffic.messages_total),
                        (sub.count("--iterations") ? "--iterations " + std::to_string(s.iterations) + " of "
                                                   : std::string("program ")) +
                            s.program + " on " + std::to_string(procs) + " PEs",
                        "lower --iterations or --procs");
  built.m.check_run(procs, opt);
  return opt;
}

// --comm-log: the communication to place, read from the log, which must be of --procs PEs.
mapping::comm_log read_given_log(const std::string& file, int procs) {
  auto log = mapping::read_comm_log_file(file);
  if (log.pe_count() != procs)
    throw std::invalid_argument(fmt::format("--comm-log {} has {} PEs; --procs is {}", file, log.pe_count(), procs));
  return log;
}

/// The checked configuration of one `weft map`: runs the program on a placement and searches
/// and measures the placements of each objective.
struct placement_sweep {
  const map_options& s;
  const map_workload& w;
  const machine& m;
  const mapping::machine_routes& routes;
  std::string spec;
  int procs = 0;
  run_options opt;
  std::uint64_t seed = 0;
  bool tie_break = true;  ///< --search: TAC3's tie-break on (default) or off (tac3-only)

  // One run of the program with `where` (nullptr: the machine's own placement); `record`: the
  // run that records the communication. A run that did not end ok throws stopped_run.
  report run_once(const mapping::placement* where, bool record, const programs::params& with = {}) const {
    auto ro = opt;
    ro.record_calls = record;
    if (where) ro.node_of_rank = *where;
    auto r = w.cg ? cg::solve(m, procs, w.cg->a, w.cg->b, record ? w.cg->logged : w.cg->measured, ro).run
                  : m.run(procs, s.registry.make(w.choice.name, record ? w.log_prm : with), ro);
    if (r.status != run_status::ok) throw stopped_run{std::move(r)};
    return r;
  }

  // The placements of objective `name`: a baseline's or Scotch's one, or the best of each annealing run.
  std::vector<mapping::placement> search(const std::string& name, const mapping::ccs_result& sets) const {
    std::vector<mapping::placement> placements;
    if (name == "scotch") {
      placements.push_back(mapping::scotch_placement(sets, m.topo(), seed).where);
    } else if (is_baseline(name)) {
      placements.push_back(name == "default" ? mapping::default_placement(spec, procs) : mapping::no_ring_placement(spec, procs));
    } else if (name == "rmatt") {  // RMATT-O2F's search on the logical 3D torus the FX10 shows
      const auto logical = mapping::machine_routes::from_spec(mapping::logical_torus(spec));
      mapping::anneal_options a;
      a.objective = mapping::objective_kind::rmatt_o2f;
      a.seed = seed;
      a.stop = opt.stop;
      for (auto& r : mapping::anneal_runs(sets, logical, a, s.runs, opt.workers))
        placements.push_back(mapping::logical_to_physical(spec, r.best));
    } else {
      mapping::anneal_options a;
      a.objective = mapping::parse_objective(name);
      a.tie_break = tie_break;
      a.seed = seed;
      a.stop = opt.stop;
      for (auto& r : mapping::anneal_runs(sets, routes, a, s.runs, opt.workers)) placements.push_back(std::move(r.best));
    }
    return placements;
  }

  // A row's placements run with `with`: their makespans, the best run, its objectives and cost.
  void measure(map_row& row, const programs::params& with, mapping::objective_evaluator& eval) const {
    row.makespans.clear();
    for (const auto& p : row.placements) row.makespans.push_back(run_once(&p, false, with).makespan);
    row.best = static_cast<std::size_t>(std::min_element(row.makespans.begin(), row.makespans.end()) - row.makespans.begin());
    row.values = eval.evaluate(row.placements[row.best]);
    row.collision_free = static_cast<int>(std::count_if(row.placements.begin(), row.placements.end(), [&](const auto& p) {
      return eval.evaluate(p).collision_free();
    }));
    const auto& v = row.values;
    const auto kind = cost_measure(row.objective);
    row.cost = kind == "rmatt_o2f"    ? v.rmatt_o2f
               : kind == "tac3_bytes" ? static_cast<double>(v.tac3_bytes)
                                      : static_cast<double>(v.hop_bytes);
  }
};

/// The rows measured, and where the sweep stopped if it did (the rows before are kept).
struct map_table {
  std::vector<map_row> rows;
  sweep_stop stop;
  int stop_code = 0;
};

map_table measure_objectives(const placement_sweep& sweep, const std::vector<std::string>& objectives,
                             const mapping::ccs_result& sets, mapping::objective_evaluator& eval) {
  map_table t;
  auto stopped_at = [&](const std::string& name, const report& r) {
    t.stop = {to_string(r.status), name + ": " + (r.problems.empty() ? "" : r.problems.front()), sweep.spec, sweep.procs};
    t.stop_code = r.exit_code();
  };
  for (const auto& name : objectives) try {
    map_row row;
    row.objective = name;
    row.placements = sweep.search(name, sets);
    if (sweep.opt.stop && sweep.opt.stop->load()) {  // Ctrl-C during the search: this row has no placements
      t.stop = {"interrupted", name + ": Ctrl-C during the placement search", sweep.spec, sweep.procs};
      t.stop_code = interrupted_exit_code;
      break;
    }
    sweep.measure(row, sweep.w.prm, eval);
    t.rows.push_back(std::move(row));
  } catch (const stopped_run& r) {  // the sweep keeps the rows it finished
    stopped_at(name, r.r);
    break;
  }
  if (sweep.s.barrier_per_ccs && !t.stop.stopped()) try {  // the paper's "TAC3 with a barrier per CCS": TAC3's placements again
    map_row row = *std::find_if(t.rows.begin(), t.rows.end(), [](const map_row& r) { return r.objective == "tac3"; });
    row.objective = "tac3+barrier";
    sweep.measure(row, sweep.w.barrier_prm, eval);
    t.rows.push_back(std::move(row));
  } catch (const stopped_run& r) {
    stopped_at("tac3+barrier", r.r);
  }
  return t;
}

void print_table(const placement_sweep& sweep, std::size_t set_count, const std::vector<map_row>& rows) {
  const auto& s = sweep.s;
  const auto& cg_work = sweep.w.cg;
  const std::string work = cg_work ? fmt::format("{} rows, {} nonzeros, {} CG iteration{}", cg_work->a.rows, cg_work->a.nnz(),
                                                 s.iterations, s.iterations == 1 ? "" : "s")
                                   : s.bytes + " per message";
  std::cout << fmt::format("weft map: {} on {} PEs of {}, {}; {} sets; {} run{} per searched objective, seed {}{}\n",
                           s.program, sweep.procs, sweep.spec, work, set_count, s.runs, s.runs == 1 ? "" : "s", sweep.seed,
                           sweep.tie_break ? "" : "; TAC3 searched alone (--search tac3-only)");
  std::cout << fmt::format("{:<10} {:>22} {:>16} {:>16} {:>16} {:>16} {:>15}\n", "objective", "cost", "TAC3 x B", "hop-bytes",
                           "makespan (us)", "best (us)", "collision-free");
  for (const auto& r : rows)
    std::cout << fmt::format("{:<10} {:>22.0f} {:>16} {:>16} {:>16.3f} {:>16.3f} {:>15}\n", r.objective, r.cost,
                             r.values.tac3_bytes, r.values.hop_bytes, r.mean_us(), r.best_us(),
                             fmt::format("{}/{}", r.collision_free, r.placements.size()));
  std::cout << cost_footnote(rows) << "\n";
  std::cout << "collision-free: placements (runs) in which no two messages of one set share a link\n";
}

double collision_free_fraction(const map_row& r) {
  return static_cast<double>(r.collision_free) / static_cast<double>(r.placements.size());
}

// --json and --csv: the rows, and where the sweep stopped if it did.
void write_table_files(const map_options& s, const map_table& t) {
  nlohmann::json j_rows = nlohmann::json::array();
  for (const auto& r : t.rows) {
    nlohmann::json ms = nlohmann::json::array();
    for (auto ps : r.makespans) ms.push_back(ps.ps);
    j_rows.push_back({{"objective", r.objective},
                      {"cost", r.cost},
                      {"cost_measure", cost_measure(r.objective)},
                      {"tac3_bytes", r.values.tac3_bytes},
                      {"hop_bytes", r.values.hop_bytes},
                      {"rmatt_o2f", r.values.rmatt_o2f},
                      {"makespan", r.mean_us()},
                      {"best_makespan", r.best_us()},
                      {"runs", r.placements.size()},
                      {"collision_free_runs", r.collision_free},
                      {"collision_free_fraction", collision_free_fraction(r)},
                      {"makespans_ps", ms},
                      {"best_placement", r.placements[r.best]}});
  }
  nlohmann::json j{{"status", t.stop.status}, {"search", s.search}, {"rows", j_rows}};
  if (t.stop.stopped()) j["stopped_at"] = t.stop.to_json();
  write_file(s.machine.json_file, "--json", "mapping results, JSON", [&](std::ostream& f) { f << j.dump(2) << "\n"; });
  write_file(s.csv, "--csv", "mapping results, CSV", [&](std::ostream& f) {
    output::write_csv_line(f, {"objective", "cost", "cost_measure", "tac3_bytes", "hop_bytes", "makespan_us", "best_makespan_us",
                               "runs", "collision_free_runs", "collision_free_fraction", "search"});
    for (const auto& r : t.rows)
      output::write_csv_line(f, {r.objective, fmt::format("{:.0f}", r.cost), cost_measure(r.objective), r.values.tac3_bytes,
                                 r.values.hop_bytes, fmt::format("{:.6f}", r.mean_us()), fmt::format("{:.6f}", r.best_us()),
                                 static_cast<std::int64_t>(r.placements.size()), r.collision_free,
                                 fmt::format("{:.6f}", collision_free_fraction(r)), s.search});
    if (t.stop.stopped()) f << t.stop.csv_line();
  });
}

// --svg and --out, of a finished sweep only.
void write_placement_files(const placement_sweep& sweep, const mapping::ccs_result& sets, const std::vector<map_row>& rows) {
  const auto& s = sweep.s;
  write_file(s.svg, "--svg", "best placements drawn", [&](std::ostream& f) {  // every row's best placement, with its worst set's links
    std::vector<mapping::placement_panel> panels;
    for (const auto& r : rows)
      panels.push_back({fmt::format("{}: TAC3 x B {:.4g}, hop-bytes {:.4g}, makespan {:.1f} us", r.objective,
                                    static_cast<double>(r.values.tac3_bytes), static_cast<double>(r.values.hop_bytes),
                                    r.mean_us()),
                        r.placements[r.best]});
    mapping::write_placement_svg(f, sweep.m.topo(), sweep.routes, sets, panels);
  });
  write_file(s.out, "--out", "placement", [&](std::ostream& f) {  // the last objective listed: its run with the shortest makespan
    const auto& r = rows.back();
    f << fmt::format("# weft map: {} placement of {} ({} PEs) on {}, best of {} run(s) by makespan ({:.3f} us)\n"
                     "# line i: the node of PE i (weft run --mapping file:PATH)\n",
                     r.objective, s.program, sweep.procs, sweep.spec, r.placements.size(), r.best_us());
    for (auto n : r.placements[r.best]) f << n << "\n";
  });
}

int run(const map_options& s, const CLI::App& sub) {
  const auto& o = s.machine;
  const auto objectives = read_objectives(s, sub);
  const std::uint64_t seed = parse_seed(s.seed, "--seed " + s.seed);
  check_runs_and_seed_apply(objectives, sub.count("--runs") > 0, sub.count("--seed") > 0);
  const bool tie_break = parse_search(s.search);
  check_search_applies(objectives, tie_break);
  const auto work = read_workload(s, sub, objectives);
  machine_options typed = o;
  typed.needs_compute = s.program.starts_with("cg:");
  if (!typed.needs_compute && sub.count("--objective") == 0)  // the default list is the paper's, on Tofu
    typed.no_machine_advice = "the default --objective list is Morie & Nanri's Table 1 on a Tofu job: add -m with one "
                              "and link costs (e.g. -m tofu:1x2x4@4x2x8 --procs 64 --alpha 1us --bandwidth 5GB/s), "
                              "or another -m with link costs and --objective tahb,tac3";
  const auto built = build_machine(typed);
  const auto& m = built.m;
  const int procs = placed_procs(s, sub, work, built);
  check_machine_fits(s, objectives, sub.count("--objective") > 0, m);
  const mapping::machine_routes routes(m.topo(), m.route());
  const placement_sweep sweep{s, work, m, routes, m.topo().spec(), procs, placement_run_options(s, sub, work, built, procs),
                              seed, tie_break};
  check_runs_memory(objectives, s.runs, procs, s.barrier_per_ccs, parse_max_memory(o.control.max_memory));

  // The communication: the given log, or the program's own, recorded in one run.
  mapping::comm_log log;
  if (!o.comm_log_file.empty()) log = read_given_log(o.comm_log_file, procs);
  check_link_costs(o, built);  // last of the checks: every placement is run on this machine
  if (o.comm_log_file.empty()) {
    try {
      log = log_of(sweep.run_once(nullptr, true), s.program);
    } catch (const stopped_run& stop) {  // before any row: nothing to keep, no file touched
      std::cerr << "weft: " << status_line(stop.r) << " (in the " << s.program
                << " run that records the communication to place; nothing written)\n";
      return stop.r.exit_code();
    }
  }
  const auto sets = mapping::extract_ccs(log);
  mapping::objective_evaluator eval(sets, routes);
  const auto table = measure_objectives(sweep, objectives, sets, eval);
  print_table(sweep, sets.sets.size(), table.rows);
  write_table_files(s, table);
  if (table.stop.stopped()) {  // the drawing and the placement are of a finished sweep only
    std::cerr << "weft: " << table.stop.status << ": the sweep stopped at objective " << table.stop.reason << "\n";
    return table.stop_code;
  }
  write_placement_files(sweep, sets, table.rows);
  return 0;
}

}  // namespace

command_runner add_map_command(CLI::App& app) {
  auto s = std::make_shared<map_options>();
  programs::register_builtin_programs(s->registry);
  auto* sub = app.add_subcommand("map", "search task placements (Morie & Nanri: default, no-ring, TAHB, RMATT, RMATT-O2F, TAC3; "
                                        "Scotch) and measure each one's makespan");
  sub->add_option("--program", s->program,
                  "built-in program (weft run --help lists them), nas-cg:ROWSxCOLS, or cg:SPEC (weft's CG solver on a "
                  "generated matrix, e.g. cg:poisson2d:64; --iterations CG iterations)")
      ->capture_default_str();
  sub->add_option("--procs,-p", s->procs, "tasks (PEs; default: one per node of the machine)");
  sub->add_option("--bytes,-b", s->bytes, "message size for the program")->capture_default_str();
  sub->add_option("--iterations,-i", s->iterations, "repetitions of the program in each measured run (the log is of one)")
      ->capture_default_str();
  sub->add_flag("--barrier-per-ccs", s->barrier_per_ccs,
                "also measure TAC3's placements with a barrier at the head of each set (row tac3+barrier; nas-cg)");
  sub->add_flag("--rendezvous", s->rendezvous,
                "measured runs: each exchange trades ready messages before its data (MPI's rendezvous; nas-cg)");
  sub->add_option("--objective", s->objectives, std::string("comma-separated: ") + known_objectives)->capture_default_str();
  sub->add_option("--runs", s->runs, "independent annealing runs per searched objective")->capture_default_str();
  sub->add_option("--seed", s->seed, "seed of run 0 (run r: derived from it); Scotch's random seed")->capture_default_str();
  sub->add_option("--search", s->search,
                  "TAC3's annealing: default (TAC3 plus a tie-break of collisions and route length) or tac3-only (TAC3 "
                  "alone, the paper's search)")
      ->capture_default_str();
  sub->add_option("--out", s->out, "write the best placement of the last objective listed as a mapping file");
  sub->add_option("--csv", s->csv, "write the table as CSV");
  sub->add_option("--svg", s->svg, "draw each objective's best placement and its worst set's links (SVG)");
  add_machine_options(*sub, s->machine);
  sub->get_option("--comm-log")->description("read the communication from this log (JSON Lines) instead of running the program");
  sub->get_option("--trace")->group("");
  sub->footer("Docs: docs/mapping.md, docs/cli.md");
  return [sub, s] { return sub->parsed() ? run(*s, *sub) : -1; };
}

}  // namespace weft::cli
