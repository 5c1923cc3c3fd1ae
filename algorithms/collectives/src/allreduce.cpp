// Allreduce: dissemination (seed 003 §4.6, Fig. 10b), recursive doubling, and ring
// (reduce-scatter + allgather, bandwidth-optimal for large data).
//
// Dissemination and recursive doubling need a power of two: with P = p2 + rem, members
// p2..P-1 first fold their data into members 0..rem-1 and get the result back at the end
// (two extra steps, as MPICH does), so no contribution is ever counted twice.
#include <cstring>

#include "algorithms.hpp"
#include "transfer.hpp"
#include "weft/coll/group.hpp"

namespace weft::coll::detail {

namespace {

/// The result starts as this member's input (already in place for allreduce's own calls).
void start_from_input(const call& c) {
  if (!c.in.empty() && c.in.data() != c.out.data()) std::memcpy(c.out.data(), c.in.data(), c.in.size());
}

/// Starts the result as this member's input; returns false for members outside the
/// power-of-two phase (they have handed over their data).
bool fold_in(const call& c, std::vector<std::byte>& tmp, int p2) {
  const int p = c.g->size(), me = c.g->rank();
  start_from_input(c);
  tmp.resize(c.in.size());
  if (me >= p2) {
    send_to(c, me - p2, c.in);
    return false;
  }
  if (me + p2 < p) {
    recv_from(c, me + p2, tmp);
    combine(c, c.out, tmp, false);
  }
  return true;
}

void fold_out(const call& c, int p2) {
  const int p = c.g->size(), me = c.g->rank();
  if (me >= p2) {
    recv_from(c, me - p2, c.out);
  } else if (me + p2 < p) {
    send_to(c, me + p2, c.out);
  }
}

}  // namespace

void allreduce_dissemination(const call& c) {
  const int p2 = floor_pow2(c.g->size()), me = c.g->rank();
  std::vector<std::byte> tmp;
  if (fold_in(c, tmp, p2)) {
    // After step k the result covers the 2^(k+1) members ending at this one (cyclically).
    for (int mask = 1; mask < p2; mask <<= 1) {
      exchange(c, (me + mask) % p2, c.out, (me - mask + p2) % p2, tmp);
      combine(c, c.out, tmp, true);
    }
  }
  fold_out(c, p2);
}

void allreduce_recursive_doubling(const call& c) {
  const int p2 = floor_pow2(c.g->size()), me = c.g->rank();
  std::vector<std::byte> tmp;
  if (fold_in(c, tmp, p2)) {
    for (int mask = 1; mask < p2; mask <<= 1) {
      const int partner = me ^ mask;
      exchange(c, partner, c.out, partner, tmp);
      combine(c, c.out, tmp, partner < me);
    }
  }
  fold_out(c, p2);
}

void allreduce_ring(const call& c) {
  const int p = c.g->size(), me = c.g->rank();
  start_from_input(c);
  const auto off = split_blocks(c.out.size(), c.elem, p);
  auto seg = [&](int r) { return block_of(c.out, off, wrap(r, p)); };
  // Reduce-scatter: after P-1 steps member r holds the full result of segment r + 1.
  std::vector<std::byte> tmp;
  for (int s = 0; s + 1 < p; ++s) {
    auto in = seg(me - s - 1);
    tmp.resize(in.size());
    exchange(c, (me + 1) % p, seg(me - s), (me - 1 + p) % p, tmp);
    combine(c, in, tmp, true);
  }
  ring_allgatherv(c, c.out, off, 1);
}

}  // namespace weft::coll::detail
