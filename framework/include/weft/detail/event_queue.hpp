#pragma once
// A monotone priority queue (radix heap) for the engine's events. Events leave in
// non-decreasing time, so an event lands in the bucket of the highest 4-bit digit where its
// time differs from the last time taken, and of its own value of that digit; a bucket taken
// (the earliest) spreads its events over buckets of lower digits. Each event moves down a few
// buckets at most, instead of sifting through a binary heap of a million entries (which cost a
// cache miss per level). (With one bucket per bit, an event moved about once per bit between
// its time and the time it was pushed at: a loaded traffic run's injections, pushed at its
// start, moved some twenty times each.)
//
// Events of the current time ("now") are ordered by tie (`TieLater`). Those moved down from a
// bucket together form one sorted run, read from the front; they usually arrive in tie order
// already (an event's successor keeps its tie), so the sort is skipped when it has nothing to
// do. Events pushed at the current time while it is processed are gathered unsorted and, at
// the next pop, either merged into the run (a batch, such as the messages PEs inject at the
// time they woke) or, when few beside a long run, pushed onto a small binary heap; each pop
// takes the smaller head of the run and the heap.

#include <algorithm>
#include <array>
#include <bit>
#include <cstdint>
#include <iterator>
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
    if (holds_now()) return last_;  // only events of time last_ are outside the buckets
    return earliest_bucket().time;
  }

  /// `e.time` must not be negative, nor earlier than the last time taken.
  void push(const Event& e) {
    ++size_;
    file(e, arrived_);
  }

  /// Moves every event to `out` (in no particular order) and empties the queue, which then
  /// takes events of any time (not negative) again.
  void take_all(std::vector<Event>& out) {
    for (auto& b : buckets_) {
      out.insert(out.end(), b.begin(), b.end());
      b.clear();
    }
    earliest_.fill(INT64_MAX);
    filled_.fill(0);
    out.insert(out.end(), run_.begin() + static_cast<std::ptrdiff_t>(run_head_), run_.end());
    out.insert(out.end(), heap_.begin(), heap_.end());
    out.insert(out.end(), arrived_.begin(), arrived_.end());
    run_.clear();
    run_head_ = 0;
    heap_.clear();
    arrived_.clear();
    last_ = 0;
    size_ = 0;
  }

  /// Calls `f(event)` on every queued event, in no particular order.
  template <class F>
  void for_each(F f) const {
    for (const auto& b : buckets_)
      for (const auto& e : b) f(e);
    for (std::size_t i = run_head_; i < run_.size(); ++i) f(run_[i]);
    for (const auto& e : heap_) f(e);
    for (const auto& e : arrived_) f(e);
  }

  /// Takes the earliest event if its time is at most `limit` and `accept(event)` holds for it.
  /// Leaves the queue untouched otherwise, so that later pushes at `limit` remain legal.
  template <class Accept>
  bool pop_if(std::int64_t limit, Accept accept, Event& out) {
    if (size_ == 0) return false;
    if (!arrived_.empty()) absorb_arrivals();
    if (run_head_ == run_.size() && heap_.empty()) {
      const auto [i, m] = earliest_bucket();
      if (m > limit) return false;
      auto& from = buckets_[i];
      last_ = m;
      run_.clear();
      run_head_ = 0;
      earliest_[i] = INT64_MAX;
      filled_[i >> 6] &= ~(std::uint64_t{1} << (i & 63));
      // All of one time, the common case: the bucket becomes the run, uncopied.
      if (std::all_of(from.begin(), from.end(), [m](const Event& e) { return e.time == m; })) {
        run_.swap(from);
      } else {
        for (const auto& e : from) file(e, run_);
        from.clear();
      }
      put_in_order(run_);
    }
    const bool from_run = heap_.empty() || (run_head_ < run_.size() && earlier(run_[run_head_], heap_.front()));
    const Event& head = from_run ? run_[run_head_] : heap_.front();
    if (head.time > limit || !accept(head)) return false;
    if (from_run) {
      out = run_[run_head_++];
    } else {
      std::pop_heap(heap_.begin(), heap_.end(), TieLater{});
      out = heap_.back();
      heap_.pop_back();
    }
    --size_;
    return true;
  }

 private:
  /// `a` leaves before `b`. A function object, not a function: std::sort and std::is_sorted
  /// then compare inline (a function's address was called 1.4 million times in a loaded
  /// flit-network run).
  struct earlier_than {
    bool operator()(const Event& a, const Event& b) const { return TieLater{}(b, a); }
  };
  static constexpr earlier_than earlier{};

  bool holds_now() const { return run_head_ < run_.size() || !heap_.empty() || !arrived_.empty(); }

  /// Sorts `events` (of one time) by tie. They usually come as a long run in order (filed long
  /// before: the injections of that time, pushed PE by PE) and a few after it out of order
  /// (pushed since: deliveries due then, in the order their packets left the network), which
  /// go first: those few are sorted and merged in, where a sort of all was 1 % of a loaded flit
  /// run's instructions.
  void put_in_order(std::vector<Event>& events) {
    const auto descent = std::is_sorted_until(events.begin(), events.end(), earlier);
    if (descent == events.end()) return;
    std::sort(descent, events.end(), earlier);
    merged_.clear();
    std::merge(events.begin(), descent, descent, events.end(), std::back_inserter(merged_), earlier);
    events.swap(merged_);
  }

  /// Files the events pushed at the current time since the last pop.
  void absorb_arrivals() {
    put_in_order(arrived_);
    const std::size_t left = run_.size() - run_head_;
    if (left == 0 || !earlier(arrived_.front(), run_.back())) {  // they extend the run
      if (left == 0) {
        run_.clear();
        run_head_ = 0;
      }
      run_.insert(run_.end(), arrived_.begin(), arrived_.end());
    } else if (arrived_.size() * 8 >= left) {  // a batch: one merge, linear in both
      merged_.clear();
      std::merge(run_.begin() + static_cast<std::ptrdiff_t>(run_head_), run_.end(), arrived_.begin(),
                 arrived_.end(), std::back_inserter(merged_), earlier);
      run_.swap(merged_);
      run_head_ = 0;
    } else {  // a few beside a long run
      for (const auto& e : arrived_) {
        heap_.push_back(e);
        std::push_heap(heap_.begin(), heap_.end(), TieLater{});
      }
    }
    arrived_.clear();
  }

  struct bucket_head {
    std::size_t index;  ///< the lowest non-empty bucket above 0
    std::int64_t time;  ///< the earliest time in it
  };
  /// The queue is not empty and holds no event of the current time. Each bucket keeps its
  /// earliest time as events are filed: the engine asks for the earliest time at every network
  /// cycle, and a scan of the lowest bucket (the injections of the next many cycles, a cache
  /// line each) at every ask was most of the engine's cache misses in a loaded flit run.
  /// Whether the bucket is of one time is read only when it is taken.
  bucket_head earliest_bucket() const {
    std::size_t w = 0;
    std::uint64_t bits = filled_[0] & ~std::uint64_t{1};  // (bucket 0's bit is not kept)
    while (bits == 0) bits = filled_[++w];
    const std::size_t i = w * 64 + static_cast<std::size_t>(std::countr_zero(bits));
    return {i, earliest_[i]};
  }

  /// Files `e` in its bucket, or in `now` (arrived_ or run_) when it is of the current time.
  void file(const Event& e, std::vector<Event>& now) {
    const auto b = bucket_of(e.time);
    earliest_[b] = std::min(earliest_[b], e.time);    // (bucket 0's, the current time, is not read)
    filled_[b >> 6] |= std::uint64_t{1} << (b & 63);  // (nor its bit)
    (b == 0 ? now : buckets_[b]).push_back(e);
  }

  static constexpr int digit_bits = 4;
  static constexpr std::size_t digit_values = 16, buckets = 1 + 64 / digit_bits * digit_values;
  static std::array<std::int64_t, buckets> all_of_time(std::int64_t t) {
    std::array<std::int64_t, buckets> a;
    a.fill(t);
    return a;
  }

  /// 0: the current time; else 1 + 16 × the highest digit where `t` differs from it + t's value
  /// of that digit. Buckets in this order hold ever later times: an event shares the digits
  /// above its bucket's with the last time taken, and the digit there is its own.
  std::size_t bucket_of(std::int64_t t) const {
    const auto diff = static_cast<std::uint64_t>(t ^ last_);
    if (diff == 0) return 0;
    const int digit = (63 - __builtin_clzll(diff)) / digit_bits;
    return 1 + static_cast<std::size_t>(digit) * digit_values +
           static_cast<std::size_t>((static_cast<std::uint64_t>(t) >> (digit * digit_bits)) & (digit_values - 1));
  }

  std::array<std::vector<Event>, buckets> buckets_;  // [0] unused: see run_, heap_ and arrived_
  std::array<std::int64_t, buckets> earliest_ = all_of_time(INT64_MAX);  // each bucket's earliest time
  std::array<std::uint64_t, (buckets + 63) / 64> filled_{};               // bit b: bucket b holds events
  std::vector<Event> run_;      // current time, earliest tie first, read from run_head_
  std::size_t run_head_ = 0;
  std::vector<Event> heap_;     // current time: a binary heap (earliest tie on top)
  std::vector<Event> arrived_;  // current time, pushed since the last pop, unsorted
  std::vector<Event> merged_;   // scratch of absorb_arrivals and put_in_order
  // The last time taken. Before any, 0, the earliest time there is: what a run's PEs push
  // before it starts (a traffic run's first block of packets) is filed by its time at
  // once, where below every time (-1) it all went to one bucket first and was copied again.
  std::int64_t last_ = 0;
  std::size_t size_ = 0;
};

}  // namespace weft::detail
