#pragma once
// A distributed conjugate-gradient solver (seed 003, Fig. 13) run as a live PE program:
// every PE holds only its rows of A, x and b (a balanced 1D split), gathers the search
// direction with an allgather before each SpMV, and sums its three local dot products per
// iteration with allreduces of one double. The kernels' cost is charged by the machine's
// kernel model (compute(kernel), docs/model.md) or, on request, by the host's measured time.
//
//   auto a = weft::sparse::generate("poisson2d:64");
//   std::vector<double> b(a.rows, 1.0);
//   weft::machine m("full:4", model);
//   auto out = weft::cg::solve(m, 4, a, b, {.tol = 1e-8});
//   // out.converged, out.iterations, out.relative_residual (the true ||b - Ax|| / ||b||)

#include <array>
#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "weft/machine.hpp"
#include "weft/report.hpp"
#include "weft/sparse/matrix.hpp"

namespace weft::cg {

enum class preconditioner { none, jacobi };
/// How kernels are charged: by the machine's kernel model (deterministic) or by the host's
/// measured wall time of the real arithmetic (not reproducible; the outcome says so).
enum class compute_mode { model, measured };

/// Where a PE's virtual time goes (Fig. 15's categories, plus the preconditioner).
enum class phase { spmv, axpy, dot_local, precond, allgather, allreduce };
inline constexpr std::size_t phase_count = 6;
std::string_view to_string(phase p);

struct params {
  double tol = 1e-8;           ///< stop when ||r|| / ||r0|| < tol (0 < tol < 1)
  int max_iter = 0;            ///< stop after this many iterations; 0: 10 x rows
  int fixed_iterations = 0;    ///< > 0: run exactly this many iterations whatever the residual
  preconditioner precond = preconditioner::none;
  /// The algorithms (empty: the collectives' own choice by size, docs/collectives.md); the
  /// allgather is the paper's (Fig. 10a).
  std::string allgather_algorithm = "recursive-doubling";
  /// Recursive doubling rather than the paper's dissemination (Fig. 10b): it gives every PE the
  /// same bits, so every PE takes the same branch (docs/cg.md, "Agreement").
  std::string allreduce_algorithm = "recursive-doubling";
  compute_mode compute = compute_mode::model;
};

/// Why the iteration stopped.
/// `inaccurate`: the iteration's residual met tol but the true one, recomputed, did not (rounding
/// in an ill-conditioned system).
/// `overflow`: a reduction (ρ = r'z, p'Ap or ‖r‖²) came out infinite or NaN: the matrix or b is too
/// large for doubles, which is not the matrix failing to be positive definite.
enum class stop_reason { converged, max_iterations, iterations_done, not_spd, inaccurate, overflow };
std::string_view to_string(stop_reason s);

/// Virtual time per phase, summed over the run (one PE's).
using breakdown = std::array<vtime, phase_count>;

struct outcome {
  stop_reason status = stop_reason::max_iterations;
  bool converged = false;        ///< the true relative residual is below tol
  int iterations = 0;
  int not_spd_iteration = 0;     ///< the iteration where p'Ap <= 0 was found (status not_spd)
  double recurrence_residual = 0;  ///< ||r|| / ||r0|| as the iteration computed it
  double relative_residual = 0;    ///< ||b - Ax|| / ||b||, recomputed from the gathered x
  std::vector<double> x;           ///< the solution, gathered from every PE's rows
  breakdown rank0{};               ///< PE 0's time per phase in the iterations (Fig. 15 shows rank 0)
  breakdown slowest{};             ///< per phase, the largest over PEs
  vtime setup{};                   ///< PE 0's time before the loop (||r0||: one dot, one allreduce)
  vtime makespan{};
  bool deterministic = true;       ///< false with compute_mode::measured
  report run;                      ///< the machine's report of the run
  /// Whether x is a solution worth writing: not after p'Ap <= 0 (not-spd) or an overflow (x
  /// holds infinities or meaningless values). `--solution` is skipped otherwise.
  bool solution_usable() const { return status != stop_reason::not_spd && status != stop_reason::overflow; }
};

/// Throws std::invalid_argument with one line for what can be checked before a run: a
/// non-square or asymmetric matrix, more PEs than rows, a right-hand side of the wrong length
/// or all zeros or so large that ||b||^2 overflows a double (check_rhs), tol outside (0, 1),
/// negative iteration counts, unknown algorithm names, a Jacobi preconditioner on a matrix with a
/// non-positive diagonal entry.
void check(const sparse::csr_matrix& a, std::span<const double> b, int procs, const params& p);

/// Throws std::invalid_argument for a right-hand side CG cannot start from: a non-finite value, or
/// ||b||^2 past the largest double (1.8e308), which would make every residual inf/inf = NaN; the
/// message names the largest entry and the fix (scale b down: x scales with it).
void check_rhs(std::span<const double> b);
/// Throws std::invalid_argument when `m` cannot charge the kernels: compute_mode::model on a
/// machine with neither a flop rate nor a memory bandwidth.
void check_machine(const machine& m, const params& p);

/// Solves A x = b (x0 = 0) on `procs` PEs of `m`. A run that fails (deadlock, a PE's error)
/// is returned with its report; check `out.run.status`.
outcome solve(const machine& m, int procs, const sparse::csr_matrix& a, std::span<const double> b,
              const params& p, run_options options = {});

/// What one PE holds and sends, for the run's memory estimate.
traffic_hint traffic(const sparse::csr_matrix& a, int procs);

}  // namespace weft::cg
