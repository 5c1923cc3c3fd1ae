// The virtual time of CG iterations on a hand-computable machine, against a closed form.
//
// Machine: full:4 (every pair of PEs has its own link), α = 100 ps, τ = 2 ps/B, no hop latency
// or CPU overheads, a flop rate of 10^12 flop/s (1 flop = 1 ps), no memory bandwidth (bytes are
// not charged), kernel overhead K = 50 ps. Matrix: the 8 x 8 periodic tridiagonal
// (4 on the diagonal, -1 at i±1 mod 8): every PE holds n = 2 rows and 6 nonzeros, so the PEs run
// in lockstep and the makespan is the sum of the steps.
//   dot  (2n flops)      K + 4     = 54      axpy (2n flops) K + 4 = 54
//   spmv (2 x 6 flops)   K + 12    = 62
//   allreduce of 8 B, dissemination on 4 PEs: 2 steps x (α + 8τ)      = 232
//   allgather of 2 doubles, recursive doubling: (α + 16τ) + (α + 32τ) = 296
// Before the loop: one dot and one allreduce (||r0||). Each iteration: 3 dots + 3 allreduces,
// 3 AXPYs, 1 allgather, 1 SpMV = 3·54 + 3·232 + 3·54 + 296 + 62 = 1378.
#define BOOST_TEST_MODULE cg times
#include <boost/test/unit_test.hpp>

#include "weft/cg/solver.hpp"

using weft::vtime;
namespace cg = weft::cg;

namespace {

weft::sparse::csr_matrix periodic_tridiagonal(std::int64_t n) {
  weft::sparse::csr_matrix a;
  a.rows = a.cols = n;
  a.row_start.push_back(0);
  for (std::int64_t i = 0; i < n; ++i) {
    std::vector<std::pair<std::int64_t, double>> row{{(i + n - 1) % n, -1.0}, {i, 4.0}, {(i + 1) % n, -1.0}};
    std::sort(row.begin(), row.end());
    for (auto [c, v] : row) {
      a.col.push_back(c);
      a.val.push_back(v);
    }
    a.row_start.push_back(a.nnz());
  }
  return a;
}

weft::machine abstract_machine() {
  weft::cost_model m;
  m.alpha = vtime::ticks(100);
  m.tau = {2, 1};
  m.flops.per_second = 1e12;
  m.kernel_overhead = vtime::ticks(50);
  return weft::machine("full:4", m);
}

cg::params timing(int iterations) {
  cg::params p;
  p.fixed_iterations = iterations;
  p.allgather_algorithm = "recursive-doubling";
  p.allreduce_algorithm = "dissemination";
  return p;
}

}  // namespace

BOOST_AUTO_TEST_CASE(one_and_three_iterations_follow_the_closed_form) {
  const auto a = periodic_tridiagonal(8);
  std::vector<double> b{1, 2, 3, 4, 5, 6, 7, 8};
  const auto m = abstract_machine();
  for (int iterations : {1, 3}) {
    auto out = cg::solve(m, 4, a, b, timing(iterations));
    BOOST_TEST_REQUIRE(out.run.status == weft::run_status::ok);
    BOOST_TEST(out.iterations == iterations);
    BOOST_TEST(out.makespan.ps == 54 + 232 + iterations * 1378);
    const auto& t = out.rank0;
    BOOST_TEST(t[static_cast<int>(cg::phase::spmv)].ps == iterations * 62);
    BOOST_TEST(t[static_cast<int>(cg::phase::axpy)].ps == iterations * 3 * 54);
    BOOST_TEST(t[static_cast<int>(cg::phase::dot_local)].ps == iterations * 3 * 54);
    BOOST_TEST(t[static_cast<int>(cg::phase::allgather)].ps == iterations * 296);
    BOOST_TEST(t[static_cast<int>(cg::phase::allreduce)].ps == iterations * 3 * 232);
    BOOST_TEST(out.setup.ps == 54 + 232);  // ||r0||, kept apart from the iterations
    BOOST_TEST(t[static_cast<int>(cg::phase::precond)].ps == 0);
  }
}

BOOST_AUTO_TEST_CASE(memory_bound_kernels_cost_their_bytes) {
  // With a memory bandwidth of 1 B/ps the kernels are memory bound (bytes > flops):
  //   dot 16n = 32 B, axpy 24n = 48 B, spmv 12·6 + 4·3 + 8·8 + 8·2 = 164 B (plus K = 50 each).
  const auto a = periodic_tridiagonal(8);
  std::vector<double> b(8, 1.0);
  auto m = abstract_machine();
  auto model = m.model();
  model.memory_time = {1, 1};
  m.set_model(model);
  auto out = cg::solve(m, 4, a, b, timing(1));
  BOOST_TEST_REQUIRE(out.run.status == weft::run_status::ok);
  BOOST_TEST(out.rank0[static_cast<int>(cg::phase::spmv)].ps == 50 + 164);
  BOOST_TEST(out.rank0[static_cast<int>(cg::phase::axpy)].ps == 3 * (50 + 48));
  BOOST_TEST(out.rank0[static_cast<int>(cg::phase::dot_local)].ps == 3 * (50 + 32));
}

BOOST_AUTO_TEST_CASE(a_machine_without_a_compute_model_is_refused) {
  const auto a = periodic_tridiagonal(8);
  std::vector<double> b(8, 1.0);
  weft::machine bare("full:4");
  BOOST_CHECK_EXCEPTION(cg::solve(bare, 4, a, b, timing(1)), std::invalid_argument, [](const std::invalid_argument& e) {
    return std::string(e.what()).find("no compute model") != std::string::npos;
  });
}
