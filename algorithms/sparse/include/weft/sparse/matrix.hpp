#pragma once
// A sequential sparse matrix in compressed sparse row form, the data the distributed CG solver
// (issue 13) splits by rows: each PE holds a row_block and multiplies it with the whole vector.

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <vector>

namespace weft::sparse {

/// A square or rectangular sparse matrix in CSR with 0-based indices, columns sorted within a row,
/// no duplicates (duplicates in input are summed), symmetric input expanded to both triangles.
struct csr_matrix {
  std::int64_t rows = 0, cols = 0;
  std::vector<std::int64_t> row_start;  // rows + 1 entries
  std::vector<std::int64_t> col;        // nnz
  std::vector<double> val;              // nnz
  std::int64_t nnz() const { return static_cast<std::int64_t>(val.size()); }
};

/// One stored value at 0-based (row, col): what readers and generators collect before assembly.
struct triplet {
  std::int64_t row = 0, col = 0;
  double val = 0;
};

/// The CSR of `entries` in any order; entries at the same position are summed (an explicit zero
/// stays stored). Throws std::invalid_argument for an index outside rows x cols.
csr_matrix from_triplets(std::int64_t rows, std::int64_t cols, std::vector<triplet> entries);

/// Rows [begin, end) of `a` as their own matrix (same column count): a PE's share in a 1D row
/// split. Throws std::invalid_argument unless 0 <= begin <= end <= rows.
csr_matrix row_block(const csr_matrix& a, std::int64_t begin, std::int64_t end);

/// y = A x (x.size() == cols, y.size() == rows; otherwise std::invalid_argument).
void multiply(const csr_matrix& a, std::span<const double> x, std::span<double> y);

/// std::nullopt if A == A^T exactly (value by value); else a one-line description of the first
/// pair that differs in row order, like "entry (3,7) = 2 but (7,3) = 2.5" (1-based, as Matrix
/// Market users count) or "(3,7) has no mirror entry" (a stored zero needs no mirror).
std::optional<std::string> asymmetry(const csr_matrix& a);

}  // namespace weft::sparse
