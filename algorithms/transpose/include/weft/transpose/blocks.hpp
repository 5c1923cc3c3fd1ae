#pragma once
// What travels: blocks of elements, each labelled with its source and destination PE, packed
// several to a message. The network is charged for the elements only (one "byte" of the model
// per element); the labels ride along for free so that receivers can check what they got.

#include <cstdint>
#include <vector>

#include "weft/pe.hpp"
#include "weft/transpose/layout.hpp"

namespace weft::transpose {

/// The elements PE `src` sends to PE `dst`, in the layout's canonical block order.
struct block {
  int src = 0;
  int dst = 0;
  std::vector<double> values;
};

/// This PE's data cut into the blocks it must deliver (one per partner, its own included).
std::vector<block> initial_blocks(const layout& l, int rank);

/// The blocks packed into one message; modelled size = number of elements.
struct parcel {
  std::vector<double> wire;  ///< [src, dst, count, values...] per block
  std::int64_t elements = 0;

  payload to_payload() const { return sized(wire, elements); }
};
parcel pack(const std::vector<block>& blocks);
/// Appends the blocks of a received message to `into`.
void unpack(const received& message, std::vector<block>& into);

/// Moves the blocks for which `leaves(block)` is true out of `held` (order kept in both).
template <class Pred>
std::vector<block> take_if(std::vector<block>& held, Pred leaves) {
  std::vector<block> out, stay;
  for (auto& b : held) (leaves(b) ? out : stay).push_back(std::move(b));
  held = std::move(stay);
  return out;
}

/// Puts the blocks addressed to `rank` into its part of Aᵀ and checks every element; throws
/// std::runtime_error naming the first missing, misplaced or wrong element.
void place_and_verify(const layout& l, int rank, const std::vector<block>& held);

}  // namespace weft::transpose
