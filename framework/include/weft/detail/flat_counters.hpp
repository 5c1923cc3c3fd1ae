#pragma once
// Counters by key in one flat table (open addressing, linear probing, a power-of-two size,
// Fibonacci hashing): what the engine keeps per pair of PEs and per source of a receiver, looked
// up once per message. std::unordered_map spent a node per key and a division per lookup there,
// and its nodes were seldom in the cache.

#include <bit>
#include <cstdint>
#include <vector>

namespace weft::detail {

class flat_counters {
 public:
  /// The counter of `key` (any value but UINT64_MAX), 0 when first asked.
  std::uint64_t& operator[](std::uint64_t key) {
    if (2 * (used_ + 1) > slots_.size()) grow();
    for (std::size_t i = home(key);; i = (i + 1) & (slots_.size() - 1)) {
      auto& s = slots_[i];
      if (s.key == key) return s.count;
      if (s.key == empty) {
        ++used_;
        s.key = key;
        return s.count;
      }
    }
  }

 private:
  static constexpr std::uint64_t empty = UINT64_MAX;
  struct slot {
    std::uint64_t key = empty;
    std::uint64_t count = 0;
  };
  std::size_t home(std::uint64_t key) const { return static_cast<std::size_t>((key * 0x9E3779B97F4A7C15ULL) >> shift_); }
  void grow() {
    std::vector<slot> old(slots_.size() < 8 ? 16 : 2 * slots_.size());
    old.swap(slots_);
    shift_ = 64 - std::countr_zero(slots_.size());
    used_ = 0;
    for (const auto& s : old)
      if (s.key != empty) (*this)[s.key] = s.count;
  }
  std::vector<slot> slots_;
  std::size_t used_ = 0;
  int shift_ = 64;
};

}  // namespace weft::detail
