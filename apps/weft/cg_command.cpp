// weft cg --matrix A.mtx | --generate SPEC [--rhs ones|random[:SEED]|FILE.mtx] [--tol T]
//         [--max-iter N] [--iterations N] [--precond none|jacobi] --procs 2,4,8,16
//         --machine M1[,M2] [--solution X.mtx] [--json F] [--csv F] [--plot F.svg]
// mpirun -n P weft cg --backend mpi ... [--compute skip|spin]: the same solver on the job's ranks
// (cg_on_mpi.hpp), the same outputs from rank 0.
// Seed 003's CG solver (Fig. 13) as a live program; per run the status, the true residual and
// the time per iteration split by kernel and collective (Fig. 15).
#include <CLI/CLI.hpp>
#include <limits>
#include <fmt/format.h>

#include <cstdint>
#include <filesystem>
#include <iostream>
#include <memory>
#include <random>
#include <tuple>
#include <utility>

#include "backend_options.hpp"
#include "cg_on_mpi.hpp"
#include "cg_output.hpp"
#include "cli_output.hpp"
#include "commands.hpp"
#include "seed_option.hpp"
#include "link_model_warning.hpp"
#include "help_format.hpp"
#include "list_options.hpp"
#include "machine_options.hpp"
#include "run_plan.hpp"
#include "weft/detail/network_registry.hpp"
#include "weft/cg/solver.hpp"
#include "weft/coll/registry.hpp"
#include "weft/sparse/generate.hpp"
#include "weft/sparse/matrix.hpp"
#include "weft/sparse/matrix_market.hpp"

namespace weft::cli {

namespace {

// "ones", "random", "random:SEED" or a Matrix Market vector file.
std::vector<double> make_rhs(const std::string& spec, std::int64_t rows) {
  if (spec == "ones") return std::vector<double>(static_cast<std::size_t>(rows), 1.0);
  if (spec == "random" || spec.starts_with("random:")) {
    // "random:" with the seed missing is refused like any other bad seed.
    const std::uint64_t seed = spec == "random" ? 1 : parse_seed(spec.substr(7), "--rhs '" + spec + "'", " (random:SEED)");
    // Uniform in [0, 1) from the top 53 bits: the same vector on every platform.
    std::mt19937_64 gen(seed);
    std::vector<double> b(static_cast<std::size_t>(rows));
    for (auto& v : b) v = static_cast<double>(gen() >> 11) * 0x1.0p-53;
    return b;
  }
  auto b = sparse::read_vector(spec, rows);
  try {  // refused here, naming the file: the library's message does not know where b came from
    cg::check_rhs(b);
  } catch (const std::invalid_argument& e) {
    throw std::invalid_argument("--rhs " + spec + ": " + e.what());
  }
  return b;
}

cg::preconditioner parse_precond(const std::string& text) {
  if (text == "none") return cg::preconditioner::none;
  if (text == "jacobi") return cg::preconditioner::jacobi;
  throw std::invalid_argument("--precond '" + text + "' is not known (known: none, jacobi)");
}

cg::compute_mode parse_compute(const std::string& text) {
  if (text == "model") return cg::compute_mode::model;
  if (text == "measured") return cg::compute_mode::measured;
  if (text == "skip" || text == "spin")
    throw std::invalid_argument("--compute " + text + " applies to --backend mpi only (the emulator's: model, measured)");
  throw std::invalid_argument("--compute '" + text + "' is not known (known: model, measured)");
}

struct cg_state {
  std::string matrix, generate, rhs = "ones", procs, precond = "none", compute = "model", solution, csv_file,
              plot_file;
  cg::params p;
  machine_options machine;
  backend_options backend;
};

/// The solver's parameters as typed: refused when out of range or when two of them conflict.
void check_params(const CLI::App& sub, const cg::params& p, bool on_ranks) {
  if (!(p.tol > 0 && p.tol < 1)) throw std::invalid_argument(fmt::format("--tol {:g} must be in (0, 1)", p.tol));
  // ||r|| / ||b|| is computed in doubles: a tolerance below their epsilon (2.220446e-16) can never
  // be met and the run would end 'inaccurate' after every iteration it is allowed. The bound is
  // the one the help and the docs print, 2.2e-16, so a value typed from them is taken.
  constexpr double finest = 2.2e-16;
  if (p.tol < finest)
    throw std::invalid_argument(fmt::format("--tol {} is below 2.2e-16, the precision of a double: ||r|| / ||b|| cannot be "
                                            "computed that finely; give --tol from 2.2e-16 to below 1", p.tol));
  // 0 is the library's "not given" (10 x rows); typed, it would be ignored: refused like --iterations 0.
  if (sub.count("--max-iter") && p.max_iter < 1)
    throw std::invalid_argument(fmt::format("--max-iter {} must be at least 1 (leave it out for 10 x rows)", p.max_iter));
  if (sub.count("--iterations") && p.fixed_iterations < 1)
    throw std::invalid_argument(fmt::format("--iterations {} must be at least 1", p.fixed_iterations));
  // Each iteration is a full emulated CG step: a bound keeps a typo from running for hours.
  if (sub.count("--iterations") && p.fixed_iterations > 1000000)
    throw std::invalid_argument(fmt::format("--iterations {} is more than 1000000, the most one cg run takes; "
                                            "give 1 to 1000000", p.fixed_iterations));
  for (const char* ignored : {"--tol", "--max-iter"})
    if (sub.count("--iterations") && sub.count(ignored))
      throw std::invalid_argument(std::string(ignored) + " has no effect with --iterations (which runs exactly N "
                                                        "iterations); give one of them");
  if (!on_ranks)  // refused here rather than by PE 0 in the first run
    for (const auto& [flag, algorithm, op] : {std::tuple{"--allgather-algorithm", p.allgather_algorithm, "allgather"},
                                              std::tuple{"--allreduce-algorithm", p.allreduce_algorithm, "allreduce"}})
      if (algorithm == coll::native_algorithm)
        throw std::invalid_argument(std::string(flag) + " native calls the MPI library's own " + op +
                                    ": it runs with --backend mpi only (the emulator models weft's algorithms)");
}

/// The matrix, the right-hand side and the parameters, checked alike on both backends (on
/// MPI, by every rank: each needs the matrix for its rows).
cg_inputs read_inputs(const CLI::App& sub, const cg_state& s, bool on_ranks) {
  if (sub.count("--trace")) throw std::invalid_argument("--trace: cg runs a sweep and writes no trace");
  if (sub.count("--ticks")) throw std::invalid_argument("--ticks: cg reports microseconds; drop --ticks");
  if (s.matrix.empty() && s.generate.empty())
    throw std::invalid_argument("cg needs a matrix: --matrix FILE.mtx or --generate SPEC");
  cg_inputs in;
  auto& p = in.p;
  p = s.p;
  p.precond = parse_precond(s.precond);
  // On MPI the kernels' arithmetic is timed for real; compute(kernel) is what --compute skip
  // or spin makes of the model's charge.
  p.compute = on_ranks ? cg::compute_mode::model : parse_compute(s.compute);
  check_params(sub, p, on_ranks);
  in.procs = s.procs.empty() ? std::vector<int>{} : parse_procs(s.procs);
  in.solution = s.solution;
  in.json_file = s.machine.json_file;
  in.csv_file = s.csv_file;
  in.plot_file = s.plot_file;
  auto inputs = machine_inputs(s.machine);
  inputs.emplace_back("--matrix", s.matrix);
  if (s.rhs != "ones" && !s.rhs.starts_with("random")) inputs.emplace_back("--rhs", s.rhs);
  check_outputs({{"--json", in.json_file},
                 {"--csv", in.csv_file},
                 {"--plot", in.plot_file},
                 {"--solution", in.solution},
                 {"--comm-log", s.machine.comm_log_file}},
                inputs);
  try {  // a malformed file is bad input: one line naming the file and the line, exit 2
    // Refused at the size line or the spec if it would not fit --max-memory (default: half the RAM).
    const std::int64_t limit = parse_max_memory(s.machine.control.max_memory);
    in.a = s.matrix.empty() ? sparse::generate(s.generate, limit) : sparse::read_matrix_market(s.matrix, limit);
    in.b = make_rhs(s.rhs, in.a.rows);
  } catch (const sparse::format_error& e) {
    throw std::invalid_argument(e.what());
  }
  // A file is named by its file name, so that reports compare across checkouts.
  in.info = {s.matrix.empty() ? s.generate : std::filesystem::path(s.matrix).filename().string(), in.a.rows,
             in.a.nnz(), s.rhs};
  return in;
}

/// --backend mpi: what --compute means on the ranks (skip, or spin at --flops/--memory-bandwidth)
/// and the options only the emulator has refused, each in one line.
std::pair<mpi::options, cg::charged_parts> mpi_run_options(const CLI::App& sub, cg_state& s) {
  const bool spin = sub.count("--compute") && s.compute == "spin";
  if (sub.count("--compute") && s.compute != "skip" && !spin)
    throw std::invalid_argument("--compute " + s.compute + " is the emulator's; with --backend mpi the kernels "
                                "run for real and are timed: --compute skip (default) or spin");
  if (!spin)
    for (const char* rate : {"--flops", "--memory-bandwidth", "--kernel-overhead"})
      if (sub.count(rate))
        throw std::invalid_argument(std::string(rate) + " with --backend mpi is the rate --compute spin spins "
                                    "each kernel at; without spin the kernels' real arithmetic is timed (add "
                                    "--compute spin, or drop " + rate + ")");
  s.backend.compute = spin ? "spin" : "skip";
  std::vector<std::string> allowed = {"--matrix", "--generate", "--rhs", "--tol", "--max-iter", "--iterations",
                                      "--precond", "--allgather-algorithm", "--allreduce-algorithm", "--compute",
                                      "--procs", "--solution", "--json", "--csv", "--plot", "--max-memory"};
  if (spin) allowed.insert(allowed.end(), {"--flops", "--memory-bandwidth", "--kernel-overhead"});
  check_backend_options(sub, s.backend, allowed);
  auto opt = mpi_options(s.backend, "cg");
  cg::charged_parts parts;  // skip: compute(kernel) only checks its arguments
  if (spin) {
    if (s.machine.flops.empty() && s.machine.memory_bandwidth.empty())
      throw std::invalid_argument("--compute spin spins each kernel for the kernel model's time: give --flops "
                                  "and/or --memory-bandwidth");
    if (!s.machine.flops.empty()) opt.host.flops = parse_flop_rate(s.machine.flops, "--flops");
    if (!s.machine.memory_bandwidth.empty())
      opt.host.memory_time = parse_bandwidth(s.machine.memory_bandwidth, "--memory-bandwidth");
    if (!s.machine.kernel_overhead.empty())
      opt.host.kernel_overhead = parse_time(s.machine.kernel_overhead, "--kernel-overhead");
    parts = {.flops = opt.host.flops.per_second > 0, .bytes = opt.host.memory_time.num > 0};
  }
  return {opt, parts};
}

void add_cg_options(CLI::App& sub, cg_state& s) {
  std::vector<std::pair<std::string, std::string>> generators;
  for (const auto& g : sparse::generator_docs()) generators.emplace_back(g.spec, g.help);
  sub.footer(help_list("Generators", generators) +
             "\n\nExit codes: 0 converged (or --iterations done), 8 not positive definite, 11 overflow (a dot product "
             "passed the largest double: scale the matrix or b down), 9 not converged (--max-iter "
             "reached, or the true residual above --tol: status inaccurate); 2 bad input (docs/cli.md).");
  auto* matrix = sub.add_option("--matrix", s.matrix, "Matrix Market file (coordinate, symmetric positive definite)");
  auto* generate = sub.add_option("--generate", s.generate, "generated matrix: poisson2d:N, poisson3d:N, banded:ROWS,NNZ[,SEED]");
  matrix->excludes(generate);
  sub.add_option("--rhs", s.rhs, "right-hand side: ones, random[:SEED] or a Matrix Market vector file")
      ->capture_default_str();
  sub.add_option("--tol", s.p.tol, "stop when ||r|| / ||b|| falls below this (2.2e-16 <= tol < 1)")->capture_default_str();
  sub.add_option("--max-iter", s.p.max_iter, "stop after this many iterations, at least 1 (default: 10 x rows)");
  sub.add_option("--iterations", s.p.fixed_iterations, "run exactly N iterations (timing, as the paper's 1,000)");
  sub.add_option("--precond", s.precond, "none or jacobi")->capture_default_str();
  sub.add_option("--allgather-algorithm", s.p.allgather_algorithm, "allgather algorithm (weft coll --help lists them)")
      ->capture_default_str();
  sub.add_option("--allreduce-algorithm", s.p.allreduce_algorithm,
                 "allreduce algorithm (weft coll --help lists them; dissemination is the paper's, but gives PEs sums "
                 "that differ in the last bit: docs/cg.md)")
      ->capture_default_str();
  // No "=model" shown: the default depends on --backend, which the text says.
  sub.add_option("--compute", s.compute,
                 "its default depends on --backend. Emulator: model (default; the machine's kernel model) or "
                 "measured (host time, not reproducible). --backend mpi: skip (default; the kernels' real arithmetic "
                 "is timed) or spin (each kernel also spins for the kernel model's time at --flops/--memory-bandwidth)");
  sub.add_option("--procs,-p", s.procs, "PE counts, e.g. 1,2,4,8,16 (default: the machine's)");
  sub.add_option("--solution", s.solution, "write x of the first run as a Matrix Market vector");
  sub.add_option("--csv", s.csv_file, "write the table as CSV");
  sub.add_option("--plot", s.plot_file, "write the time per iteration as stacked bars (SVG)");
  add_machine_options(sub, s.machine);
  s.machine.needs_compute = true;
  add_backend_options(sub, s.backend, /*compute=*/false);  // cg's own --compute takes both backends' modes
  sub.get_option("--trace")->group("");
  sub.get_option("--ticks")->group("");
  sub.get_option("--comm-log")->description(
      "write the communication calls of the last run (the last machine and PE count; a failing run's if one "
      "fails) as JSON Lines (docs/report.md)");
}

// The lines above a machine's first row: its network and its compute model.
void print_machine_header(const std::string& name, const machine& m) {
  std::cout << fmt::format("# machine {}: {}\n# compute: {}\n", name, detail::describe_model(m.model()),
                           m.model().describe_compute());
}

// The sweep on the emulator: every run planned and checked, then run and printed one row each.
int run_on_emulator(const CLI::App& sub, const cg_state& s) {
  check_backend_options(sub, s.backend, {});  // on the emulator: refuses --timeout
  const auto machines = split_machines(s.machine.machine);
  const auto in = read_inputs(sub, s, false);
  const auto& [info, a, b, p] = std::tie(in.info, in.a, in.b, in.p);
  // Everything is checked before the first run prints anything.
  const auto plan = plan_runs(s.machine, machines, in.procs, [&](planned_run& run) {
    cg::check(a, b, run.procs, p);
    try {
      cg::check_machine(run.built->m, p);
    } catch (const std::invalid_argument& e) {  // weft cg can also measure the kernels (map cannot)
      throw std::invalid_argument(no_compute_line(std::string(e.what()) + " (or --compute measured)"));
    }
    run.opt.program_name = "cg";
    run.opt.traffic = cg::traffic(a, run.procs);
    run.opt.traffic.advice = "use a smaller matrix or fewer --procs, or raise --max-memory";
    run.built->m.check_run(run.procs, run.opt);
  });
  print_cg_header(std::cout, info, p);
  std::vector<cg_row> rows;
  const machine* shown = nullptr;
  report last;  // only its communication log, for --comm-log
  for (const auto& [name, o, built, procs, opt] : plan) {
    if (shown != &built->m) print_machine_header(name, built->m);
    shown = &built->m;
    auto out = cg::solve(built->m, procs, a, b, p, opt);
    if (out.run.status != run_status::ok) {  // the sweep keeps the rows it finished
      write_stopped_cg(in, rows, {to_string(out.run.status), out.run.problems.empty() ? "" : out.run.problems.front(), name, procs});
      return emit_stopped_run(out.run, o);
    }
    last.calls = std::move(out.run.calls);
    cg_row row{name, procs, std::move(out)};
    print_cg_row(std::cout, row);
    rows.push_back(std::move(row));
  }
  write_comm_log(last, s.machine);
  return finish_cg(in, rows);
}

}  // namespace

command_runner add_cg_command(CLI::App& app) {
  auto s = std::make_shared<cg_state>();
  auto* sub = app.add_subcommand("cg", "conjugate-gradient solver (Matsumoto et al., TCA/PEACH2 collectives, Fig. 13) with its time breakdown");
  add_cg_options(*sub, *s);
  return [sub, s]() -> int {
    if (!sub->parsed()) return -1;
    if (on_mpi(s->backend))  // everything inside the job, so that only rank 0 says what is wrong
      return run_on_mpi([&](const mpi::environment& env) {
        const auto [opt, parts] = mpi_run_options(*sub, *s);
        auto in = read_inputs(*sub, *s, true);
        in.backend = "mpi";
        in.compute_text = s->backend.compute;
        return run_cg_on_mpi(env, in, parts, opt);
      });
    return run_on_emulator(*sub, *s);
  };
}

}  // namespace weft::cli
