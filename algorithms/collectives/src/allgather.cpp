// Allgather: recursive doubling (seed 003 §4.5, Fig. 10a), ring, and Bruck's algorithm.
#include <algorithm>
#include <cstring>

#include "algorithms.hpp"
#include "transfer.hpp"
#include "weft/coll/group.hpp"

namespace weft::coll::detail {

void ring_allgatherv(const call& c, std::span<std::byte> buf, const std::vector<std::size_t>& off, int shift) {
  const int p = c.g->size(), me = c.g->rank();
  auto block = [&](int r) { return block_of(buf, off, r); };
  for (int s = 0; s + 1 < p; ++s)
    exchange(c, (me + 1) % p, block(wrap(me + shift - s, p)), wrap(me - 1, p), block(wrap(me + shift - s - 1, p)));
}

void allgather_ring(const call& c) {
  const int p = c.g->size();
  const std::size_t b = c.in.size();
  if (b > 0) std::memcpy(c.out.data() + static_cast<std::size_t>(c.g->rank()) * b, c.in.data(), b);
  ring_allgatherv(c, c.out, uniform_blocks(b, p), 0);
}

void allgather_recursive_doubling(const call& c) {
  const int p = c.g->size(), me = c.g->rank(), p2 = floor_pow2(p);
  const std::size_t b = c.in.size();
  auto block = [&](int r) { return c.out.subspan(static_cast<std::size_t>(r) * b, b); };
  if (b > 0) std::memcpy(block(me).data(), c.in.data(), b);
  // Beyond the largest power of two, member r hands its block to r - p2 and gets the result back.
  if (me >= p2) {
    send_to(c, me - p2, c.in);
    recv_from(c, me - p2, c.out);
    return;
  }
  if (me + p2 < p) recv_from(c, me + p2, block(me + p2));
  // At step k members exchange the blocks of their aligned range of 2^k virtual ranks (each
  // virtual rank v carrying blocks v and v + p2), so data doubles every step.
  std::vector<std::byte> out_buf, in_buf;
  auto pack_range = [&](int base, int len, std::vector<std::byte>& into, bool pack) {
    std::size_t at = 0;
    for (int v = base; v < base + len; ++v)
      for (int r : {v, v + p2}) {
        if (r >= p) continue;
        if (pack) std::copy_n(block(r).begin(), b, into.begin() + static_cast<std::ptrdiff_t>(at));
        else std::copy_n(into.begin() + static_cast<std::ptrdiff_t>(at), b, block(r).begin());
        at += b;
      }
    return at;
  };
  auto range_bytes = [&](int base, int len) {
    int n = 0;
    for (int v = base; v < base + len; ++v) n += 1 + (v + p2 < p ? 1 : 0);
    return static_cast<std::size_t>(n) * b;
  };
  for (int mask = 1; mask < p2; mask <<= 1) {
    const int partner = me ^ mask, mine = me & ~(mask - 1), theirs = partner & ~(mask - 1);
    if (p2 == p) {  // no folded members: each range is contiguous in the result, sent and received in place
      const auto len = static_cast<std::size_t>(mask) * b;
      exchange(c, partner, c.out.subspan(static_cast<std::size_t>(mine) * b, len), partner,
               c.out.subspan(static_cast<std::size_t>(theirs) * b, len));
      continue;
    }
    out_buf.resize(range_bytes(mine, mask));
    in_buf.resize(range_bytes(theirs, mask));
    pack_range(mine, mask, out_buf, true);
    exchange(c, partner, out_buf, partner, in_buf);
    pack_range(theirs, mask, in_buf, false);
  }
  if (me + p2 < p) {
    send_to(c, me + p2, c.out);
  }
}

void allgather_bruck(const call& c) {
  const int p = c.g->size(), me = c.g->rank();
  const std::size_t b = c.in.size();
  // tmp holds blocks me, me+1, ... in that order; a final rotation puts them in rank order.
  std::vector<std::byte> tmp(static_cast<std::size_t>(p) * b);
  std::copy(c.in.begin(), c.in.end(), tmp.begin());
  for (int pow = 1; pow < p; pow <<= 1) {
    const auto cnt = static_cast<std::size_t>(std::min(pow, p - pow));
    auto out = std::span<const std::byte>(tmp).subspan(0, cnt * b);
    auto in = std::span<std::byte>(tmp).subspan(static_cast<std::size_t>(pow) * b, cnt * b);
    exchange(c, wrap(me - pow, p), out, (me + pow) % p, in);
  }
  for (int j = 0; j < p; ++j)
    std::copy_n(tmp.begin() + static_cast<std::ptrdiff_t>(static_cast<std::size_t>(j) * b), b,
                c.out.begin() + static_cast<std::ptrdiff_t>(static_cast<std::size_t>(wrap(me + j, p)) * b));
}

}  // namespace weft::coll::detail
