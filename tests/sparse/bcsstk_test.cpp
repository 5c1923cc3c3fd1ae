// Two SuiteSparse stiffness matrices (tests/data/README.md): read, checked against entries of
// the files, and solved by the reference CG in the iteration counts an independent CG gave.
#define BOOST_TEST_MODULE sparse bcsstk
#include <boost/test/unit_test.hpp>

#include <cmath>
#include <numeric>
#include <string>
#include <vector>

#include "weft/sparse/matrix_market.hpp"
#include "weft/sparse/reference_cg.hpp"

namespace {

using namespace weft::sparse;

csr_matrix load(const std::string& name) { return read_matrix_market(std::string(WEFT_TEST_DATA) + "/" + name); }

/// Entry (r, c), 1-based as in the file.
double at(const csr_matrix& a, std::int64_t r, std::int64_t c) {
  for (std::int64_t k = a.row_start[r - 1]; k < a.row_start[r]; ++k)
    if (a.col[k] == c - 1) return a.val[k];
  return 0;
}

/// ||b - A x|| / ||b||, computed afresh rather than taken from CG's recurrence.
double true_relative_residual(const csr_matrix& a, const std::vector<double>& x, const std::vector<double>& b) {
  std::vector<double> ax(b.size());
  multiply(a, x, ax);
  double rr = 0, bb = 0;
  for (std::size_t i = 0; i < b.size(); ++i) {
    rr += (b[i] - ax[i]) * (b[i] - ax[i]);
    bb += b[i] * b[i];
  }
  return std::sqrt(rr / bb);
}

}  // namespace

BOOST_AUTO_TEST_CASE(bcsstk01_has_48_rows_and_its_224_stored_entries_mirrored) {
  csr_matrix a = load("bcsstk01.mtx");
  BOOST_TEST(a.rows == 48);
  BOOST_TEST(a.cols == 48);
  BOOST_TEST(a.nnz() == 2 * 224 - 48);  // every diagonal entry is stored, and only once
  BOOST_TEST(at(a, 1, 1) == 2832268.51852);
  BOOST_TEST(at(a, 5, 1) == 1000000.0);
  BOOST_TEST(at(a, 1, 5) == 1000000.0);
  BOOST_TEST(at(a, 2, 4) == -2000000.0);
  BOOST_TEST(at(a, 47, 48) == -109779731.332);
  BOOST_TEST(at(a, 48, 48) == 531278103.775);
  BOOST_TEST(at(a, 1, 2) == 0.0);
  BOOST_TEST(!asymmetry(a).has_value());
}

BOOST_AUTO_TEST_CASE(bcsstk02_has_66_rows_and_is_dense_once_mirrored) {
  csr_matrix a = load("bcsstk02.mtx");
  BOOST_TEST(a.rows == 66);
  BOOST_TEST(a.nnz() == 2 * 2211 - 66);  // 4356 = 66^2: its lower triangle is stored in full
  BOOST_TEST(at(a, 1, 1) == 1990.33328612);
  BOOST_TEST(at(a, 1, 3) == 775.783614407);
  BOOST_TEST(at(a, 65, 66) == -3.14819010658e-15);
  BOOST_TEST(!asymmetry(a).has_value());
}

BOOST_AUTO_TEST_CASE(reference_cg_solves_bcsstk01_and_bcsstk02_with_b_all_ones) {
  // An independent sequential CG took exactly 145 and 47 iterations; rounding may move a few.
  for (auto [name, iterations] : {std::pair{"bcsstk01.mtx", 145}, std::pair{"bcsstk02.mtx", 47}}) {
    BOOST_TEST_CONTEXT(name) {
      csr_matrix a = load(name);
      std::vector<double> b(static_cast<std::size_t>(a.rows), 1.0);
      reference_cg_result r = reference_cg(a, b, 1e-8, 1000);
      BOOST_TEST_MESSAGE(name << ": " << r.iterations << " iterations, relative residual " << r.relative_residual);
      BOOST_TEST(r.converged);
      BOOST_TEST(r.relative_residual < 1e-8);
      BOOST_TEST(std::abs(r.iterations - iterations) <= 5);
      BOOST_TEST(true_relative_residual(a, r.x, b) < 1e-8);
    }
  }
}

BOOST_AUTO_TEST_CASE(reference_cg_stops_unconverged_at_max_iter_and_solves_b_zero_at_once) {
  csr_matrix a = load("bcsstk01.mtx");
  std::vector<double> ones(48, 1.0), zeros(48, 0.0);
  reference_cg_result cut = reference_cg(a, ones, 1e-8, 10);
  BOOST_TEST(!cut.converged);
  BOOST_TEST(cut.iterations == 10);
  reference_cg_result zero = reference_cg(a, zeros, 1e-8, 10);
  BOOST_TEST(zero.converged);
  BOOST_TEST(zero.iterations == 0);
  BOOST_TEST(zero.x == zeros);
}
