// CSR assembly, row blocks, the product and the symmetry check on matrices small enough to do
// by hand.
#define BOOST_TEST_MODULE sparse matrix
#include <boost/test/unit_test.hpp>

#include <vector>

#include "weft/sparse/matrix.hpp"
#include "weft_test/refusal.hpp"

namespace {

using namespace weft::sparse;

//     | 4 -1  0 |
// A = |-1  4 -2 |
//     | 0 -1  4 |   (not symmetric: (2,3) = -2, (3,2) = -1)
csr_matrix three_by_three() {
  return from_triplets(3, 3, {{2, 2, 4}, {0, 0, 4}, {1, 2, -2}, {0, 1, -1}, {1, 0, -1}, {1, 1, 4}, {2, 1, -1}});
}

}  // namespace

BOOST_AUTO_TEST_CASE(triplets_become_rows_sorted_by_column) {
  csr_matrix a = three_by_three();
  BOOST_TEST(a.rows == 3);
  BOOST_TEST(a.cols == 3);
  BOOST_TEST(a.row_start == (std::vector<std::int64_t>{0, 2, 5, 7}));
  BOOST_TEST(a.col == (std::vector<std::int64_t>{0, 1, 0, 1, 2, 1, 2}));
  BOOST_TEST(a.val == (std::vector<double>{4, -1, -1, 4, -2, -1, 4}));
}

BOOST_AUTO_TEST_CASE(repeated_triplets_are_summed_and_an_explicit_zero_stays) {
  csr_matrix a = from_triplets(2, 3, {{0, 2, 1.5}, {0, 2, 2.0}, {1, 0, 0.0}, {0, 2, -0.5}});
  BOOST_TEST(a.row_start == (std::vector<std::int64_t>{0, 1, 2}));
  BOOST_TEST(a.col == (std::vector<std::int64_t>{2, 0}));
  BOOST_TEST(a.val == (std::vector<double>{3.0, 0.0}));
}

BOOST_AUTO_TEST_CASE(a_triplet_outside_the_matrix_is_refused) {
  BOOST_TEST(weft_test::refusal([] { from_triplets(2, 2, {{0, 2, 1}}); }) == "entry (0,2) outside a 2 x 2 matrix (0-based)");
}

BOOST_AUTO_TEST_CASE(multiply_gives_the_hand_computed_product) {
  csr_matrix a = three_by_three();
  std::vector<double> x{1, 2, 3}, y(3);
  multiply(a, x, y);
  BOOST_TEST(y == (std::vector<double>{2, 1, 10}));  // 4-2, -1+8-6, -2+12
}

BOOST_AUTO_TEST_CASE(multiply_refuses_vectors_of_the_wrong_length) {
  std::vector<double> x{1, 2}, y(3);
  BOOST_TEST(weft_test::refusal([&] { multiply(three_by_three(), x, y); }) ==
             "multiply: a 3 x 3 matrix needs x of length 3 and y of length 3 (got 2 and 3)");
}

BOOST_AUTO_TEST_CASE(row_blocks_keep_all_columns_and_split_the_product) {
  csr_matrix a = three_by_three();
  csr_matrix top = row_block(a, 0, 1), rest = row_block(a, 1, 3), none = row_block(a, 3, 3);
  BOOST_TEST(top.rows == 1);
  BOOST_TEST(top.cols == 3);
  BOOST_TEST(top.row_start == (std::vector<std::int64_t>{0, 2}));
  BOOST_TEST(rest.rows == 2);
  BOOST_TEST(rest.row_start == (std::vector<std::int64_t>{0, 3, 5}));
  BOOST_TEST(rest.col == (std::vector<std::int64_t>{0, 1, 2, 1, 2}));
  BOOST_TEST(rest.val == (std::vector<double>{-1, 4, -2, -1, 4}));
  BOOST_TEST(none.rows == 0);
  BOOST_TEST(none.row_start == (std::vector<std::int64_t>{0}));

  std::vector<double> x{1, 2, 3}, y_top(1), y_rest(2);
  multiply(top, x, y_top);
  multiply(rest, x, y_rest);
  BOOST_TEST(y_top == (std::vector<double>{2}));
  BOOST_TEST(y_rest == (std::vector<double>{1, 10}));
}

BOOST_AUTO_TEST_CASE(a_row_block_outside_the_rows_is_refused) {
  BOOST_TEST(weft_test::refusal([] { row_block(three_by_three(), 2, 4); }) ==
             "row block [2, 4) of a matrix with 3 rows (need 0 <= begin <= end <= rows)");
  BOOST_TEST(weft_test::refusal([] { row_block(three_by_three(), 2, 1); }) ==
             "row block [2, 1) of a matrix with 3 rows (need 0 <= begin <= end <= rows)");
}

BOOST_AUTO_TEST_CASE(asymmetry_names_the_first_pair_that_differs_one_based) {
  BOOST_TEST(asymmetry(three_by_three()).value() == "entry (2,3) = -2 but (3,2) = -1");
  BOOST_TEST(asymmetry(from_triplets(3, 3, {{0, 0, 1}, {2, 0, 2.5}})).value() == "(3,1) has no mirror entry");
  BOOST_TEST(asymmetry(from_triplets(2, 3, {})).value() == "matrix is 2 x 3, not square");
  BOOST_TEST(!asymmetry(from_triplets(2, 2, {{0, 1, 2.5}, {1, 0, 2.5}, {1, 1, 7}})).has_value());
  BOOST_TEST(!asymmetry(from_triplets(2, 2, {{0, 1, 0.0}})).has_value());  // a stored zero mirrors an absent entry
}
