// Reduce: gather to the root, then reduce there in rank order (seed 003 §4.4; works for
// non-commutative ops), or a binomial or radix-4 k-nomial tree (MVAPICH2's inter-node choice for
// small messages) that combines partial results on the way up.
#include <algorithm>
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

namespace {

/// A k-nomial tree: at level s (1, k, k², ...) a member whose relative rank is a multiple of s·k
/// takes the partial results of rel + j·s (j = 1 .. k−1) in order, the others send theirs to
/// rel − rel mod s·k and are done. Radix 2 is the binomial tree.
void reduce_knomial_tree(const call& c, int radix) {
  const int p = c.g->size(), rel = (c.g->rank() - c.root + p) % p;
  std::vector<std::byte> acc(c.in.begin(), c.in.end()), tmp(c.in.size());
  for (long long s = 1; s < p; s *= radix) {
    const long long span = s * radix;
    if (rel % span == 0) {
      // acc covers relative ranks [rel, rel + j·s), child j the next s ranks: order kept.
      for (long long child = rel + s; child < std::min<long long>(rel + span, p); child += s) {
        recv_from(c, static_cast<int>((child + c.root) % p), tmp);
        combine(c, acc, tmp, false);
      }
    } else {
      send_to(c, static_cast<int>((rel - rel % span + c.root) % p), acc);
      return;
    }
  }
  if (!acc.empty()) std::memcpy(c.out.data(), acc.data(), acc.size());
}

}  // namespace

void reduce_binomial(const call& c) { reduce_knomial_tree(c, 2); }

void reduce_knomial(const call& c) { reduce_knomial_tree(c, 4); }

}  // namespace weft::coll::detail
