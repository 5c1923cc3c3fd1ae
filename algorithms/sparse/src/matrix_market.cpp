// A Matrix Market file as a CSR matrix: the stored entries, mirrored when the file is symmetric.

#include "weft/sparse/matrix_market.hpp"

#include <algorithm>
#include <cmath>

#include "mm_reader.hpp"
#include "open_file.hpp"

namespace weft::sparse {

csr_matrix parse_matrix_market(std::istream& in, const std::string& source, std::int64_t max_bytes) {
  detail::mm_contents m = detail::read_mm(in, source, max_bytes);
  if (m.format == detail::mm_format::array)  // a dense file lists its zeros; a sparse matrix does not store them
    std::erase_if(m.entries, [](const triplet& t) { return t.val == 0; });
  if (m.symmetry == detail::mm_symmetry::symmetric) {
    const std::size_t stored = m.entries.size();
    for (std::size_t k = 0; k < stored; ++k) {
      const triplet t = m.entries[k];
      if (t.row != t.col) m.entries.push_back({t.col, t.row, t.val});
    }
  }
  auto a = from_triplets(m.rows, m.cols, std::move(m.entries));
  for (std::int64_t r = 0; r < a.rows; ++r)  // repeats are summed: finite values can sum to infinity
    for (auto k = a.row_start[static_cast<std::size_t>(r)]; k < a.row_start[static_cast<std::size_t>(r) + 1]; ++k)
      if (!std::isfinite(a.val[static_cast<std::size_t>(k)]))
        detail::repeats_overflow(source, r, a.col[static_cast<std::size_t>(k)]);
  return a;
}

csr_matrix read_matrix_market(const std::filesystem::path& file, std::int64_t max_bytes) {
  std::ifstream in = detail::open_for_reading(file);
  return parse_matrix_market(in, file.string(), max_bytes);
}

}  // namespace weft::sparse
