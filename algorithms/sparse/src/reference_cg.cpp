// Textbook CG (Hestenes-Stiefel, as in Saad's "Iterative Methods", algorithm 6.18): the numbers
// the distributed solver must reproduce up to the order of its reductions.

#include "weft/sparse/reference_cg.hpp"

#include <cmath>
#include <numeric>
#include <stdexcept>

#include <fmt/format.h>

namespace weft::sparse {

namespace {

double dot(std::span<const double> x, std::span<const double> y) {
  return std::inner_product(x.begin(), x.end(), y.begin(), 0.0);
}

}  // namespace

reference_cg_result reference_cg(const csr_matrix& a, std::span<const double> b, double tol, int max_iter) {
  if (a.rows != a.cols || static_cast<std::int64_t>(b.size()) != a.rows)
    throw std::invalid_argument(fmt::format("reference_cg: needs a square matrix and b of its length (got {} x {} and {})",
                                            a.rows, a.cols, b.size()));
  const std::size_t n = b.size();
  reference_cg_result out;
  out.x.assign(n, 0.0);
  const double b_norm = std::sqrt(dot(b, b));
  if (b_norm == 0) {  // x = 0 solves it exactly
    out.converged = true;
    return out;
  }
  std::vector<double> r(b.begin(), b.end()), p = r, ap(n);
  double rr = dot(r, r);
  out.relative_residual = std::sqrt(rr) / b_norm;
  while (out.relative_residual >= tol && out.iterations < max_iter) {
    multiply(a, p, ap);
    const double p_ap = dot(p, ap);
    if (!(p_ap > 0)) break;  // A is not SPD (or p vanished): CG's step is undefined
    const double alpha = rr / p_ap;
    for (std::size_t i = 0; i < n; ++i) {
      out.x[i] += alpha * p[i];
      r[i] -= alpha * ap[i];
    }
    const double rr_next = dot(r, r);
    const double beta = rr_next / rr;
    rr = rr_next;
    for (std::size_t i = 0; i < n; ++i) p[i] = r[i] + beta * p[i];
    ++out.iterations;
    out.relative_residual = std::sqrt(rr) / b_norm;
  }
  out.converged = out.relative_residual < tol;
  return out;
}

}  // namespace weft::sparse
