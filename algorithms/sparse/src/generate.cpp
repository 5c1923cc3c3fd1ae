// Generated SPD matrices: grid Laplacians (whose CG iteration counts are well known) and a
// random symmetric band that is the same on every platform.

#include "weft/sparse/generate.hpp"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <random>
#include <stdexcept>
#include <string>
#include <vector>

#include <fmt/format.h>

#include "weft/units.hpp"

namespace weft::sparse {

namespace {

constexpr std::string_view known = "poisson2d:N, poisson3d:N, banded:ROWS,NNZ_PER_ROW[,SEED]";
constexpr double most_nnz = 2147483648.0;  // 2^31: a CSR index of any solver stays a 32-bit int

[[noreturn]] void refuse(std::string_view what) { throw std::invalid_argument(std::string(what)); }

std::vector<std::string_view> split(std::string_view s, char sep) {
  std::vector<std::string_view> out;
  for (std::size_t start = 0;;) {
    std::size_t end = s.find(sep, start);
    out.push_back(s.substr(start, end == std::string_view::npos ? std::string_view::npos : end - start));
    if (end == std::string_view::npos) return out;
    start = end + 1;
  }
}

template <class Int>
Int whole(std::string_view spec, std::string_view name, std::string_view word, Int least) {
  Int v{};
  auto [end, ec] = std::from_chars(word.data(), word.data() + word.size(), v);
  if (ec != std::errc{} || end != word.data() + word.size() || word.empty())
    refuse(fmt::format("matrix generator '{}': {} '{}' is not a whole number", spec, name, word));
  if (v < least) refuse(fmt::format("matrix generator '{}': {} {} (must be >= {})", spec, name, v, least));
  return v;
}

/// Refuses before anything is allocated: more nonzeros than 32-bit indices reach, or (max_bytes
/// > 0) more memory than the limit (16 B per nonzero, 8 per row).
void refuse_if_too_big(std::string_view spec, double nnz, double rows, std::int64_t max_bytes) {
  if (nnz > most_nnz)
    refuse(fmt::format("matrix generator '{}': {:.0f} nonzeros (at most 2^31 = {:.0f})", spec, nnz, most_nnz));
  const double need = nnz * 16 + rows * 8;
  if (max_bytes > 0 && need > static_cast<double>(max_bytes))
    refuse(fmt::format("matrix generator '{}': {:.0f} nonzeros need about {}, more than --max-memory {} "
                       "(raise it with --max-memory)",
                       spec, nnz, format_memory(static_cast<std::int64_t>(std::min(need, 9e18))), format_memory(max_bytes)));
}

/// The (2d+1)-point Laplacian on an n^d grid with Dirichlet boundaries, row x + n y + n^2 z.
/// Neighbours are visited from the farthest below to the farthest above, so columns come sorted.
csr_matrix laplacian(std::int64_t n, int dims) {
  std::int64_t rows = 1;
  for (int d = 0; d < dims; ++d) rows *= n;
  csr_matrix a;
  a.rows = a.cols = rows;
  a.row_start.reserve(static_cast<std::size_t>(rows) + 1);
  a.row_start.push_back(0);
  for (std::int64_t r = 0; r < rows; ++r) {
    std::int64_t stride = rows / n;  // n^(dims-1): the slowest axis first
    for (int d = dims - 1; d >= 0; --d, stride /= n)
      if ((r / stride) % n > 0) {
        a.col.push_back(r - stride);
        a.val.push_back(-1.0);
      }
    a.col.push_back(r);
    a.val.push_back(2.0 * dims);
    stride = 1;
    for (int d = 0; d < dims; ++d, stride *= n)
      if ((r / stride) % n < n - 1) {
        a.col.push_back(r + stride);
        a.val.push_back(-1.0);
      }
    a.row_start.push_back(a.nnz());
  }
  return a;
}

csr_matrix poisson(std::string_view spec, std::string_view args, int dims, std::int64_t max_bytes) {
  const auto n = whole<std::int64_t>(spec, "N", args, 1);
  // Stored: every grid point, plus both directions of each of the dims * n^(d-1) * (n-1) grid edges.
  const double points = std::pow(static_cast<double>(n), dims);
  refuse_if_too_big(spec, points + 2.0 * dims * points / static_cast<double>(n) * static_cast<double>(n - 1), points,
                    max_bytes);
  return laplacian(n, dims);
}

/// A uniform double in [0, 1) from the top 53 bits: exact and the same everywhere, unlike
/// std::uniform_real_distribution whose algorithm each standard library picks.
double unit_interval(std::mt19937_64& bits) { return static_cast<double>(bits() >> 11) * 0x1p-53; }

csr_matrix banded(std::string_view spec, std::string_view args, std::int64_t max_bytes) {
  const auto fields = split(args, ',');
  if (fields.size() < 2 || fields.size() > 3)
    refuse(fmt::format("matrix generator '{}': expected banded:ROWS,NNZ_PER_ROW[,SEED]", spec));
  const auto rows = whole<std::int64_t>(spec, "ROWS", fields[0], 1);
  const auto per_row = whole<std::int64_t>(spec, "NNZ_PER_ROW", fields[1], 1);
  const auto seed = fields.size() == 3 ? whole<std::uint64_t>(spec, "SEED", fields[2], 0) : std::uint64_t{1};
  if (per_row % 2 == 0)
    refuse(fmt::format("matrix generator '{}': NNZ_PER_ROW {} is even (must be odd: the diagonal and as many "
                       "entries on each side)", spec, per_row));
  if (per_row > rows)
    refuse(fmt::format("matrix generator '{}': NNZ_PER_ROW {} exceeds ROWS {} (must be <= ROWS)", spec, per_row, rows));
  const std::int64_t half = (per_row - 1) / 2;
  // Each row holds per_row entries except the first and last `half`, which miss 1..half of them.
  refuse_if_too_big(spec,
                    static_cast<double>(rows) * static_cast<double>(per_row) -
                        static_cast<double>(half) * static_cast<double>(half + 1),
                    static_cast<double>(rows), max_bytes);

  // Built in place (no triplets: a 10^6-row band of 27 would need 650 MB of them). A row's band is
  // contiguous, so entry (r, c) sits at row_start[r] + c - first(r).
  auto first = [&](std::int64_t r) { return std::max<std::int64_t>(0, r - half); };
  auto last = [&](std::int64_t r) { return std::min<std::int64_t>(rows - 1, r + half); };
  csr_matrix a;
  a.rows = a.cols = rows;
  a.row_start.reserve(static_cast<std::size_t>(rows) + 1);
  a.row_start.push_back(0);
  for (std::int64_t r = 0; r < rows; ++r) {
    for (std::int64_t c = first(r); c <= last(r); ++c) a.col.push_back(c);
    a.row_start.push_back(static_cast<std::int64_t>(a.col.size()));  // val is not filled yet: nnz() is still 0
  }
  a.val.assign(a.col.size(), 0.0);
  auto at = [&](std::int64_t r, std::int64_t c) -> double& { return a.val[a.row_start[r] + c - first(r)]; };

  // Drawn row by row, left to right, below the diagonal; the upper triangle mirrors them.
  std::mt19937_64 bits(seed);
  for (std::int64_t r = 0; r < rows; ++r)
    for (std::int64_t c = first(r); c < r; ++c) at(r, c) = unit_interval(bits) - 1.0;  // in [-1, 0), never 0
  for (std::int64_t r = 0; r < rows; ++r)
    for (std::int64_t c = r + 1; c <= last(r); ++c) at(r, c) = at(c, r);
  // 1 + the |off-diagonals| summed in column order: one rounding order, so anyone can recompute it exactly.
  for (std::int64_t r = 0; r < rows; ++r) {
    double off = 0;
    for (std::int64_t c = first(r); c <= last(r); ++c)
      if (c != r) off += -at(r, c);
    at(r, r) = 1.0 + off;
  }
  return a;
}

}  // namespace

csr_matrix generate(std::string_view spec, std::int64_t max_bytes) {
  const std::size_t colon = spec.find(':');
  const std::string_view name = spec.substr(0, colon);
  const std::string_view args = colon == std::string_view::npos ? std::string_view{} : spec.substr(colon + 1);
  if (name == "poisson2d") return poisson(spec, args, 2, max_bytes);
  if (name == "poisson3d") return poisson(spec, args, 3, max_bytes);
  if (name == "banded") return banded(spec, args, max_bytes);
  refuse(fmt::format("unknown matrix generator '{}' (known: {})", name, known));
}

std::span<const generator_doc> generator_docs() {
  static constexpr generator_doc docs[] = {
      {"poisson2d:N", "5-point Laplacian on an N x N grid (N^2 rows, diagonal 4, off-diagonals -1)"},
      {"poisson3d:N", "7-point Laplacian on an N x N x N grid (N^3 rows, diagonal 6)"},
      {"banded:ROWS,NNZ_PER_ROW[,SEED]",
       "symmetric band, NNZ_PER_ROW (odd) nonzeros per interior row, off-diagonals pseudo-random in [-1,0) from "
       "SEED (default 1), diagonal 1 + sum of |off|"},
  };
  return docs;
}

}  // namespace weft::sparse
