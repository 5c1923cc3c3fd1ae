// Broadcast: binomial tree (seed 003, Table 5) and scatter + ring allgather (van de Geijn) for
// large data, where the root's link would otherwise carry the whole buffer log2 P times.
#include "algorithms.hpp"
#include "transfer.hpp"
#include "weft/coll/group.hpp"

namespace weft::coll::detail {

void broadcast_binomial(const call& c) {
  const int p = c.g->size(), rel = (c.g->rank() - c.root + p) % p;
  // Receive from the parent: the member that differs in the lowest set bit of the relative rank.
  int mask = 1;
  while (mask < p) {
    if (rel & mask) {
      recv_from(c, (rel - mask + c.root) % p, c.out);
      break;
    }
    mask <<= 1;
  }
  // Then serve the subtree, farthest child first, as in the paper's Table 5 (0->4, 0->2, 0->1).
  std::vector<request> sends;
  for (mask >>= 1; mask > 0; mask >>= 1)
    if (rel + mask < p) sends.push_back(isend_to(c, (rel + mask + c.root) % p, c.out));
  wait_sends(c, sends);
}

void broadcast_scatter_allgather(const call& c) {
  const int p = c.g->size(), me = c.g->rank();
  const auto off = split_blocks(c.out.size(), c.elem, p);
  auto mine = block_of(c.out, off, me);
  scatter_blocks(c, c.out, off, mine, /*chained=*/true);
  call second = c;
  second.tag = c.g->next_tag();
  ring_allgatherv(second, c.out, off, 0);
}

}  // namespace weft::coll::detail
