// CSR assembly, row blocks and the product: the operations every rank of the solver needs.

#include "weft/sparse/matrix.hpp"

#include <algorithm>
#include <stdexcept>

#include <fmt/format.h>

namespace weft::sparse {

csr_matrix from_triplets(std::int64_t rows, std::int64_t cols, std::vector<triplet> entries) {
  if (rows < 0 || cols < 0) throw std::invalid_argument(fmt::format("matrix size {} x {} (must be >= 0)", rows, cols));
  csr_matrix a;
  a.rows = rows;
  a.cols = cols;
  a.row_start.assign(static_cast<std::size_t>(rows) + 1, 0);
  for (const triplet& t : entries) {
    if (t.row < 0 || t.row >= rows || t.col < 0 || t.col >= cols)
      throw std::invalid_argument(
          fmt::format("entry ({},{}) outside a {} x {} matrix (0-based)", t.row, t.col, rows, cols));
    ++a.row_start[static_cast<std::size_t>(t.row) + 1];
  }
  for (std::int64_t r = 0; r < rows; ++r) a.row_start[r + 1] += a.row_start[r];

  // Counting sort by row, then each (short) row sorted by column and its repeats summed in place.
  std::vector<std::pair<std::int64_t, double>> by_row(entries.size());
  std::vector<std::int64_t> next(a.row_start.begin(), a.row_start.end() - 1);
  for (const triplet& t : entries) by_row[static_cast<std::size_t>(next[t.row]++)] = {t.col, t.val};
  entries = {};  // the triplets can be the biggest thing in memory: drop them before the CSR grows

  a.col.reserve(by_row.size());
  a.val.reserve(by_row.size());
  std::int64_t begin = 0;
  for (std::int64_t r = 0; r < rows; ++r) {
    const std::int64_t end = a.row_start[r + 1];
    auto first = by_row.begin() + begin, last = by_row.begin() + end;
    std::sort(first, last, [](const auto& x, const auto& y) { return x.first < y.first; });
    for (auto it = first; it != last; ++it) {
      if (it != first && it->first == a.col.back())
        a.val.back() += it->second;
      else {
        a.col.push_back(it->first);
        a.val.push_back(it->second);
      }
    }
    a.row_start[r + 1] = a.nnz();
    begin = end;
  }
  return a;
}

csr_matrix row_block(const csr_matrix& a, std::int64_t begin, std::int64_t end) {
  if (begin < 0 || begin > end || end > a.rows)
    throw std::invalid_argument(
        fmt::format("row block [{}, {}) of a matrix with {} rows (need 0 <= begin <= end <= rows)", begin, end, a.rows));
  csr_matrix b;
  b.rows = end - begin;
  b.cols = a.cols;
  const std::int64_t first = a.row_start[begin], last = a.row_start[end];
  b.row_start.reserve(static_cast<std::size_t>(b.rows) + 1);
  for (std::int64_t r = begin; r <= end; ++r) b.row_start.push_back(a.row_start[r] - first);
  b.col.assign(a.col.begin() + first, a.col.begin() + last);
  b.val.assign(a.val.begin() + first, a.val.begin() + last);
  return b;
}

void multiply(const csr_matrix& a, std::span<const double> x, std::span<double> y) {
  if (static_cast<std::int64_t>(x.size()) != a.cols || static_cast<std::int64_t>(y.size()) != a.rows)
    throw std::invalid_argument(fmt::format("multiply: a {} x {} matrix needs x of length {} and y of length {} (got {} and {})",
                                            a.rows, a.cols, a.cols, a.rows, x.size(), y.size()));
  for (std::int64_t r = 0; r < a.rows; ++r) {
    double sum = 0;
    for (std::int64_t k = a.row_start[r]; k < a.row_start[r + 1]; ++k) sum += a.val[k] * x[a.col[k]];
    y[r] = sum;
  }
}

namespace {

/// Where (r, c) is stored in `a`, or -1.
std::int64_t find_entry(const csr_matrix& a, std::int64_t r, std::int64_t c) {
  auto first = a.col.begin() + a.row_start[r], last = a.col.begin() + a.row_start[r + 1];
  auto it = std::lower_bound(first, last, c);
  return it != last && *it == c ? it - a.col.begin() : -1;
}

}  // namespace

std::optional<std::string> asymmetry(const csr_matrix& a) {
  if (a.rows != a.cols) return fmt::format("matrix is {} x {}, not square", a.rows, a.cols);
  for (std::int64_t r = 0; r < a.rows; ++r)
    for (std::int64_t k = a.row_start[r]; k < a.row_start[r + 1]; ++k) {
      const std::int64_t c = a.col[k];
      if (c == r) continue;
      const std::int64_t mirror = find_entry(a, c, r);
      if (mirror < 0) {
        if (a.val[k] == 0) continue;  // value by value, a stored zero equals the absent mirror
        return fmt::format("({},{}) has no mirror entry", r + 1, c + 1);
      }
      if (a.val[mirror] != a.val[k])
        return fmt::format("entry ({},{}) = {} but ({},{}) = {}", r + 1, c + 1, a.val[k], c + 1, r + 1, a.val[mirror]);
    }
  return std::nullopt;
}

}  // namespace weft::sparse
