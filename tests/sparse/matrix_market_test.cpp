// Matrix Market inputs as small in-memory files: what each kind of file becomes, and every
// refusal, compared word for word with its FILE:LINE.
#define BOOST_TEST_MODULE sparse matrix market
#include <boost/test/unit_test.hpp>

#include <cmath>
#include <filesystem>
#include <fstream>
#include <limits>
#include <sstream>
#include <string>
#include <vector>

#include <unistd.h>

#include "weft/sparse/matrix_market.hpp"

namespace {

using namespace weft::sparse;

csr_matrix parse(const std::string& text) {
  std::istringstream in(text);
  return parse_matrix_market(in, "A.mtx");
}

/// The one line a bad input is refused with, or "" when it is accepted.
template <class F>
std::string format_refusal(F&& f) {
  try {
    f();
  } catch (const format_error& e) {
    return e.what();
  }
  return "";
}

std::string refusal_of(const std::string& text) {
  return format_refusal([&] { parse(text); });
}

std::string vector_refusal_of(const std::string& text, std::int64_t expected_length = -1) {
  return format_refusal([&] {
    std::istringstream in(text);
    parse_vector(in, "b.mtx", expected_length);
  });
}

const std::string general = "%%MatrixMarket matrix coordinate real general\n";
const std::string symmetric = "%%MatrixMarket matrix coordinate real symmetric\n";

/// A scratch directory of this test process, removed at the end.
struct scratch {
  std::filesystem::path dir =
      std::filesystem::temp_directory_path() / ("weft_sparse_test_" + std::to_string(::getpid()));
  scratch() { std::filesystem::create_directories(dir); }
  ~scratch() { std::filesystem::remove_all(dir); }
};

}  // namespace

BOOST_AUTO_TEST_CASE(a_general_file_with_comments_and_blank_lines_is_read) {
  csr_matrix a = parse("%%MatrixMarket Matrix Coordinate REAL General\n% a comment\n\n  % indented comment\n"
                       "2 3 3\n1 3 -2.5e1\n\n2 1 +4\r\n1 1 0.125\n");
  BOOST_TEST(a.rows == 2);
  BOOST_TEST(a.cols == 3);
  BOOST_TEST(a.row_start == (std::vector<std::int64_t>{0, 2, 3}));
  BOOST_TEST(a.col == (std::vector<std::int64_t>{0, 2, 0}));
  BOOST_TEST(a.val == (std::vector<double>{0.125, -25.0, 4.0}));
}

BOOST_AUTO_TEST_CASE(duplicates_are_summed) {
  csr_matrix a = parse(general + "2 2 4\n1 2 1.5\n2 2 1\n1 2 2.25\n2 2 -1\n");
  BOOST_TEST(a.col == (std::vector<std::int64_t>{1, 1}));
  BOOST_TEST(a.val == (std::vector<double>{3.75, 0.0}));
}

BOOST_AUTO_TEST_CASE(a_symmetric_file_is_expanded_to_both_triangles) {
  csr_matrix a = parse(symmetric + "3 3 4\n1 1 2\n3 1 -1\n2 2 5\n3 3 7\n");
  BOOST_TEST(a.nnz() == 5);
  BOOST_TEST(a.row_start == (std::vector<std::int64_t>{0, 2, 3, 5}));
  BOOST_TEST(a.col == (std::vector<std::int64_t>{0, 2, 1, 0, 2}));
  BOOST_TEST(a.val == (std::vector<double>{2, -1, 5, -1, 7}));
  BOOST_TEST(!asymmetry(a).has_value());
}

BOOST_AUTO_TEST_CASE(pattern_entries_are_ones_and_integer_values_are_read) {
  csr_matrix p = parse("%%MatrixMarket matrix coordinate pattern symmetric\n2 2 2\n2 1\n2 2\n");
  BOOST_TEST(p.col == (std::vector<std::int64_t>{1, 0, 1}));
  BOOST_TEST(p.val == (std::vector<double>{1, 1, 1}));
  csr_matrix i = parse("%%MatrixMarket matrix coordinate integer general\n1 2 2\n1 1 -7\n1 2 12\n");
  BOOST_TEST(i.val == (std::vector<double>{-7, 12}));
}

BOOST_AUTO_TEST_CASE(an_array_matrix_is_column_major_and_drops_its_zeros) {
  csr_matrix a = parse("%%MatrixMarket matrix array real general\n2 2\n1\n0\n3\n4\n");
  BOOST_TEST(a.row_start == (std::vector<std::int64_t>{0, 2, 3}));
  BOOST_TEST(a.col == (std::vector<std::int64_t>{0, 1, 1}));
  BOOST_TEST(a.val == (std::vector<double>{1, 3, 4}));
  csr_matrix s = parse("%%MatrixMarket matrix array real symmetric\n2 2\n1\n2\n3\n");  // (1,1) (2,1) (2,2)
  BOOST_TEST(s.val == (std::vector<double>{1, 2, 2, 3}));
}

BOOST_AUTO_TEST_CASE(bad_headers_are_refused_on_line_1) {
  const std::string wanted = "(a Matrix Market file starts with '%%MatrixMarket matrix coordinate|array "
                             "real|integer|pattern general|symmetric')";
  BOOST_TEST(refusal_of("") == "A.mtx:1: empty file " + wanted);
  BOOST_TEST(refusal_of("3 3 1\n1 1 1\n") == "A.mtx:1: missing header " + wanted);
  BOOST_TEST(refusal_of("%%MatrixMarket matrix coordinate real\n") ==
             "A.mtx:1: header has 4 words (expected '%%MatrixMarket matrix coordinate|array real|integer|pattern "
             "general|symmetric')");
  BOOST_TEST(refusal_of("%%MatrixMarket vector coordinate real general\n") ==
             "A.mtx:1: unsupported object 'vector' (supported: matrix)");
  BOOST_TEST(refusal_of("%%MatrixMarket matrix sparse real general\n") ==
             "A.mtx:1: unsupported format 'sparse' (supported: coordinate, array)");
  BOOST_TEST(refusal_of("%%MatrixMarket matrix coordinate complex general\n") ==
             "A.mtx:1: unsupported field 'complex' (supported: real, integer, pattern)");
  BOOST_TEST(refusal_of("%%MatrixMarket matrix coordinate real hermitian\n") ==
             "A.mtx:1: unsupported symmetry 'hermitian' (supported: general, symmetric)");
  BOOST_TEST(refusal_of("%%MatrixMarket matrix coordinate real skew-symmetric\n") ==
             "A.mtx:1: unsupported symmetry 'skew-symmetric' (supported: general, symmetric)");
  BOOST_TEST(refusal_of("%%MatrixMarket matrix array pattern general\n") ==
             "A.mtx:1: field 'pattern' with format 'array' (pattern needs coordinate: an array stores every value)");
}

BOOST_AUTO_TEST_CASE(bad_size_lines_are_refused_with_their_line) {
  BOOST_TEST(refusal_of(general + "% only comments\n") == "A.mtx:2: file ends before the size line (ROWS COLS ENTRIES)");
  BOOST_TEST(refusal_of(general + "%\n3 x 1\n") ==
             "A.mtx:3: column count 'x' is not a whole number (size line: ROWS COLS ENTRIES)");
  BOOST_TEST(refusal_of(general + "3 3\n") == "A.mtx:2: size line has 2 fields (expected ROWS COLS ENTRIES)");
  BOOST_TEST(refusal_of(general + "3 3 1 1\n") ==
             "A.mtx:2: size line has more than 3 fields (expected ROWS COLS ENTRIES)");
  BOOST_TEST(refusal_of(general + "0 3 1\n") == "A.mtx:2: row count 0 (must be >= 1)");
  BOOST_TEST(refusal_of(general + "3 -2 1\n") == "A.mtx:2: column count -2 (must be >= 1)");
  BOOST_TEST(refusal_of(general + "3 3 -1\n") == "A.mtx:2: entry count -1 (must be >= 0)");
  BOOST_TEST(refusal_of(symmetric + "3 4 1\n") ==
             "A.mtx:2: symmetric matrix of 3 x 4 (a symmetric matrix must be square)");
  BOOST_TEST(refusal_of("%%MatrixMarket matrix array real general\n2 2 4\n") ==
             "A.mtx:2: size line has 3 fields (expected ROWS COLS)");
}

BOOST_AUTO_TEST_CASE(bad_entries_are_refused_with_their_line) {
  const std::string head = general + "% comment\n48 48 2\n";  // entries start on line 4
  BOOST_TEST(refusal_of(head + "60 1 1.0\n") == "A.mtx:4: row index 60 outside 1..48");
  BOOST_TEST(refusal_of(head + "1 1 1\n1 0 1.0\n") == "A.mtx:5: column index 0 outside 1..48");
  BOOST_TEST(refusal_of(head + "1.5 1 1.0\n") == "A.mtx:4: row index '1.5' is not a whole number");
  BOOST_TEST(refusal_of(head + "1 1 abc\n") == "A.mtx:4: value 'abc' is not a number");
  BOOST_TEST(refusal_of(head + "1 1 1.0x\n") == "A.mtx:4: value '1.0x' is not a number");
  BOOST_TEST(refusal_of(head + "1 1 inf\n") == "A.mtx:4: value 'inf' is not finite (values must be finite numbers)");
  BOOST_TEST(refusal_of(head + "1 1 nan\n") == "A.mtx:4: value 'nan' is not finite (values must be finite numbers)");
  BOOST_TEST(refusal_of(head + "1 1 1e999\n") == "A.mtx:4: value '1e999' is not finite (values must be finite numbers)");
  BOOST_TEST(refusal_of(head + "1 1 1.0 7\n") == "A.mtx:4: extra text '7' after the entry (expected ROW COL VALUE)");
  BOOST_TEST(refusal_of(head + "1 1\n") == "A.mtx:4: entry has 2 fields (expected ROW COL VALUE)");
  BOOST_TEST(refusal_of("%%MatrixMarket matrix coordinate pattern general\n2 2 1\n1 1 1.0\n") ==
             "A.mtx:3: extra text '1.0' after the entry (expected ROW COL)");
  BOOST_TEST(refusal_of("%%MatrixMarket matrix coordinate integer general\n2 2 1\n1 1 1.5\n") ==
             "A.mtx:3: value '1.5' is not a whole number (the header says integer)");
  BOOST_TEST(refusal_of(symmetric + "48 48 2\n1 1 1\n3 7 2\n") ==
             "A.mtx:4: entry (3,7) above the diagonal of a symmetric matrix (only the lower triangle is stored: "
             "row >= column)");
}

BOOST_AUTO_TEST_CASE(truncated_and_overlong_files_are_refused) {
  BOOST_TEST(refusal_of(general + "3 3 224\n1 1 1\n2 2 1\n% trailing comment\n") ==
             "A.mtx:5: expected 224 entries, file ends after 2");
  BOOST_TEST(refusal_of(general + "3 3 1\n1 1 1\n\n2 2 1\n") == "A.mtx:5: more entries than the 1 declared on line 2");
  BOOST_TEST(refusal_of("%%MatrixMarket matrix array real general\n2 2\n1\n2\n3\n") ==
             "A.mtx:5: expected 4 entries, file ends after 3");
  BOOST_TEST(refusal_of("%%MatrixMarket matrix array real general\n2 1\n1\n2 3\n") ==
             "A.mtx:4: extra text '3' after the value (expected one value per line)");
}

BOOST_AUTO_TEST_CASE(an_unreadable_file_is_refused_with_its_path) {
  scratch s;
  const auto missing = s.dir / "missing.mtx";
  BOOST_TEST(format_refusal([&] { read_matrix_market(missing); }) ==
             "Matrix Market file '" + missing.string() + "' cannot be read: No such file or directory");
  BOOST_TEST(format_refusal([&] { read_vector(s.dir); }) ==
             "Matrix Market file '" + s.dir.string() + "' is a directory, not a file");
}

BOOST_AUTO_TEST_CASE(repeated_entries_that_sum_past_the_largest_double_are_refused) {
  // Each value is finite (1e308), their sum is not: a coordinate file sums repeats.
  BOOST_TEST(refusal_of(general + "2 2 2\n1 2 1e308\n1 2 1e308\n") ==
             "A.mtx: the entries repeated at (1,2) sum past the largest double (1.8e308); a coordinate file sums "
             "repeats: scale the values down");
  std::istringstream in("%%MatrixMarket matrix coordinate real general\n3 1 2\n2 1 -1e308\n2 1 -1e308\n");
  BOOST_TEST(format_refusal([&] { parse_vector(in, "b.mtx", 3); }) ==
             "b.mtx: the entries repeated at (2,1) sum past the largest double (1.8e308); a coordinate file sums "
             "repeats: scale the values down");
}

BOOST_AUTO_TEST_CASE(numbers_past_64_bits_and_nul_bytes_are_named_as_such) {
  BOOST_TEST(refusal_of(general + "3 99999999999999999999 1\n") ==
             "A.mtx:2: column count '99999999999999999999' is past a 64-bit whole number (2^63 - 1) (size line: ROWS "
             "COLS ENTRIES)");
  BOOST_TEST(refusal_of(general + "3 3 1\n1 1 1" + std::string("\0x", 2) + "\n") ==
             "A.mtx:3: value '1\\0x' is not a number");
  BOOST_TEST(refusal_of(general + "3 3 1\r\n1 1 1\r\n").empty());  // CRLF reads like LF
}

BOOST_AUTO_TEST_CASE(a_vector_round_trips_bit_exactly_through_a_file) {
  scratch s;
  const std::vector<double> v{1.0 / 3.0, -0.0, 1e-310, std::numeric_limits<double>::max(), -2.5, 0.1 + 0.2};
  const auto file = s.dir / "x.mtx";
  {
    std::ofstream out(file);
    write_vector(out, v, "solution of bcsstk01");
  }
  std::ifstream in(file);
  std::string first, second;
  std::getline(in, first);
  std::getline(in, second);
  BOOST_TEST(first == "%%MatrixMarket matrix array real general");
  BOOST_TEST(second == "% solution of bcsstk01");
  const std::vector<double> back = read_vector(file, 6);
  BOOST_REQUIRE(back.size() == v.size());
  for (std::size_t i = 0; i < v.size(); ++i) {
    BOOST_TEST(back[i] == v[i]);
    BOOST_TEST(std::signbit(back[i]) == std::signbit(v[i]));
  }
}

BOOST_AUTO_TEST_CASE(a_coordinate_vector_fills_absent_entries_with_zero) {
  std::istringstream in("%%MatrixMarket matrix coordinate integer general\n4 1 2\n3 1 5\n1 1 -1\n");
  BOOST_TEST(parse_vector(in, "b.mtx") == (std::vector<double>{-1, 0, 5, 0}));
}

BOOST_AUTO_TEST_CASE(a_vector_of_the_wrong_shape_or_length_is_refused) {
  BOOST_TEST(vector_refusal_of("%%MatrixMarket matrix array real general\n2 2\n1\n2\n3\n4\n") ==
             "b.mtx:2: a vector must be N x 1 (this file is 2 x 2)");
  BOOST_TEST(vector_refusal_of("%%MatrixMarket matrix array real general\n% x\n2 1\n1\n2\n", 66) ==
             "b.mtx:3: vector of length 2 (expected length 66 to match the matrix)");
}
