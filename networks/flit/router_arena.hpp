#pragma once
// The routers' small arrays (input ports, outputs, busy-port bitmap, allocator pointers) in one
// block of memory, router after router. A router's cycle reads most of them; as vectors of their
// own each sat in a cache line of its own, ten or so lines per router, and the cycle missed L1
// on most of them (docs/PERFORMANCE.md, "The flit network against BookSim2").

#include <cstddef>
#include <cstdint>
#include <new>
#include <vector>

namespace weft::detail::flit {

/// A fixed-size array inside a router_arena: a view that writes through (copying it copies
/// the view, not the elements).
template <class T>
class pooled_array {
 public:
  pooled_array() = default;
  pooled_array(T* data, std::size_t size) : data_(data), size_(static_cast<std::uint32_t>(size)) {}
  T& operator[](std::size_t i) const { return data_[i]; }
  std::size_t size() const { return size_; }
  bool empty() const { return size_ == 0; }
  T* data() const { return data_; }
  T* begin() const { return data_; }
  T* end() const { return data_ + size_; }

 private:
  T* data_ = nullptr;
  std::uint32_t size_ = 0;
};

/// The memory of every router's arrays. Laid out in two passes over the same calls: the first
/// (on an empty arena) only counts, the second places each array after the one before.
class router_arena {
 public:
  /// Ends the counting pass: the memory for what it counted, and the next take() starts at it.
  void allocate() {
    words_.assign((used_ + 7) / 8, 0);
    used_ = 0;
  }
  /// The place of a word of an array taken (T = std::uint64_t) in the arena, and the word there.
  std::uint32_t word_index(const std::uint64_t* word) const { return static_cast<std::uint32_t>(word - words_.data()); }
  std::uint64_t& word(std::uint32_t index) { return words_[index]; }
  /// `n` elements, each `fill`, after the last array taken (aligned for T).
  template <class T>
  pooled_array<T> take(std::size_t n, T fill) {
    static_assert(alignof(T) <= 8);
    used_ = (used_ + alignof(T) - 1) / alignof(T) * alignof(T);
    T* at = words_.empty() ? nullptr : reinterpret_cast<T*>(reinterpret_cast<unsigned char*>(words_.data()) + used_);
    used_ += n * sizeof(T);
    if (at != nullptr)
      for (std::size_t i = 0; i < n; ++i) ::new (static_cast<void*>(at + i)) T(fill);
    return {at, n};
  }

 private:
  std::vector<std::uint64_t> words_;
  std::size_t used_ = 0;  ///< bytes laid out so far
};

}  // namespace weft::detail::flit
