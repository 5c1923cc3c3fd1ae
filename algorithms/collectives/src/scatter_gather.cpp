// Scatter and gather, linear from / to the root (seed 003 §4.2-4.3). The chained scatter issues
// all its sends as one batch: PEACH2's chaining DMA pays one start-up for all descriptors.
#include <cstring>

#include "algorithms.hpp"
#include "transfer.hpp"
#include "weft/coll/group.hpp"

namespace weft::coll::detail {

void scatter_blocks(const call& c, std::span<const std::byte> src, const std::vector<std::size_t>& off,
                    std::span<std::byte> mine, bool chained) {
  const int p = c.g->size(), me = c.g->rank();
  if (me != c.root) {
    recv_from(c, c.root, mine);
    return;
  }
  auto block = [&](int r) { return block_of(src, off, r); };
  // In rank order after the root, so the root's own block (a local copy) costs nothing.
  std::vector<request> sends;
  if (chained) {
    std::vector<pe::outgoing> batch;
    for (int k = 1; k < p; ++k) {
      int r = (c.root + k) % p;
      batch.push_back({c.g->global(r), c.tag, payload(block(r))});
    }
    if (!batch.empty()) sends = c.g->self().isend_chain(batch);
  } else {
    for (int k = 1; k < p; ++k) sends.push_back(isend_to(c, (c.root + k) % p, block((c.root + k) % p)));
  }
  auto own = block(me);
  if (!own.empty() && own.data() != mine.data()) std::memmove(mine.data(), own.data(), own.size());
  wait_sends(c, sends);
}

void scatter_chained(const call& c) { scatter_blocks(c, c.in, uniform_blocks(c.out.size(), c.g->size()), c.out, true); }
void scatter_linear(const call& c) { scatter_blocks(c, c.in, uniform_blocks(c.out.size(), c.g->size()), c.out, false); }

void gather_linear(const call& c) {
  const int p = c.g->size(), me = c.g->rank();
  if (me != c.root) {
    send_to(c, c.root, c.in);
    return;
  }
  const std::size_t b = c.in.size();
  // Post every receive first: blocks are taken as they arrive, not in rank order.
  std::vector<request> recvs;
  std::vector<int> from;
  for (int k = 1; k < p; ++k) {
    from.push_back((c.root + k) % p);
    recvs.push_back(c.g->self().irecv(c.g->global(from.back()), c.tag));
  }
  if (b > 0) std::memcpy(c.out.data() + static_cast<std::size_t>(me) * b, c.in.data(), b);
  auto got = recvs.empty() ? std::vector<received>{} : c.g->self().wait_all(recvs);
  for (std::size_t k = 0; k < got.size(); ++k) {
    take(c, from[k], got[k], c.out.subspan(static_cast<std::size_t>(from[k]) * b, b));
  }
}

}  // namespace weft::coll::detail
