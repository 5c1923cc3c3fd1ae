#include "cg_on_mpi.hpp"

#include <fmt/format.h>

#include <iostream>
#include <stdexcept>
#include <string>

#include "backend_options.hpp"

namespace weft::cg {

outcome solve_on_mpi(const mpi::environment& env, const sparse::csr_matrix& a, std::span<const double> b,
                     const params& given, charged_parts parts, const mpi::options& o) {
  const params p = prepared(given, a);
  check(a, b, env.size(), p);  // every rank alike: bad input is refused before any rank runs
  // Each rank is its own process: only its own entry is filled, the others stay empty.
  std::vector<pe_result> results(static_cast<std::size_t>(env.size()));
  outcome out;
  out.run = mpi::run(env, make_program(a, b, p, parts, results), o);
  out.deterministic = false;  // wall-clock times
  out.makespan = out.run.makespan;
  const auto packed = env.gather_doubles(pack(results[static_cast<std::size_t>(env.rank())]));
  if (env.rank() != 0) return out;
  for (std::size_t r = 0; r < packed.size(); ++r) results[r] = unpack(packed[r]);
  auto assembled = assemble(a, b, p, results);
  assembled.run = std::move(out.run);
  assembled.makespan = out.makespan;
  assembled.deterministic = false;
  return assembled;
}

}  // namespace weft::cg

namespace weft::cli {

int run_cg_on_mpi(const mpi::environment& env, const cg_inputs& in, cg::charged_parts parts, const mpi::options& o) {
  if (in.procs.size() > 1) {
    std::string typed;
    for (int p : in.procs) typed += (typed.empty() ? "" : ",") + std::to_string(p);
    throw std::invalid_argument(fmt::format("--procs {}: an MPI job has one rank count ({}); give that or drop --procs",
                                            typed, env.size()));
  }
  check_rank_count(env, in.procs.empty() ? 0 : in.procs.front(), 1, "cg");
  if (env.size() > in.a.rows)
    throw std::invalid_argument(fmt::format("the MPI job's {} ranks are more than the matrix's {} row{} (each rank "
                                            "needs at least one; start it with mpirun -n {} or fewer)",
                                            env.size(), in.a.rows, in.a.rows == 1 ? "" : "s", in.a.rows));
  // Checked here too, before the header: solve_on_mpi would refuse the same after it.
  cg::check(in.a, in.b, env.size(), cg::prepared(in.p, in.a));
  auto out = cg::solve_on_mpi(env, in.a, in.b, in.p, parts, o);
  if (env.rank() != 0) return 0;  // rank 0 prints, writes and says how it ended
  const std::string kernels =
      o.compute == mpi::compute_mode::spin
          ? "kernels' real arithmetic timed, plus a spin for the kernel model's time (--compute spin)"
          : "kernels' real arithmetic timed (wall clock, not reproducible)";
  print_cg_header(std::cout, in.info, in.p, kernels);
  std::cout << fmt::format("# backend mpi: {} rank{} on {}, times measured by the ranks (MPI_Wtime)\n", env.size(),
                           env.size() == 1 ? "" : "s", out.run.host.host_topology);
  std::vector<cg_row> rows;
  rows.push_back({"mpi", env.size(), std::move(out)});
  print_cg_row(std::cout, rows.front());
  return finish_cg(in, rows);
}

}  // namespace weft::cli
