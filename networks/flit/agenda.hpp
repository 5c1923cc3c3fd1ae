#pragma once
// What one engine partition of the flit network still has to do, by cycle, kept by the network
// instead of the engine's queue (network::agenda_time): flits and credits crossing links inside
// the partition, then the routers' cycles (ticks). At one cycle the arrivals commit first, in any
// order (each writes its own input VC or output VC, and asks for its router's cycle), then the
// ticks in node order: as the queue held them, arrivals before ticks, ticks keyed by node. What
// crosses from one partition to another stays an engine event, which is how partitions meet.
//
// Each kind lives in a calendar: the slots of the next cycles are a ring with a mask of the
// non-empty ones, later cycles wait in a heap until the ring reaches them. An arrival slot is a
// list; a tick slot is a set of nodes (a bitmap, with a bitmap of its non-zero words), so that a
// router asks for a cycle as often as it likes and the cycle's routers come out in node order
// without a sort.

#include <algorithm>
#include <bit>
#include <cstdint>
#include <vector>

#include "flit.hpp"

namespace weft::detail::flit {

/// Items by cycle: a ring of slots (a power of two, at most 64: as few as the usual distances
/// ahead need, so that the slots in use stay in the cache) from the last cycle opened, and a
/// heap beyond. Cycles are added at or after the last cycle opened. A Slot has
/// `bool add(Item)` (true when the item is new), `bool empty()`, `size()` and
/// `drain(each)`, which calls each(item) for every item and empties it.
template <class Item, class Slot>
class calendar {
 public:
  /// A ring of at least `ahead` + 1 slots: items up to `ahead` cycles ahead go to the ring.
  explicit calendar(std::int64_t ahead = 63)
      : ring_(static_cast<std::int64_t>(std::bit_ceil(static_cast<std::uint64_t>(std::clamp<std::int64_t>(ahead + 1, 2, 64))))),
        slots_(static_cast<std::size_t>(ring_)) {}

  std::size_t size() const { return size_ + far_.size(); }

  /// The earliest cycle holding an item (INT64_MAX: none).
  std::int64_t next() const {
    std::int64_t at = INT64_MAX;
    if (mask_ != 0) at = base_ + std::countr_zero(rotated(mask_, static_cast<int>(base_ & (ring_ - 1))));
    if (!far_.empty()) at = std::min(at, far_.front().cycle);
    return at;
  }

  void add(std::int64_t cycle, const Item& item) {
    if (cycle >= base_ + ring_) [[unlikely]]
      return add_far(cycle, item);
    size_ += slots_[static_cast<std::size_t>(cycle & (ring_ - 1))].add(item) ? 1 : 0;
    mask_ |= bit(cycle);
  }

  /// add(cycle, Item(args...)) for an item made in its place: a large item (an arrival, 64
  /// bytes) is then written once, not made aside (or zeroed) and copied in. For list slots.
  template <class... Args>
  void emplace(std::int64_t cycle, const Args&... args) {
    if (cycle >= base_ + ring_) [[unlikely]]
      return add_far(cycle, Item(args...));
    slots_[static_cast<std::size_t>(cycle & (ring_ - 1))].items.emplace_back(args...);
    ++size_;
    mask_ |= bit(cycle);
  }

  /// The slot of `cycle`, the earliest (== next()), to be read and then closed; the ring moves
  /// forward to it.
  Slot& open(std::int64_t cycle) {
    base_ = cycle;
    while (!far_.empty() && far_.front().cycle < base_ + ring_) {
      std::pop_heap(far_.begin(), far_.end(), later);
      add(far_.back().cycle, far_.back().item);
      far_.pop_back();
    }
    return slots_[static_cast<std::size_t>(cycle & (ring_ - 1))];
  }
  /// The open `cycle`'s slot, read and emptied by its reader, holds nothing now.
  void closed(std::int64_t cycle, std::size_t taken) {
    size_ -= taken;
    mask_ &= ~bit(cycle);
  }

  /// Every item with its cycle, `each(cycle, item)`, in no order; the calendar is then empty and
  /// takes cycles from `from` on.
  template <class F>
  void drain(std::int64_t from, F&& each) {
    for (std::int64_t i = 0; i < ring_; ++i)
      slots_[static_cast<std::size_t>(i)].drain(
          [&](const Item& item) { each(base_ + ((i - base_) & (ring_ - 1)), item); });
    for (const auto& f : far_) each(f.cycle, f.item);
    far_.clear();
    mask_ = 0;
    size_ = 0;
    base_ = from;
  }
  /// The earliest cycle an item may still be added at.
  std::int64_t base() const { return base_; }
  std::vector<Slot>& slots() { return slots_; }
  /// Every item, in no order.
  template <class F>
  void for_each(F&& each) const {
    for (const auto& s : slots_) s.for_each(each);
    for (const auto& f : far_) each(f.item);
  }

 private:
  struct later_item {
    std::int64_t cycle;
    Item item;
  };
  static bool later(const later_item& a, const later_item& b) { return a.cycle > b.cycle; }
  [[gnu::noinline]] void add_far(std::int64_t cycle, const Item& item) {
    far_.push_back({cycle, item});
    std::push_heap(far_.begin(), far_.end(), later);
  }
  std::uint64_t bit(std::int64_t cycle) const { return std::uint64_t{1} << (cycle & (ring_ - 1)); }
  /// `m` rotated right by `r` within the ring's bits.
  std::uint64_t rotated(std::uint64_t m, int r) const {
    if (ring_ == 64) return std::rotr(m, r);
    return ((m >> r) | (m << (ring_ - r))) & ((std::uint64_t{1} << ring_) - 1);
  }

  std::int64_t ring_;
  std::vector<Slot> slots_;
  std::uint64_t mask_ = 0;  ///< bit c % ring_: the slot of cycle c (in [base_, base_ + ring_)) holds items
  std::vector<later_item> far_;  ///< min-heap by cycle: items ring_ cycles or more ahead when added
  std::int64_t base_ = 0;        ///< the last cycle opened: no item is added before it
  std::size_t size_ = 0;
};

/// A flit written into input VC `channel` of router `at`.
struct arrival {
  arrival() = default;
  /// `f` having crossed `hops` links.
  arrival(const flit& crossing, std::int32_t hops, std::int32_t into, std::int32_t router)
      : f(crossing), channel(into), at(router) {
    f.hops = hops;
  }
  flit f;
  std::int32_t channel = 0;
  std::int32_t at = 0;
};

/// A credit back at output VC `out` (outputs_) of router `at`; `frees`: the tail-credit rule's
/// last one, which frees the VC.
struct credit {
  std::int32_t out = 0;
  std::int32_t at = 0;
  bool frees = false;
};

/// A slot of a calendar: a list.
template <class T>
struct list_slot {
  std::vector<T> items;
  bool add(const T& a) {
    items.push_back(a);
    return true;
  }
  template <class F>
  void drain(F&& each) {
    for (const auto& a : items) each(a);
    items.clear();
  }
  template <class F>
  void for_each(F&& each) const {
    for (const auto& a : items) each(a);
  }
};

/// A slot of ticks: the set of nodes, a bitmap over all of them, and a bitmap of its non-zero
/// words (so that its nodes come out in order without a sort, and a router asking for the
/// cycle sets two bits).
struct tick_slot {
  std::vector<std::uint64_t> words, used;
  void resize(std::size_t nodes) {
    words.assign((nodes + 63) / 64, 0);
    used.assign((words.size() + 63) / 64, 0);
  }
  bool add(std::int32_t node) {
    const auto w = static_cast<std::size_t>(node >> 6);
    const std::uint64_t b = std::uint64_t{1} << (node & 63), before = words[w];
    // Without a branch: whether the node was there already is the simulation's data.
    words[w] = before | b;
    used[w >> 6] |= std::uint64_t{1} << (w & 63);
    return (before & b) == 0;
  }
  /// Appends its nodes to `out` in ascending order and empties it.
  void take(std::vector<std::int32_t>& out) {
    drain([&](std::int32_t node) { out.push_back(node); });
  }
  /// Calls each(node) for its nodes in ascending order, and empties it.
  template <class F>
  void drain(F&& each) {
    for (std::size_t u = 0; u < used.size(); ++u) {
      for (std::uint64_t nonzero = used[u]; nonzero != 0; nonzero &= nonzero - 1) {
        const std::size_t w = u * 64 + static_cast<std::size_t>(std::countr_zero(nonzero));
        for (std::uint64_t bits = words[w]; bits != 0; bits &= bits - 1)
          each(static_cast<std::int32_t>(w * 64) + std::countr_zero(bits));
        words[w] = 0;
      }
      used[u] = 0;
    }
  }
};

/// One partition's arrivals (flits, then credits) and ticks.
class cycle_agenda {
 public:
  cycle_agenda() = default;
  /// For `nodes` routers, arrivals at most `ahead` cycles ahead (further is allowed, slower).
  cycle_agenda(std::int32_t nodes, std::int64_t ahead) : arrivals(ahead), credits(ahead) {
    for (auto& s : ticks_.slots()) s.resize(static_cast<std::size_t>(nodes));
  }
  std::int64_t next() const { return std::min({arrivals.next(), credits.next(), next_tick()}); }
  std::size_t size() const { return arrivals.size() + credits.size() + ticks_.size() + (running_.size() - head_); }

  /// A tick of router `node` at `cycle`; asking again for the same cycle changes nothing.
  void add_tick(std::int64_t cycle, std::int32_t node) {
    if (cycle != running_cycle_) [[likely]]
      return ticks_.add(cycle, node);
    add_running(node);
  }
  /// The earliest cycle with a tick (INT64_MAX: none). = std::lower_bound(running_.begin() + static_cast<std::ptrdiff_t>(head_), running_.end(), node);
  std::int64_t next_tick() const { return head_ < running_.size() ? running_cycle_ : ticks_.next(); }
  /// The first node (lowest id) with a tick at `cycle`, the earliest (== next_tick()).
  std::int32_t take_tick(std::int64_t cycle) {
    if (head_ == running_.size()) {
      running_.clear();
      head_ = 0;
      running_cycle_ = cycle;
      auto& slot = ticks_.open(cycle);
      slot.take(running_);
      ticks_.closed(cycle, running_.size());
    }
    const std::int32_t node = running_[head_++];
    if (head_ == running_.size()) running_cycle_ = -1;
    return node;
  }
  /// Every tick not yet run with its cycle, each(cycle, node), in no order; the agenda then
  /// holds none and takes cycles from `from` on.
  template <class F>
  void drain_ticks(std::int64_t from, F&& each) {
    for (; head_ < running_.size(); ++head_) each(running_cycle_, running_[head_]);
    running_.clear();
    head_ = 0;
    running_cycle_ = -1;
    ticks_.drain(from, each);
  }
  /// The earliest cycle anything may still be added at.
  std::int64_t base() const { return std::min({arrivals.base(), credits.base(), ticks_.base()}); }

  calendar<arrival, list_slot<arrival>> arrivals;
  calendar<credit, list_slot<credit>> credits;

 private:
  /// A tick at the cycle whose ticks are being run: among those still to come, in order (a node
  /// whose tick at this cycle has run gets another).
  [[gnu::noinline]] void add_running(std::int32_t node) {
    const auto at = std::lower_bound(running_.begin() + static_cast<std::ptrdiff_t>(head_), running_.end(), node);
    if (at == running_.end() || *at != node) running_.insert(at, node);
  }

  calendar<std::int32_t, tick_slot> ticks_{15};
  std::vector<std::int32_t> running_;  ///< the nodes of the cycle whose ticks are being run
  std::size_t head_ = 0;               ///< those before it have run
  std::int64_t running_cycle_ = -1;    ///< that cycle (-1: none)
};

}  // namespace weft::detail::flit
