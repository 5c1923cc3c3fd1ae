#pragma once
// An allocator whose blocks start on a cache line: the flit network's per-channel and per-link
// arrays are indexed at random, and an element that starts mid-line (malloc aligns large blocks
// to 16 bytes) costs two L1 misses where one would do.

#include <cstddef>
#include <new>
#include <vector>

namespace weft::detail::flit {

inline constexpr std::size_t cache_line = 64;

template <class T>
struct cache_aligned {
  using value_type = T;
  cache_aligned() = default;
  template <class U>
  cache_aligned(const cache_aligned<U>&) {}
  T* allocate(std::size_t n) { return static_cast<T*>(::operator new(n * sizeof(T), std::align_val_t{cache_line})); }
  void deallocate(T* p, std::size_t) { ::operator delete(p, std::align_val_t{cache_line}); }
  template <class U>
  bool operator==(const cache_aligned<U>&) const {
    return true;
  }
};

/// A vector whose first element starts a cache line.
template <class T>
using aligned_vector = std::vector<T, cache_aligned<T>>;

}  // namespace weft::detail::flit
