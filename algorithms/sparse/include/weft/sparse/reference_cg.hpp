#pragma once
// The plainest conjugate gradient, the yardstick the distributed solver's tests compare with.

#include <span>
#include <vector>

#include "weft/sparse/matrix.hpp"

namespace weft::sparse {

struct reference_cg_result {
  std::vector<double> x;
  int iterations = 0;
  double relative_residual = 0;  // ||r||/||b|| of the recurrence's r, as the stop test saw it
  bool converged = false;
};

/// Sequential unpreconditioned CG from x0 = 0: stops when ||r||/||b|| < tol or after max_iter
/// iterations (b = 0 converges at once with x = 0). Stops unconverged if p.Ap <= 0 (A not SPD).
/// Throws std::invalid_argument unless A is square and b.size() == rows.
reference_cg_result reference_cg(const csr_matrix& a, std::span<const double> b, double tol, int max_iter);

}  // namespace weft::sparse
