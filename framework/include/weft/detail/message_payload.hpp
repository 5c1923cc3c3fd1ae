#pragma once
// A message's real bytes. Up to `in_place` bytes live inside the message: most messages of a
// traffic run, a barrier or a reduction of scalars are a header or a number, and a payload of
// its own on the heap cost them a malloc at the send, a cache miss at the receive and a free at
// the end (docs/PERFORMANCE.md, "The flit network against BookSim2"). Longer payloads keep a heap
// buffer, whose capacity a recycled message keeps (message_pool.hpp) and which a receiver takes
// without a copy.

#include <array>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <span>
#include <vector>

namespace weft::detail {

class message_payload {
 public:
  static constexpr std::size_t in_place = 16;

  std::size_t size() const { return small_ ? small_size_ : heap_.size(); }
  const std::byte* data() const { return small_ ? small_bytes_.data() : heap_.data(); }
  std::span<const std::byte> bytes() const { return {data(), size()}; }

  void assign(std::span<const std::byte> bytes) {
    small_ = bytes.size() <= in_place;
    if (small_) {
      small_size_ = static_cast<std::uint8_t>(bytes.size());
      if (!bytes.empty()) std::memcpy(small_bytes_.data(), bytes.data(), bytes.size());
      heap_.clear();
    } else {
      heap_.assign(bytes.begin(), bytes.end());
    }
  }
  /// Empty; a heap buffer keeps its capacity for the message's next use.
  void clear() {
    heap_.clear();
    small_ = true;
    small_size_ = 0;
  }
  /// The bytes as a vector: the heap buffer itself when there is one (this is left empty).
  std::vector<std::byte> take() {
    if (!small_) return std::move(heap_);
    std::vector<std::byte> out(small_bytes_.begin(), small_bytes_.begin() + small_size_);
    small_size_ = 0;
    return out;
  }

 private:
  std::vector<std::byte> heap_;
  std::array<std::byte, in_place> small_bytes_{};
  std::uint8_t small_size_ = 0;
  bool small_ = true;
};

}  // namespace weft::detail
