#pragma once
// The 1D row split of Fig. 13: PE r owns rows [begin(r), end(r)), sizes differing by at most
// one (the first rows % P PEs take one more). The allgather moves equal blocks, so each PE's
// piece travels padded to block() entries, and the gathered vector is indexed by padded
// position: global row i lives at owner(i) * block() + (i - begin(owner(i))).
#include <cstdint>

#include "weft/sparse/matrix.hpp"

namespace weft::cg::detail {

struct row_split {
  std::int64_t rows = 0;
  int procs = 1;

  std::int64_t base() const { return rows / procs; }
  std::int64_t extra() const { return rows % procs; }
  std::int64_t begin(int r) const { return r * base() + (r < extra() ? r : extra()); }
  std::int64_t end(int r) const { return begin(r + 1); }
  std::int64_t block() const { return base() + (extra() > 0 ? 1 : 0); }
  int owner(std::int64_t row) const;
  std::int64_t padded(std::int64_t row) const;
};

/// PE r's rows of `a`, with columns renumbered to padded positions of the gathered vector.
sparse::csr_matrix local_rows(const sparse::csr_matrix& a, const row_split& split, int r);

}  // namespace weft::cg::detail
