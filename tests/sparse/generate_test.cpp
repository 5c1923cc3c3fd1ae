// The generators' shapes and values counted by hand, their determinism, and their refusals.
#define BOOST_TEST_MODULE sparse generate
#include <boost/test/unit_test.hpp>

#include <cmath>
#include <string>
#include <vector>

#include "weft/sparse/generate.hpp"
#include "weft_test/refusal.hpp"

namespace {

using namespace weft::sparse;

std::string refusal_of(const std::string& spec) {
  return weft_test::refusal([&] { generate(spec); });
}

double at(const csr_matrix& a, std::int64_t r, std::int64_t c) {
  for (std::int64_t k = a.row_start[r]; k < a.row_start[r + 1]; ++k)
    if (a.col[k] == c) return a.val[k];
  return 0;
}

bool columns_sorted(const csr_matrix& a) {
  for (std::int64_t r = 0; r < a.rows; ++r)
    for (std::int64_t k = a.row_start[r] + 1; k < a.row_start[r + 1]; ++k)
      if (a.col[k - 1] >= a.col[k]) return false;
  return true;
}

}  // namespace

BOOST_AUTO_TEST_CASE(poisson2d_on_4_by_4_has_n_squared_plus_4n_n_minus_1_entries) {
  csr_matrix a = generate("poisson2d:4");
  BOOST_TEST(a.rows == 16);
  BOOST_TEST(a.cols == 16);
  BOOST_TEST(a.nnz() == 16 + 4 * 4 * 3);  // 64
  BOOST_TEST(columns_sorted(a));
  BOOST_TEST(!asymmetry(a).has_value());
  // Grid point (1,1) is row 5: neighbours 1 (below), 4 (left), 6 (right), 9 (above).
  BOOST_TEST((std::vector<std::int64_t>(a.col.begin() + a.row_start[5], a.col.begin() + a.row_start[6]) ==
              std::vector<std::int64_t>{1, 4, 5, 6, 9}));
  BOOST_TEST(at(a, 5, 5) == 4.0);
  BOOST_TEST(at(a, 5, 9) == -1.0);
  // Point (3,0) is row 3, on the edge: no right neighbour, no wrap to row 4.
  BOOST_TEST(a.row_start[4] - a.row_start[3] == 3);
  BOOST_TEST(at(a, 3, 4) == 0.0);
}

BOOST_AUTO_TEST_CASE(poisson3d_on_3_cubed_has_27_rows_and_27_plus_6_times_9_times_2_entries) {
  csr_matrix a = generate("poisson3d:3");
  BOOST_TEST(a.rows == 27);
  BOOST_TEST(a.nnz() == 27 + 2 * 3 * 9 * 2);  // 135: each of 3 axes has 9 lines of 2 edges, stored twice
  BOOST_TEST(columns_sorted(a));
  BOOST_TEST(!asymmetry(a).has_value());
  BOOST_TEST((std::vector<std::int64_t>(a.col.begin() + a.row_start[13], a.col.begin() + a.row_start[14]) ==
              std::vector<std::int64_t>{4, 10, 12, 13, 14, 16, 22}));  // the centre sees all six
  BOOST_TEST(at(a, 13, 13) == 6.0);
  BOOST_TEST(generate("poisson3d:1").nnz() == 1);
}

BOOST_AUTO_TEST_CASE(banded_has_its_band_symmetric_and_diagonally_dominant) {
  csr_matrix a = generate("banded:10,5,7");
  BOOST_TEST(a.rows == 10);
  BOOST_TEST(a.nnz() == 10 * 5 - 2 * 3);  // rows 0 and 9 miss 2 entries, rows 1 and 8 miss 1
  BOOST_TEST(columns_sorted(a));
  BOOST_TEST(!asymmetry(a).has_value());
  for (std::int64_t r = 0; r < a.rows; ++r) {
    double off = 0;
    for (std::int64_t k = a.row_start[r]; k < a.row_start[r + 1]; ++k) {
      BOOST_TEST(std::abs(a.col[k] - r) <= 2);
      if (a.col[k] != r) {
        BOOST_TEST(a.val[k] >= -1.0);
        BOOST_TEST(a.val[k] < 0.0);
        off += -a.val[k];
      }
    }
    BOOST_TEST(at(a, r, r) == 1.0 + off);
  }
}

BOOST_AUTO_TEST_CASE(banded_is_the_same_for_the_same_seed_and_differs_for_another) {
  csr_matrix a = generate("banded:50,7,3"), again = generate("banded:50,7,3"), other = generate("banded:50,7,4");
  BOOST_TEST(a.val == again.val);
  BOOST_TEST(a.col == again.col);
  BOOST_TEST(a.col == other.col);
  BOOST_TEST(a.val != other.val);
  BOOST_TEST(generate("banded:50,7").val == generate("banded:50,7,1").val);
  BOOST_TEST(generate("banded:1,1").val == std::vector<double>{1.0});
}

BOOST_AUTO_TEST_CASE(banded_values_are_the_same_on_every_platform) {
  // The first two draws of std::mt19937_64 seeded 1, top 53 bits scaled to [0,1), minus 1;
  // checked against an independent Python MT19937-64.
  const double v0 = -0.86612335598746737, v1 = -0.86359296363380278;
  BOOST_TEST(generate("banded:3,3").val == (std::vector<double>{1 - v0, v0, v0, 1 + (-v0 - v1), v1, v1, 1 - v1}));
}

BOOST_AUTO_TEST_CASE(bad_specs_are_refused_in_one_line_naming_the_value) {
  BOOST_TEST(refusal_of("foo") ==
             "unknown matrix generator 'foo' (known: poisson2d:N, poisson3d:N, banded:ROWS,NNZ_PER_ROW[,SEED])");
  BOOST_TEST(refusal_of("poisson2d:0") == "matrix generator 'poisson2d:0': N 0 (must be >= 1)");
  BOOST_TEST(refusal_of("poisson2d:-3") == "matrix generator 'poisson2d:-3': N -3 (must be >= 1)");
  BOOST_TEST(refusal_of("poisson3d:x") == "matrix generator 'poisson3d:x': N 'x' is not a whole number");
  BOOST_TEST(refusal_of("poisson2d") == "matrix generator 'poisson2d': N '' is not a whole number");
  BOOST_TEST(refusal_of("poisson3d:1000") ==
             "matrix generator 'poisson3d:1000': 6994000000 nonzeros (at most 2^31 = 2147483648)");
  BOOST_TEST(refusal_of("banded:10") == "matrix generator 'banded:10': expected banded:ROWS,NNZ_PER_ROW[,SEED]");
  BOOST_TEST(refusal_of("banded:10,4") ==
             "matrix generator 'banded:10,4': NNZ_PER_ROW 4 is even (must be odd: the diagonal and as many entries "
             "on each side)");
  BOOST_TEST(refusal_of("banded:3,5") == "matrix generator 'banded:3,5': NNZ_PER_ROW 5 exceeds ROWS 3 (must be <= ROWS)");
  BOOST_TEST(refusal_of("banded:0,1") == "matrix generator 'banded:0,1': ROWS 0 (must be >= 1)");
  BOOST_TEST(refusal_of("banded:10,3,-1") == "matrix generator 'banded:10,3,-1': SEED '-1' is not a whole number");
  BOOST_TEST(refusal_of("banded:1000000000,5") ==
             "matrix generator 'banded:1000000000,5': 4999999994 nonzeros (at most 2^31 = 2147483648)");
}

BOOST_AUTO_TEST_CASE(the_help_names_every_generator) {
  std::vector<std::string_view> specs;
  for (const auto& g : generator_docs()) specs.push_back(g.spec);
  const std::vector<std::string_view> expected{"poisson2d:N", "poisson3d:N", "banded:ROWS,NNZ_PER_ROW[,SEED]"};
  BOOST_TEST(specs == expected, boost::test_tools::per_element());
}
