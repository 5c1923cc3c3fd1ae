#pragma once
// The CG PE program (Fig. 13) and what each PE leaves behind for solve() to assemble.
#include <cstdint>
#include <vector>

#include "partition.hpp"
#include "weft/cg/solver.hpp"
#include "weft/program.hpp"

namespace weft::cg::detail {

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

/// Which parts of a kernel the machine's kernel model charges (a machine may give only a flop
/// rate or only a memory bandwidth).
struct charged_parts {
  bool flops = true;
  bool bytes = true;
};

/// The program: PE r reads only its rows of `a` and `b` and writes results[r].
program cg_program(const sparse::csr_matrix& a, std::span<const double> b, const params& p, charged_parts parts,
                   std::vector<pe_result>& results);

}  // namespace weft::cg::detail
