#pragma once
// Point-to-point steps shared by the algorithms: send to / receive from a group rank, checking
// that what arrives has exactly the size this PE expects (sizes that differ across PEs are
// reported here, naming both PEs, instead of corrupting data or hanging).

#include <bit>
#include <cstddef>
#include <span>
#include <string>
#include <vector>

#include "weft/coll/detail/call.hpp"
#include "weft/coll/group.hpp"

namespace weft::coll::detail {

/// Starts a send of `data` to group rank `to`.
request isend_to(const call& c, int to, std::span<const std::byte> data);
/// Sends `data` to group rank `to` and waits for the send (pe::send).
void send_to(const call& c, int to, std::span<const std::byte> data);
/// Receives from group rank `from` into `into`; throws if the size differs.
void recv_from(const call& c, int from, std::span<std::byte> into);
/// Copies a received message into `into`; throws if the size differs.
void take(const call& c, int from, const received& m, std::span<std::byte> into);
/// Sends `out` to `to` and receives `in` from `from` at the same time.
void exchange(const call& c, int to, std::span<const std::byte> out, int from, std::span<std::byte> in);
/// acc = op(acc, in) (in_first: op(in, acc)), charging the host's reduction time per byte.
void combine(const call& c, std::span<std::byte> acc, std::span<const std::byte> in, bool in_first);
/// Charges the host's cost of entering a collective call (host_model::coll_call).
void charge_call(const call& c);

/// Waits for the send requests.
void wait_sends(const call& c, std::vector<request>& sends);

/// "PE 3 (group rank 1) in allreduce/ring: " — the prefix of every error message.
std::string where(const call& c);

/// Offsets of P blocks that cut `bytes` at element boundaries as evenly as possible
/// (the first blocks get one element more); size P + 1.
std::vector<std::size_t> split_blocks(std::size_t bytes, std::size_t elem, int parts);

/// Offsets of P blocks of `block` bytes each; size P + 1.
std::vector<std::size_t> uniform_blocks(std::size_t block, int parts);

/// Block `i` of `data` as cut by `offsets` (split_blocks or uniform_blocks).
template <class Byte>
std::span<Byte> block_of(std::span<Byte> data, const std::vector<std::size_t>& offsets, int i) {
  const auto k = static_cast<std::size_t>(i);
  return data.subspan(offsets[k], offsets[k + 1] - offsets[k]);
}

/// x modulo p, in [0, p): ring positions.
inline int wrap(int x, int p) { return ((x % p) + p) % p; }

/// Largest power of two <= n (n >= 1).
inline int floor_pow2(int n) { return static_cast<int>(std::bit_floor(static_cast<unsigned>(n))); }


}  // namespace weft::coll::detail
