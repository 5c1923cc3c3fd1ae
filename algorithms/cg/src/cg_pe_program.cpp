#include "cg_pe_program.hpp"

#include <chrono>
#include <cmath>
#include <functional>
#include <limits>

#include "kernel_costs.hpp"
#include "weft/coll/collectives.hpp"

namespace weft::cg::detail {

namespace {

double dot(std::span<const double> u, std::span<const double> v) {
  double s = 0;
  for (std::size_t i = 0; i < u.size(); ++i) s += u[i] * v[i];
  return s;
}

/// One PE's solver: its data and a clock per phase.
class solver {
 public:
  solver(pe& pe, const sparse::csr_matrix& a, std::span<const double> b, const params& p, charged_parts parts)
      : pe_(pe), p_(p), parts_(parts), split_{a.rows, pe.size()}, group_(coll::group::world(pe)) {
    const int me = pe.rank();
    a_ = local_rows(a, split_, me);  // the PE's share, set up before the timed solve
    const auto lo = split_.begin(me), n = split_.end(me) - lo;
    n_ = static_cast<std::size_t>(n);
    b_.assign(b.begin() + lo, b.begin() + lo + n);
    x_.assign(n_, 0.0);
    r_ = b_;
    dir_.assign(n_, 0.0);
    q_.assign(n_, 0.0);
    // A PE with fewer rows than the block sends its direction padded with zeros (piece_); one
    // with a full block sends its direction as it is, without the copy.
    if (static_cast<std::int64_t>(n_) < split_.block()) piece_.assign(static_cast<std::size_t>(split_.block()), 0.0);
    gathered_.assign(static_cast<std::size_t>(split_.block() * split_.procs), 0.0);
    if (p.precond == preconditioner::jacobi) {
      inv_diag_.assign(n_, 0.0);
      z_.assign(n_, 0.0);
      for (std::size_t i = 0; i < n_; ++i)
        for (auto k = a_.row_start[i]; k < a_.row_start[i + 1]; ++k)
          if (a_.col[static_cast<std::size_t>(k)] == split_.padded(lo + static_cast<std::int64_t>(i)))
            inv_diag_[i] = 1.0 / a_.val[static_cast<std::size_t>(k)];
    }
  }

  pe_result run() {
    pe_result out;
    // Before the loop (x0 = 0, r0 = b): ||r0|| = ||b||. Charged, but kept apart from the
    // iterations' phases so that "per iteration" means the loop's cost (out.setup).
    const breakdown before = time_;
    const double norm0 = std::sqrt(sum(local_dot(r_, r_)));  // check_rhs() made it finite
    for (std::size_t ph = 0; ph < phase_count; ++ph) {
      out.setup += time_[ph] - before[ph];
      time_[ph] = before[ph];
    }
    const int limit = p_.fixed_iterations > 0 ? p_.fixed_iterations : p_.max_iter;
    double rho_prev = 0, rel = 1;
    bool met_tol = false, frozen = false;
    out.status = p_.fixed_iterations > 0 ? stop_reason::iterations_done : stop_reason::max_iterations;
    // Every branch below reads values from allreduces; they must be the same bits on every PE
    // (docs/cg.md, "Agreement"), or one PE would stop while the others wait for it.
    for (int k = 1; k <= limit; ++k) {
      std::span<const double> z = r_;
      if (!inv_diag_.empty()) {
        kernel_step(phase::precond, jacobi_cost(n()), [&] {
          for (std::size_t i = 0; i < n_; ++i) z_[i] = inv_diag_[i] * r_[i];
        });
        z = z_;
      }
      const double rho = sum(local_dot(r_, z));
      // An infinite or NaN reduction is an overflow, not a verdict on A: stop and say so. Every PE
      // sees the same bits (an allreduce), so every PE stops here together.
      if (!frozen && !std::isfinite(rho)) return overflowed(out, k);
      // Past convergence (--iterations N beyond what the matrix needs) ρ and p'Ap shrink into
      // the subnormals and their quotients lose all meaning: from the first iteration whose
      // values are no longer normal numbers the arithmetic is frozen (α = β = 0) while every
      // kernel and collective is still run and charged.
      frozen = frozen || (met_tol && !std::isnormal(rho));
      const double beta = k == 1 || frozen ? 0.0 : rho / rho_prev;
      kernel_step(phase::axpy, axpy_cost(n()), [&] {
        for (std::size_t i = 0; i < n_; ++i) dir_[i] = beta * dir_[i] + z[i];
      });
      if (!piece_.empty()) std::copy(dir_.begin(), dir_.end(), piece_.begin());
      collective_step(phase::allgather, [&] {
        coll::allgather(group_, piece_.empty() ? dir_ : piece_, gathered_, {.algorithm = p_.allgather_algorithm});
      });
      kernel_step(phase::spmv, spmv_cost(n(), a_.nnz(), split_.rows), [&] {
        sparse::multiply(a_, gathered_, q_);
      });
      const double pq = sum(local_dot(dir_, q_));
      if (!frozen && !std::isfinite(pq)) return overflowed(out, k);
      frozen = frozen || (met_tol && !(std::isnormal(pq) && pq > 0));
      if (!frozen && !(pq > 0) && rho > 0) {  // p'Ap <= 0 with p != 0: A is not positive definite
        out.status = stop_reason::not_spd;
        out.not_spd_iteration = k;
        out.iterations = k;
        break;
      }
      const double alpha = frozen || !(pq > 0) ? 0.0 : rho / pq;
      kernel_step(phase::axpy, axpy_cost(n()), [&] {
        for (std::size_t i = 0; i < n_; ++i) x_[i] += alpha * dir_[i];
      });
      kernel_step(phase::axpy, axpy_cost(n()), [&] {
        for (std::size_t i = 0; i < n_; ++i) r_[i] -= alpha * q_[i];
      });
      const double now = std::sqrt(sum(local_dot(r_, r_))) / norm0;
      if (!frozen && !std::isfinite(now)) return overflowed(out, k);
      if (!frozen) rel = now;
      out.iterations = k;
      met_tol = met_tol || rel < p_.tol;
      if (p_.fixed_iterations == 0 && met_tol) {
        out.status = stop_reason::converged;
        break;
      }
      rho_prev = rho;
    }
    out.recurrence_residual = rel;
    out.x = std::move(x_);
    out.time = time_;
    return out;
  }

 private:
  pe_result overflowed(pe_result& out, int k) {
    out.status = stop_reason::overflow;
    out.iterations = k;
    out.recurrence_residual = std::numeric_limits<double>::quiet_NaN();
    out.x = std::move(x_);
    out.time = time_;
    return std::move(out);
  }

  std::int64_t n() const { return static_cast<std::int64_t>(n_); }

  double local_dot(std::span<const double> u, std::span<const double> v) {
    double s = 0;
    kernel_step(phase::dot_local, dot_cost(n()), [&] { s = dot(u, v); });
    return s;
  }
  double sum(double local) {
    double total = 0;
    collective_step(phase::allreduce, [&] {
      total = coll::allreduce(group_, local, std::plus<>{}, {.algorithm = p_.allreduce_algorithm});
    });
    return total;
  }

  template <class Work>
  void kernel_step(phase ph, kernel cost, Work&& work) {
    const vtime start = pe_.now();
    if (p_.compute == compute_mode::measured) {
      const auto t0 = std::chrono::steady_clock::now();
      work();
      const auto spent = std::chrono::duration_cast<std::chrono::nanoseconds>(std::chrono::steady_clock::now() - t0);
      pe_.compute(vtime::ns(spent.count()));
    } else {
      work();
      if (!parts_.flops) cost.flops = 0;
      if (!parts_.bytes) cost.bytes = 0;
      pe_.compute(cost);
    }
    time_[static_cast<std::size_t>(ph)] += pe_.now() - start;
  }
  template <class Work>
  void collective_step(phase ph, Work&& work) {
    const vtime start = pe_.now();
    work();
    time_[static_cast<std::size_t>(ph)] += pe_.now() - start;
  }

  pe& pe_;
  const params& p_;
  charged_parts parts_;
  row_split split_;
  coll::group group_;
  sparse::csr_matrix a_;
  std::size_t n_ = 0;
  std::vector<double> b_, x_, r_, dir_, q_, z_, inv_diag_, piece_, gathered_;
  breakdown time_{};
};

}  // namespace

program cg_program(const sparse::csr_matrix& a, std::span<const double> b, const params& p, charged_parts parts,
                   std::vector<pe_result>& results) {
  return [&a, b, &p, parts, &results](pe& pe) {
    solver s(pe, a, b, p, parts);
    results[static_cast<std::size_t>(pe.rank())] = s.run();
  };
}

}  // namespace weft::cg::detail
