// Fuzzes Matrix Market files (weft cg --matrix FILE, --rhs FILE): the input is the file's text,
// read both as a matrix and as a right-hand side. Properties:
//   - parse_matrix_market and parse_vector either succeed or throw sparse::format_error whose
//     what() is one line "SOURCE:LINE: ..." (anything else, std::bad_alloc included, is a
//     finding); the matrix is read with a 1 MiB memory limit, as cg passes --max-memory;
//   - a matrix that reads is a well-formed CSR: 1 <= rows, cols <= 2^31 - 1, row_start from 0 to
//     nnz and non-decreasing, column indices within 0..cols - 1 and strictly increasing in a row,
//     every value finite, nnz at most the entries written (twice that when symmetric), pattern
//     values positive whole numbers; a symmetric file gives a symmetric matrix (asymmetry() none);
//   - written back as `coordinate real general` with %.17g it reads into the same matrix;
//   - a vector (its length must be the matrix's row count, as cg asks, or 7 when the text is not a
//     matrix) has that length and finite values; written back with write_vector it reads into the
//     same values, bit for bit (-0.0 included).
#include <bit>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <optional>
#include <sstream>
#include <string>
#include <string_view>
#include <vector>

#include "weft/sparse/matrix_market.hpp"

namespace {

using namespace weft::sparse;

[[noreturn]] void fail(const char* what, std::string_view text) {
  std::fprintf(stderr, "property violated: %s\n--- input ---\n%.*s\n", what, static_cast<int>(text.size()), text.data());
  std::abort();
}

/// "SOURCE:LINE: " on one line.
bool one_line_naming(const std::string& what, const std::string& source) {
  if (what.rfind(source + ":", 0) != 0 || what.find('\n') != std::string::npos) return false;
  std::size_t i = source.size() + 1, digits = 0;
  while (i < what.size() && what[i] >= '0' && what[i] <= '9') ++i, ++digits;
  // A repeat summed past the largest double is named by its entry, not a line: "SOURCE: the entries ...".
  return (digits > 0 && i < what.size() && what[i] == ':') ||
         (digits == 0 && what.compare(source.size(), 15, ": the entries r") == 0);
}

/// Entry lines in the text: the most stored values the file can give.
std::int64_t content_lines(std::string_view text) {
  std::int64_t n = 0;
  for (char c : text) n += c == '\n';
  return n + 1;
}

bool same_bits(double a, double b) { return std::bit_cast<std::uint64_t>(a) == std::bit_cast<std::uint64_t>(b); }

bool same(const csr_matrix& a, const csr_matrix& b) {
  if (a.rows != b.rows || a.cols != b.cols || a.row_start != b.row_start || a.col != b.col || a.val.size() != b.val.size())
    return false;
  for (std::size_t k = 0; k < a.val.size(); ++k)
    if (!same_bits(a.val[k], b.val[k])) return false;
  return true;
}

void check_matrix(const csr_matrix& a, std::string_view text) {
  if (a.rows < 1 || a.cols < 1 || a.rows > 2147483647 || a.cols > 2147483647) fail("a size outside 1..2^31 - 1", text);
  if (a.row_start.size() != static_cast<std::size_t>(a.rows) + 1 || a.row_start.front() != 0 ||
      a.row_start.back() != a.nnz() || a.col.size() != a.val.size())
    fail("row_start, col and val do not agree with nnz", text);
  for (std::int64_t r = 0; r < a.rows; ++r) {
    const auto b = a.row_start[static_cast<std::size_t>(r)], e = a.row_start[static_cast<std::size_t>(r) + 1];
    if (e < b) fail("row_start decreases", text);
    for (auto k = b; k < e; ++k) {
      const auto c = a.col[static_cast<std::size_t>(k)];
      if (c < 0 || c >= a.cols) fail("a column index outside the matrix", text);
      if (k > b && c <= a.col[static_cast<std::size_t>(k) - 1]) fail("columns not strictly increasing in a row", text);
      if (!std::isfinite(a.val[static_cast<std::size_t>(k)])) fail("a value that is not finite", text);
    }
  }
  if (a.nnz() > 2 * content_lines(text)) fail("more stored values than the file has entries", text);
}

std::string print(const csr_matrix& a) {
  std::string out = "%%MatrixMarket matrix coordinate real general\n";
  out += std::to_string(a.rows) + " " + std::to_string(a.cols) + " " + std::to_string(a.nnz()) + "\n";
  char buf[64];
  for (std::int64_t r = 0; r < a.rows; ++r)
    for (auto k = a.row_start[static_cast<std::size_t>(r)]; k < a.row_start[static_cast<std::size_t>(r) + 1]; ++k) {
      std::snprintf(buf, sizeof buf, "%lld %lld %.17g\n", static_cast<long long>(r + 1),
                    static_cast<long long>(a.col[static_cast<std::size_t>(k)] + 1), a.val[static_cast<std::size_t>(k)]);
      out += buf;
    }
  return out;
}

/// The header's words, lowercased, when the first line is a Matrix Market header.
std::string header(std::string_view text) {
  std::string first(text.substr(0, text.find('\n')));
  for (auto& c : first) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return first;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size > 4096) return -1;
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  const std::string source = "fuzz.mtx";

  std::optional<csr_matrix> a;
  try {
    std::istringstream in{std::string(text)};
    a = parse_matrix_market(in, source, std::int64_t{1} << 20);
  } catch (const format_error& e) {
    if (!one_line_naming(e.what(), source)) {
      std::fprintf(stderr, "%s\n", e.what());
      fail("a matrix refusal that is not one line naming SOURCE:LINE", text);
    }
  }
  if (a) {
    check_matrix(*a, text);
    const std::string h = header(text);
    if (h.find("symmetric") != std::string::npos && asymmetry(*a)) fail("a symmetric file read into an asymmetric matrix", text);
    if (h.find("pattern") != std::string::npos)
      for (double v : a->val)
        if (!(v >= 1) || v != std::floor(v)) fail("a pattern value that is not a positive whole number", text);
    const std::string printed = print(*a);
    std::istringstream again(printed);
    csr_matrix b;
    try {
      b = parse_matrix_market(again, "printed.mtx");
    } catch (const format_error& e) {
      std::fprintf(stderr, "%s\n%s\n", e.what(), printed.c_str());
      fail("the matrix written back does not read", text);
    }
    if (!same(*a, b)) fail("the matrix written back reads into another matrix", text);
  }

  const std::int64_t length = a ? a->rows : 7;
  std::vector<double> v;
  try {
    std::istringstream in{std::string(text)};
    v = parse_vector(in, source, length);
  } catch (const format_error& e) {
    if (!one_line_naming(e.what(), source)) {
      std::fprintf(stderr, "%s\n", e.what());
      fail("a vector refusal that is not one line naming SOURCE:LINE", text);
    }
    return 0;
  }
  if (static_cast<std::int64_t>(v.size()) != length) fail("a vector of another length than asked", text);
  for (double x : v)
    if (!std::isfinite(x)) fail("a vector value that is not finite", text);
  std::ostringstream out;
  write_vector(out, v, "fuzz\r\ncomment");
  std::istringstream back(out.str());
  std::vector<double> w;
  try {
    w = parse_vector(back, "printed.mtx", length);
  } catch (const format_error& e) {
    std::fprintf(stderr, "%s\n%s\n", e.what(), out.str().c_str());
    fail("the vector written back does not read", text);
  }
  if (w.size() != v.size()) fail("the vector written back has another length", text);
  for (std::size_t i = 0; i < v.size(); ++i)
    if (!same_bits(v[i], w[i])) fail("the vector written back reads into other values", text);
  return 0;
}
