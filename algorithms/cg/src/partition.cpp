#include "partition.hpp"

namespace weft::cg::detail {

int row_split::owner(std::int64_t row) const {
  // The first extra() PEs own base() + 1 rows each, the rest base().
  const std::int64_t wide = extra() * (base() + 1);
  if (row < wide) return static_cast<int>(row / (base() + 1));
  return static_cast<int>(extra() + (row - wide) / base());
}

std::int64_t row_split::padded(std::int64_t row) const {
  const int r = owner(row);
  return r * block() + (row - begin(r));
}

sparse::csr_matrix local_rows(const sparse::csr_matrix& a, const row_split& split, int r) {
  auto mine = sparse::row_block(a, split.begin(r), split.end(r));
  for (auto& c : mine.col) c = split.padded(c);
  mine.cols = split.block() * split.procs;
  return mine;
}

}  // namespace weft::cg::detail
