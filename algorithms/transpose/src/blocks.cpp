#include "weft/transpose/blocks.hpp"

#include <stdexcept>
#include <string>

namespace weft::transpose {

std::vector<block> initial_blocks(const layout& l, int rank) {
  std::vector<block> out;
  for (int dst : l.partners(rank)) {
    block b{rank, dst, {}};
    b.values.reserve(static_cast<std::size_t>(l.block_size(rank, dst)));
    // The sender only has its own data: A's row-major values at its source offsets.
    l.for_each_in_block(rank, dst, [&](std::int64_t src_off, std::int64_t) {
      auto [r, c] = l.position(rank, src_off);
      b.values.push_back(l.value(r, c));
    });
    out.push_back(std::move(b));
  }
  return out;
}

parcel pack(const std::vector<block>& blocks) {
  parcel p;
  for (const auto& b : blocks) {
    p.wire.push_back(b.src);
    p.wire.push_back(b.dst);
    p.wire.push_back(static_cast<double>(b.values.size()));
    p.wire.insert(p.wire.end(), b.values.begin(), b.values.end());
    p.elements += static_cast<std::int64_t>(b.values.size());
  }
  return p;
}

void unpack(const received& message, std::vector<block>& into) {
  auto wire = message.as_vector<double>();
  std::int64_t elements = 0;
  for (std::size_t i = 0; i < wire.size();) {
    if (i + 3 > wire.size()) throw std::runtime_error("truncated block header from PE " + std::to_string(message.source));
    block b{static_cast<int>(wire[i]), static_cast<int>(wire[i + 1]), {}};
    auto count = static_cast<std::size_t>(wire[i + 2]);
    i += 3;
    if (i + count > wire.size()) throw std::runtime_error("truncated block from PE " + std::to_string(message.source));
    b.values.assign(wire.begin() + static_cast<std::ptrdiff_t>(i), wire.begin() + static_cast<std::ptrdiff_t>(i + count));
    i += count;
    elements += static_cast<std::int64_t>(count);
    into.push_back(std::move(b));
  }
  if (elements != message.modelled_bytes)
    throw std::runtime_error("message from PE " + std::to_string(message.source) + " carries " +
                             std::to_string(elements) + " elements but was charged for " +
                             std::to_string(message.modelled_bytes));
}

void place_and_verify(const layout& l, int rank, const std::vector<block>& held) {
  std::vector<double> part(static_cast<std::size_t>(l.elements_per_pe()));
  std::vector<char> filled(part.size(), 0);
  for (const auto& b : held) {
    if (b.dst != rank)
      throw std::runtime_error("PE " + std::to_string(rank) + " ended with a block for PE " + std::to_string(b.dst));
    std::size_t k = 0;
    l.for_each_in_block(b.src, rank, [&](std::int64_t, std::int64_t dst_off) {
      if (k >= b.values.size()) return;
      auto at = static_cast<std::size_t>(dst_off);
      part[at] = b.values[k++];
      filled[at] += 1;
    });
    if (k != b.values.size())
      throw std::runtime_error("block " + std::to_string(b.src) + "->" + std::to_string(rank) + " has " +
                               std::to_string(b.values.size()) + " elements, expected " + std::to_string(k));
  }
  for (std::size_t i = 0; i < part.size(); ++i) {
    auto [r, c] = l.position(rank, static_cast<std::int64_t>(i));
    if (filled[i] != 1)
      throw std::runtime_error("PE " + std::to_string(rank) + ": element (" + std::to_string(r) + ", " +
                               std::to_string(c) + ") of A^T arrived " + std::to_string(filled[i]) + " times");
    if (part[i] != l.value(c, r))  // Aᵀ(r, c) = A(c, r)
      throw std::runtime_error("PE " + std::to_string(rank) + ": A^T(" + std::to_string(r) + ", " +
                               std::to_string(c) + ") = " + std::to_string(part[i]) + ", expected " +
                               std::to_string(l.value(c, r)));
  }
}

}  // namespace weft::transpose
