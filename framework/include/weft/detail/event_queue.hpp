#pragma once
// A monotone priority queue (radix heap) for the engine's events. Events leave in
// non-decreasing time, so an event lands in the bucket of the highest bit where its time
// differs from the last time taken; each event moves down a few buckets at most, instead of
// sifting through a binary heap of a million entries (which cost a cache miss per level).
// Events of the current time sit in bucket 0: those moved down together are sorted once (a
// run popped from the back), those pushed at the current time while it is processed go to a
// small binary heap; each pop takes the smaller head of the two (ties ordered by `TieLater`).

#include <algorithm>
#include <array>
#include <cstdint>
#include <utility>
#include <vector>

namespace weft::detail {

template <class Event, class TieLater>
class event_queue {
 public:
  bool empty() const { return size_ == 0; }
  std::size_t size() const { return size_; }

  /// Time of the earliest event (INT64_MAX when empty), without taking it.
  std::int64_t min_time() const {
    if (size_ == 0) return INT64_MAX;
    if (!sorted_.empty() || !fresh_.empty()) return last_;  // bucket 0 holds time last_ only
    return earliest_bucket().second;
  }

  /// `e.time` must not be earlier than the last time taken.
  void push(const Event& e) {
    ++size_;
    const auto b = bucket_of(e.time);
    if (b == 0) {
      fresh_.push_back(e);
      std::push_heap(fresh_.begin(), fresh_.end(), TieLater{});
    } else {
      buckets_[b].push_back(e);
    }
  }

  /// Takes the earliest event if its time is at most `limit` and `accept(event)` holds for it.
  /// Leaves the queue untouched otherwise, so that later pushes at `limit` remain legal.
  template <class Accept>
  bool pop_if(std::int64_t limit, Accept accept, Event& out) {
    if (size_ == 0) return false;
    if (sorted_.empty() && fresh_.empty()) {
      const auto [i, m] = earliest_bucket();
      auto& from = buckets_[i];
      if (m > limit) return false;
      last_ = m;
      for (const auto& e : from) {
        const auto b = bucket_of(e.time);
        (b == 0 ? sorted_ : buckets_[b]).push_back(e);
      }
      from.clear();
      std::sort(sorted_.begin(), sorted_.end(), TieLater{});  // latest first: pop from the back
    }
    const bool from_sorted = fresh_.empty() || (!sorted_.empty() && TieLater{}(fresh_.front(), sorted_.back()));
    const Event& head = from_sorted ? sorted_.back() : fresh_.front();
    if (head.time > limit || !accept(head)) return false;
    if (from_sorted) {
      out = sorted_.back();
      sorted_.pop_back();
    } else {
      std::pop_heap(fresh_.begin(), fresh_.end(), TieLater{});
      out = fresh_.back();
      fresh_.pop_back();
    }
    --size_;
    return true;
  }

 private:
  /// The lowest non-empty bucket above 0 and the earliest time in it (the queue is not empty
  /// and bucket 0 is).
  std::pair<std::size_t, std::int64_t> earliest_bucket() const {
    std::size_t i = 1;
    while (buckets_[i].empty()) ++i;
    std::int64_t m = buckets_[i].front().time;
    for (const auto& e : buckets_[i]) m = std::min(m, e.time);
    return {i, m};
  }

  std::size_t bucket_of(std::int64_t t) const {
    auto diff = static_cast<std::uint64_t>(t ^ last_);
    return diff == 0 ? 0 : static_cast<std::size_t>(64 - __builtin_clzll(diff));
  }

  std::array<std::vector<Event>, 65> buckets_;  // [0] unused: see sorted_ and fresh_
  std::vector<Event> sorted_;  // current time, latest tie first
  std::vector<Event> fresh_;   // current time, pushed after the sort: a binary heap
  // Below every real time, so that a first batch all at time 0 is sorted, not heaped.
  std::int64_t last_ = -1;
  std::size_t size_ = 0;
};

}  // namespace weft::detail
