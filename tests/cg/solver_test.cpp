// The distributed CG solver on real matrices (SuiteSparse bcsstk01/02, tests/data) and on
// generated ones: convergence with the true residual, identical results on 1/2/4 workers, a
// known solution recovered, a matrix that is not positive definite stopped with its iteration,
// and every input refused before a run with one line.
#define BOOST_TEST_MODULE cg solver
#include <boost/test/data/test_case.hpp>
#include <boost/test/unit_test.hpp>

#include <cmath>

#include "weft/cg/parts.hpp"
#include "weft/cg/solver.hpp"
#include "weft/sparse/generate.hpp"
#include "weft/sparse/matrix.hpp"
#include "weft/sparse/matrix_market.hpp"
#include "weft/sparse/reference_cg.hpp"

namespace bd = boost::unit_test::data;
namespace cg = weft::cg;
namespace sparse = weft::sparse;
using weft::vtime;

namespace {

weft::machine test_machine(const std::string& topo = "torus:4x4") {
  weft::cost_model m;
  m.alpha = vtime::ns(1000);
  m.tau = {250, 1};  // 4 GB/s
  m.hop_latency = vtime::ns(50);
  m.flops.per_second = 1e10;
  m.memory_time = {10, 1};  // 100 GB/s
  m.kernel_overhead = vtime::ns(2000);
  return weft::machine(topo, m);
}

cg::outcome solve(const sparse::csr_matrix& a, const std::vector<double>& b, int procs, cg::params p = {},
                  int workers = 0) {
  weft::run_options opt;
  opt.workers = workers;
  return cg::solve(test_machine(), procs, a, b, p, opt);
}

std::string data(const char* name) { return std::string(WEFT_TEST_DATA) + "/" + name; }

bool says(const std::invalid_argument& e, const std::string& part) {
  const bool found = std::string(e.what()).find(part) != std::string::npos;
  if (!found) BOOST_TEST_MESSAGE("message was: " << e.what());
  return found;
}

}  // namespace

// An independent sequential CG (b = ones, x0 = 0, 1e-8) takes 145 iterations on bcsstk01 and 47
// on bcsstk02; distributed sums round differently, so a few more or fewer are allowed.
BOOST_DATA_TEST_CASE(suitesparse_matrices_converge,
                     bd::make({"bcsstk01.mtx", "bcsstk02.mtx"}) ^ bd::make({145, 47}) ^ bd::make({4, 16}),
                     file, reference, procs) {
  const auto a = sparse::read_matrix_market(data(file));
  const std::vector<double> b(static_cast<std::size_t>(a.rows), 1.0);
  auto out = solve(a, b, procs);
  BOOST_TEST_REQUIRE(out.run.status == weft::run_status::ok);
  BOOST_TEST((out.status == cg::stop_reason::converged));
  BOOST_TEST(out.converged);
  BOOST_TEST(std::abs(out.iterations - reference) <= 5, "iterations " << out.iterations << " vs " << reference);
  BOOST_TEST(out.relative_residual < 1e-8);
  const auto seq = sparse::reference_cg(a, b, 1e-8, 10000);
  BOOST_TEST(std::abs(out.iterations - seq.iterations) <= 5);
}

BOOST_AUTO_TEST_CASE(results_are_identical_on_1_2_and_4_workers) {
  const auto a = sparse::read_matrix_market(data("bcsstk02.mtx"));
  const std::vector<double> b(static_cast<std::size_t>(a.rows), 1.0);
  const auto one = solve(a, b, 8, {}, 1);
  for (int workers : {2, 4}) {
    const auto other = solve(a, b, 8, {}, workers);
    BOOST_TEST(other.iterations == one.iterations);
    BOOST_TEST(other.makespan.ps == one.makespan.ps);
    BOOST_TEST(other.relative_residual == one.relative_residual);  // bit for bit
    BOOST_TEST(other.x == one.x, boost::test_tools::per_element());
    for (std::size_t ph = 0; ph < cg::phase_count; ++ph) BOOST_TEST(other.rank0[ph].ps == one.rank0[ph].ps);
  }
}

BOOST_AUTO_TEST_CASE(poisson2d_known_solution_is_recovered) {
  // b = A x_true with x_true(i) = sin(i): the solution must come back to the tolerance's accuracy.
  const auto a = sparse::generate("poisson2d:24");
  std::vector<double> x_true(static_cast<std::size_t>(a.rows)), b(x_true.size());
  for (std::size_t i = 0; i < x_true.size(); ++i) x_true[i] = std::sin(static_cast<double>(i));
  sparse::multiply(a, x_true, b);
  cg::params p;
  p.tol = 1e-10;
  for (int procs : {1, 5, 16}) {  // 5: rows do not split evenly (576 = 5 x 115 + 1)
    auto out = solve(a, b, procs, p);
    BOOST_TEST_REQUIRE(out.run.status == weft::run_status::ok);
    BOOST_TEST(out.converged);
    double err = 0, norm = 0;
    for (std::size_t i = 0; i < x_true.size(); ++i) {
      err = std::max(err, std::abs(out.x[i] - x_true[i]));
      norm = std::max(norm, std::abs(x_true[i]));
    }
    // ||x - x_true|| <= cond(A) ||r|| / ||b||; cond of the 24 x 24 Laplacian is about 340.
    BOOST_TEST(err / norm < 1e-6, "max error " << err << " on " << procs << " PEs");
  }
}

BOOST_AUTO_TEST_CASE(jacobi_preconditioning_converges_in_fewer_iterations_on_a_badly_scaled_matrix) {
  const auto a = sparse::read_matrix_market(data("bcsstk01.mtx"));  // diagonal from 1e3 to 1e9
  const std::vector<double> b(static_cast<std::size_t>(a.rows), 1.0);
  auto plain = solve(a, b, 4);
  cg::params p;
  p.precond = cg::preconditioner::jacobi;
  auto jacobi = solve(a, b, 4, p);
  BOOST_TEST(jacobi.converged);
  BOOST_TEST(jacobi.relative_residual < 1e-8);
  BOOST_TEST(jacobi.iterations < plain.iterations);
  BOOST_TEST(jacobi.rank0[static_cast<int>(cg::phase::precond)].ps > 0);
}

BOOST_AUTO_TEST_CASE(fixed_iterations_run_exactly_that_many) {
  const auto a = sparse::generate("poisson2d:8");
  const std::vector<double> b(static_cast<std::size_t>(a.rows), 1.0);
  cg::params p;
  p.fixed_iterations = 200;  // far past convergence: the arithmetic must stay finite
  auto out = solve(a, b, 4, p);
  BOOST_TEST(out.iterations == 200);
  BOOST_TEST((out.status == cg::stop_reason::iterations_done));
  BOOST_TEST(std::isfinite(out.relative_residual));
  BOOST_TEST(out.relative_residual < 1e-8);
}

// With the default allreduce every PE gets the same bits, so no tolerance can split them: this
// one equals PE 0's residual at some iteration and deadlocked dissemination (PEs disagreed).
BOOST_AUTO_TEST_CASE(every_pe_takes_the_same_branch_with_the_default_allreduce) {
  const auto a = sparse::generate("poisson2d:30");
  const std::vector<double> b(static_cast<std::size_t>(a.rows), 1.0);
  for (int procs : {4, 8, 16}) {
    cg::params p;
    p.tol = 0.077296883673815056;
    auto out = solve(a, b, procs, p);
    BOOST_TEST_REQUIRE(out.run.status == weft::run_status::ok);
    // and a tolerance equal to this run's own residual at its 40th iteration
    cg::params five;
    five.fixed_iterations = 40;
    p.tol = solve(a, b, procs, five).recurrence_residual;
    BOOST_TEST(solve(a, b, procs, p).run.status == weft::run_status::ok);
  }
}

// Far past convergence on a matrix of tiny norm ρ and p'Ap fall into the subnormals: the
// arithmetic is frozen there instead of stopping "not-spd" or producing NaN.
BOOST_AUTO_TEST_CASE(fixed_iterations_past_convergence_on_a_tiny_matrix_stay_finite) {
  for (double scale : {1e-12, 1e-200}) {
    auto a = sparse::generate("poisson2d:10");
    for (auto& v : a.val) v *= scale;
    const std::vector<double> b(static_cast<std::size_t>(a.rows), 1.0);
    cg::params p;
    p.fixed_iterations = 2000;
    for (int procs : {1, 4}) {
      auto out = solve(a, b, procs, p);
      BOOST_TEST((out.status == cg::stop_reason::iterations_done), "scale " << scale);
      BOOST_TEST(std::isfinite(out.relative_residual));
      BOOST_TEST(out.relative_residual < 1e-8);
    }
  }
}

BOOST_AUTO_TEST_CASE(a_matrix_that_is_not_positive_definite_stops_with_its_iteration) {
  // diag(1, -5, 1, 1), b = ones: p1 = b and p1'A p1 = -2 at the first iteration.
  sparse::csr_matrix a;
  a.rows = a.cols = 4;
  a.row_start = {0, 1, 2, 3, 4};
  a.col = {0, 1, 2, 3};
  a.val = {1, -5, 1, 1};
  const std::vector<double> b(4, 1.0);
  auto out = solve(a, b, 2);
  BOOST_TEST_REQUIRE(out.run.status == weft::run_status::ok);
  BOOST_TEST((out.status == cg::stop_reason::not_spd));
  BOOST_TEST(out.not_spd_iteration == 1);
  BOOST_TEST(!out.converged);
  BOOST_TEST(std::isfinite(out.relative_residual));
  BOOST_TEST(!out.solution_usable());  // weft cg writes no --solution after not-spd
}

BOOST_AUTO_TEST_CASE(a_dot_product_that_overflows_is_an_overflow_not_a_matrix_that_is_not_positive_definite) {
  // diag(1e308, 1e308), b = (10, 10): ||b||^2 = 200 is fine, but p'Ap = 2 x 100 x 1e308 is not a
  // double. Before issue 22 this NaN read as p'Ap <= 0: "not-spd".
  sparse::csr_matrix a;
  a.rows = a.cols = 2;
  a.row_start = {0, 1, 2};
  a.col = {0, 1};
  a.val = {1e308, 1e308};
  const std::vector<double> b(2, 10.0);
  auto out = solve(a, b, 2);
  BOOST_TEST_REQUIRE(out.run.status == weft::run_status::ok);
  BOOST_TEST((out.status == cg::stop_reason::overflow));
  BOOST_TEST(cg::to_string(out.status) == "overflow");
  BOOST_TEST(out.iterations == 1);
  BOOST_TEST(!out.converged);
  BOOST_TEST(!out.solution_usable());
  BOOST_TEST(std::isnan(out.recurrence_residual));  // no figure: written as null, shown as '-'
}

BOOST_AUTO_TEST_CASE(a_right_hand_side_whose_norm_overflows_is_refused_with_its_largest_entry_and_the_fix) {
  const std::vector<double> b{1, -1e308, 1, 1};
  BOOST_CHECK_EXCEPTION(cg::check_rhs(b), std::invalid_argument, [](const std::invalid_argument& e) {
    return std::string(e.what()) ==
           "the right-hand side is too large: ||b||^2 overflows a double (its largest entry is -1e+308, row 2); scale b "
           "down (x scales with it)";
  });
  cg::check_rhs(std::vector<double>{1e153, 1e153});  // ||b||^2 = 2e306 fits: no refusal
}

BOOST_AUTO_TEST_CASE(bad_inputs_are_refused_before_the_run) {
  const auto a = sparse::generate("poisson2d:4");  // 16 rows
  const std::vector<double> ones(16, 1.0);
  auto refused = [&](const sparse::csr_matrix& m, const std::vector<double>& b, int procs, cg::params p,
                     const std::string& part) {
    BOOST_CHECK_EXCEPTION(cg::check(m, b, procs, p), std::invalid_argument,
                          [&](const std::invalid_argument& e) { return says(e, part); });
  };
  refused(a, ones, 17, {}, "--procs 17 is more than the matrix's 16 rows");
  refused(a, std::vector<double>(15, 1.0), 4, {}, "the right-hand side has 15 entries; the matrix has 16 rows");
  refused(a, std::vector<double>(16, 0.0), 4, {}, "the right-hand side is zero");
  refused(a, {}, 4, {}, "the right-hand side is empty");
  cg::params p;
  p.tol = 0;
  refused(a, ones, 4, p, "--tol 0 must be in (0, 1)");
  p.tol = 1;
  refused(a, ones, 4, p, "--tol 1 must be in (0, 1)");
  p = {};
  p.allreduce_algorithm = "nope";
  refused(a, ones, 4, p, "nope");
  auto rect = a;
  rect.cols = 17;
  refused(rect, ones, 4, {}, "CG needs a square matrix; this one is 16 x 17");
  auto skew = a;
  skew.val[1] = -2;  // entry (1,2) no longer mirrors (2,1)
  refused(skew, ones, 4, {}, "CG needs a symmetric matrix");
  sparse::csr_matrix neg;
  neg.rows = neg.cols = 2;
  neg.row_start = {0, 1, 2};
  neg.col = {0, 1};
  neg.val = {1, -1};
  p = {};
  p.precond = cg::preconditioner::jacobi;
  refused(neg, {1, 1}, 1, p, "--precond jacobi needs a positive diagonal; entry (2,2) is -1");
}

// A PE's result crosses processes as doubles (weft cg --backend mpi): every field comes back,
// and results brought back that way assemble into what solve() gives.
BOOST_AUTO_TEST_CASE(a_packed_pe_result_unpacks_to_itself_and_assembles_as_solve_does) {
  const auto a = sparse::generate("poisson2d:12");
  const std::vector<double> b(static_cast<std::size_t>(a.rows), 1.0);
  const auto p = cg::prepared({.tol = 1e-8}, a);
  std::vector<cg::pe_result> results(3);
  const auto m = test_machine();
  BOOST_REQUIRE(m.run(3, cg::make_program(a, b, p, {}, results)).status == weft::run_status::ok);
  std::vector<cg::pe_result> carried;
  for (const auto& r : results) carried.push_back(cg::unpack(cg::pack(r)));
  for (std::size_t i = 0; i < results.size(); ++i) {
    BOOST_TEST(carried[i].x == results[i].x);
    BOOST_TEST((carried[i].time == results[i].time));
    BOOST_TEST((carried[i].setup == results[i].setup));
    BOOST_TEST(carried[i].iterations == results[i].iterations);
    BOOST_TEST((carried[i].status == results[i].status));
    BOOST_TEST(carried[i].recurrence_residual == results[i].recurrence_residual);
  }
  const auto assembled = cg::assemble(a, b, p, carried);
  const auto solved = solve(a, b, 3);
  BOOST_TEST(assembled.x == solved.x);
  BOOST_TEST(assembled.iterations == solved.iterations);
  BOOST_TEST(assembled.relative_residual == solved.relative_residual);
  BOOST_TEST(assembled.converged);
  BOOST_TEST((assembled.slowest == solved.slowest));
  BOOST_TEST((assembled.rank0 == solved.rank0));
  BOOST_CHECK_THROW(cg::unpack(std::vector<double>(3)), std::invalid_argument);
}
