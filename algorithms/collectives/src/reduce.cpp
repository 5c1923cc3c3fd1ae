// Reduce: gather to the root, then reduce there in rank order (seed 003 §4.4; works for
// non-commutative ops), or a binomial tree that combines partial results on the way up.
#include <cstring>

#include "algorithms.hpp"
#include "transfer.hpp"
#include "weft/coll/group.hpp"

namespace weft::coll::detail {

void reduce_gather(const call& c) {
  const int p = c.g->size();
  const std::size_t b = c.in.size();
  std::vector<std::byte> all(c.g->rank() == c.root ? static_cast<std::size_t>(p) * b : 0);
  call g = c;
  g.out = all;
  gather_linear(g);
  if (c.g->rank() != c.root) return;
  if (b > 0) std::memcpy(c.out.data(), all.data(), b);
  for (int r = 1; r < p; ++r)
    combine(c, c.out, std::span<const std::byte>(all).subspan(static_cast<std::size_t>(r) * b, b), false);
}

void reduce_binomial(const call& c) {
  const int p = c.g->size(), rel = (c.g->rank() - c.root + p) % p;
  std::vector<std::byte> acc(c.in.begin(), c.in.end()), tmp(c.in.size());
  for (int mask = 1; mask < p; mask <<= 1) {
    if ((rel & mask) == 0) {
      // acc covers relative ranks [rel, rel + mask), the child the next `mask` ranks: order kept.
      if ((rel | mask) < p) {
        recv_from(c, ((rel | mask) + c.root) % p, tmp);
        combine(c, acc, tmp, false);
      }
    } else {
      send_to(c, ((rel & ~mask) + c.root) % p, acc);
      return;
    }
  }
  if (!acc.empty()) std::memcpy(c.out.data(), acc.data(), acc.size());
}

}  // namespace weft::coll::detail
