#pragma once
// `weft cg --backend mpi` (docs/mpi.md, "CG on real ranks"): the same CG program (weft/cg/parts.hpp)
// on the ranks mpirun started, every rank's rows of x and times brought to rank 0, which
// assembles the outcome solve() would and prints the same table, JSON, CSV and plot.
#include <span>
#include <string>

#include "cg_output.hpp"
#include "weft/cg/parts.hpp"
#include "weft/mpi/mpi.hpp"

namespace weft::cg {

/// cg::solve on the job's ranks (collective: every rank calls it, one PE per rank). At rank 0
/// the outcome as solve() assembles it, times measured (wall clock) and `deterministic` false;
/// elsewhere only `run`, with the rank's own figures. A PE that fails ends the job (mpi::run).
outcome solve_on_mpi(const mpi::environment& env, const sparse::csr_matrix& a, std::span<const double> b,
                     const params& p, charged_parts parts, const mpi::options& o);

}  // namespace weft::cg

namespace weft::cli {

/// The rest of `weft cg --backend mpi` on one rank of the job: checks what the job decides
/// (--procs against the rank count, rows per rank), solves, and at rank 0 prints and writes
/// what the emulator's run would. Returns the command's exit code.
/// `parts`: what compute(kernel) is given (with --compute spin, the rates typed).
int run_cg_on_mpi(const mpi::environment& env, const cg_inputs& in, cg::charged_parts parts, const mpi::options& o);

}  // namespace weft::cli
