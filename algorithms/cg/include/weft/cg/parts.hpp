#pragma once
// solve() in its parts, for running the CG program on a backend other than the emulator (the
// MPI ranks of `weft cg --backend mpi`): the program, what each PE leaves behind, and the
// assembly of the outcome from every PE's share. Only the PE API here: no backend's header.
//
//   auto p = cg::prepared(params, a);
//   std::vector<cg::pe_result> mine(ranks);                 // only this rank's entry is filled
//   run it(cg::make_program(a, b, p, {}, mine));
//   ... bring every rank's pack(mine[rank]) to one rank, unpack them ...
//   auto out = cg::assemble(a, b, p, all);                  // as solve() would
#include <span>
#include <vector>

#include "weft/cg/solver.hpp"
#include "weft/program.hpp"

namespace weft::cg {

/// What PE r reports: its rows of x and its time per phase.
struct pe_result {
  std::vector<double> x;
  breakdown time{};  ///< the iterations' time per phase
  vtime setup{};     ///< before the loop: the dot product and allreduce of ||r0||
  stop_reason status = stop_reason::max_iterations;
  int iterations = 0;
  int not_spd_iteration = 0;
  double recurrence_residual = 0;
};

/// Which parts of a kernel compute(kernel) is given (a machine may have only a flop rate or
/// only a memory bandwidth).
struct charged_parts {
  bool flops = true;
  bool bytes = true;
};

/// `p` with its defaults filled in (max_iter 0: 10 x rows), as solve() runs it.
params prepared(const params& p, const sparse::csr_matrix& a);

/// The program: PE r reads only its rows of `a` and `b` and writes results[r] (sized to the
/// PE count by the caller). `a`, `b`, `p` and `results` must outlive the run.
program make_program(const sparse::csr_matrix& a, std::span<const double> b, const params& p, charged_parts parts,
                     std::vector<pe_result>& results);

/// The outcome from every PE's result, in rank order: x concatenated, PE 0's breakdown and
/// status, the slowest PE's time per phase, the true residual recomputed. Leaves `run`,
/// `makespan` and `deterministic` to the caller.
outcome assemble(const sparse::csr_matrix& a, std::span<const double> b, const params& p,
                 std::span<const pe_result> results);

/// A PE's result as doubles and back (times in picoseconds, exact below 2^53 ps: 2.5 hours),
/// to send it across processes.
std::vector<double> pack(const pe_result& r);
pe_result unpack(std::span<const double> packed);

}  // namespace weft::cg
