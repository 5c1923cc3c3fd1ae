#pragma once
// A monotone priority queue (radix heap) for the engine's events. Events leave in
// non-decreasing time, so an event lands in the bucket of the highest bit where its time
// differs from the last time taken; each event moves down a few buckets at most, instead of
// sifting through a binary heap of a million entries (which cost a cache miss per level).
// Events of equal time sit in bucket 0, a small binary heap ordered by `TieLater`.

#include <algorithm>
#include <array>
#include <cstdint>
#include <vector>

namespace weft::detail {

template <class Event, class TieLater>
class event_queue {
 public:
  bool empty() const { return size_ == 0; }
  std::size_t size() const { return size_; }

  /// `e.time` must not be earlier than the last time taken.
  void push(const Event& e) {
    ++size_;
    const auto b = bucket_of(e.time);
    if (b == 0) {
      buckets_[0].push_back(e);
      std::push_heap(buckets_[0].begin(), buckets_[0].end(), TieLater{});
    } else {
      buckets_[b].push_back(e);
    }
  }

  /// Takes the earliest event if its time is at most `limit` and `accept(event)` holds for it.
  /// Leaves the queue untouched otherwise, so that later pushes at `limit` remain legal.
  template <class Accept>
  bool pop_if(std::int64_t limit, Accept accept, Event& out) {
    if (size_ == 0) return false;
    if (buckets_[0].empty()) {
      std::size_t i = 1;
      while (buckets_[i].empty()) ++i;
      auto& from = buckets_[i];
      std::int64_t m = from.front().time;
      for (const auto& e : from) m = std::min(m, e.time);
      if (m > limit) return false;
      last_ = m;
      for (const auto& e : from) buckets_[bucket_of(e.time)].push_back(e);
      from.clear();
      std::make_heap(buckets_[0].begin(), buckets_[0].end(), TieLater{});
    }
    auto& now = buckets_[0];
    if (now.front().time > limit || !accept(now.front())) return false;
    std::pop_heap(now.begin(), now.end(), TieLater{});
    out = now.back();
    now.pop_back();
    --size_;
    return true;
  }

 private:
  std::size_t bucket_of(std::int64_t t) const {
    auto diff = static_cast<std::uint64_t>(t ^ last_);
    return diff == 0 ? 0 : static_cast<std::size_t>(64 - __builtin_clzll(diff));
  }

  std::array<std::vector<Event>, 65> buckets_;
  std::int64_t last_ = 0;
  std::size_t size_ = 0;
};

}  // namespace weft::detail
