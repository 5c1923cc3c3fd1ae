#pragma once
// What one engine partition of the flit network still has to do, by cycle, kept by the network
// instead of the engine's queue (network::agenda_time): flits and credits crossing links inside
// the partition, then the routers' cycles (ticks). At one cycle the arrivals commit first, in any
// order (each writes its own input VC or output VC, and asks for its router's cycle), then the
// ticks in node order: as the queue held them, arrivals before ticks, ticks keyed by node. What
// crosses from one partition to another stays an engine event, which is how partitions meet.
//
// Each kind lives in a calendar: the slots of the next 64 cycles are a ring with a mask of the
// non-empty ones, later cycles wait in a heap until the ring reaches them.

#include <algorithm>
#include <bit>
#include <cstdint>
#include <vector>

#include "weft/detail/pe_state.hpp"

namespace weft::detail::flit {

/// Items by cycle. Cycles are added at or after the last cycle opened.
template <class Item>
class cycle_ring {
 public:
  bool empty() const { return size_ == 0; }
  std::size_t size() const { return size_; }

  /// The earliest cycle holding an item (INT64_MAX: none).
  std::int64_t next() const {
    std::int64_t at = INT64_MAX;
    if (mask_ != 0) at = base_ + std::countr_zero(std::rotr(mask_, static_cast<int>(base_ & (ring - 1))));
    if (!far_.empty()) at = std::min(at, far_.front().cycle);
    return at;
  }

  void add(std::int64_t cycle, const Item& item) {
    ++size_;
    if (cycle >= base_ + ring) {
      far_.push_back({cycle, item});
      std::push_heap(far_.begin(), far_.end(), later);
      return;
    }
    slots_[static_cast<std::size_t>(cycle & (ring - 1))].push_back(item);
    mask_ |= bit(cycle);
  }

  /// The items of `cycle`, the earliest (== next()), to be read and then closed; the ring moves
  /// forward to it.
  std::vector<Item>& open(std::int64_t cycle) {
    base_ = cycle;
    while (!far_.empty() && far_.front().cycle < base_ + ring) {
      std::pop_heap(far_.begin(), far_.end(), later);
      slots_[static_cast<std::size_t>(far_.back().cycle & (ring - 1))].push_back(far_.back().item);
      mask_ |= bit(far_.back().cycle);
      far_.pop_back();
    }
    return slots_[static_cast<std::size_t>(cycle & (ring - 1))];
  }
  /// The open `cycle`'s items are done with: its slot is empty again.
  void close(std::int64_t cycle) {
    auto& s = slots_[static_cast<std::size_t>(cycle & (ring - 1))];
    size_ -= s.size();
    s.clear();
    mask_ &= ~bit(cycle);
  }
  /// Puts `item` into the slot of the open `cycle`, in order among its items from index `from` on.
  void add_ordered(std::int64_t cycle, std::size_t from, const Item& item) {
    ++size_;
    auto& s = slots_[static_cast<std::size_t>(cycle & (ring - 1))];
    s.insert(std::upper_bound(s.begin() + static_cast<std::ptrdiff_t>(from), s.end(), item), item);
    mask_ |= bit(cycle);
  }

  /// Every item with its cycle, `each(cycle, item)`, in no order; the ring is then empty and
  /// takes cycles from `from` on.
  template <class F>
  void drain(std::int64_t from, F&& each) {
    for (std::int64_t i = 0; i < ring; ++i) {
      auto& s = slots_[static_cast<std::size_t>(i)];
      for (const auto& item : s) each(base_ + ((i - base_) & (ring - 1)), item);
      s.clear();
    }
    for (const auto& f : far_) each(f.cycle, f.item);
    far_.clear();
    mask_ = 0;
    size_ = 0;
    base_ = from;
  }
  /// Every item, in no order.
  template <class F>
  void for_each(F&& each) const {
    for (const auto& s : slots_)
      for (const auto& item : s) each(item);
    for (const auto& f : far_) each(f.item);
  }
  std::int64_t base() const { return base_; }

 private:
  static constexpr std::int64_t ring = 64;
  struct later_item {
    std::int64_t cycle;
    Item item;
  };
  static bool later(const later_item& a, const later_item& b) { return a.cycle > b.cycle; }
  static std::uint64_t bit(std::int64_t cycle) { return std::uint64_t{1} << (cycle & (ring - 1)); }

  std::vector<std::vector<Item>> slots_ = std::vector<std::vector<Item>>(static_cast<std::size_t>(ring));
  std::uint64_t mask_ = 0;  ///< bit c % 64: the slot of cycle c (in [base_, base_ + 64)) holds items
  std::vector<later_item> far_;  ///< min-heap by cycle: items 64 cycles or more ahead when added
  std::int64_t base_ = 0;        ///< the last cycle opened: no item is added before it
  std::size_t size_ = 0;
};

/// A flit written into an input VC (msg set), or a credit back at an output VC (msg null).
struct arrival {
  message* msg = nullptr;
  std::int64_t born = 0;  ///< a flit's: the cycle its packet entered the network
  std::uint32_t packet = 0, index = 0;
  std::int32_t channel = 0;  ///< a flit: the input VC it enters; a credit: the output VC (outputs_)
  std::int32_t at = 0;       ///< the router it reaches
  std::int32_t hops = 0;     ///< a flit: links its packet crossed; a credit: 1 when it frees the VC
  bool tail = false;
};

/// One partition's arrivals and ticks.
class cycle_agenda {
 public:
  std::int64_t next() const { return std::min(arrivals.next(), ticks.next()); }
  std::size_t size() const { return arrivals.size() + ticks.size(); }

  /// A tick of router `node` at `cycle` (each (cycle, node) once).
  void add_tick(std::int64_t cycle, std::int32_t node) {
    if (cycle == running_)  // the cycle whose ticks are being run: in order among those to come
      return ticks.add_ordered(cycle, head_, node);
    ticks.add(cycle, node);
  }
  /// The first node (lowest id) with a tick at `cycle`, the earliest (== ticks.next()).
  std::int32_t take_tick(std::int64_t cycle) {
    auto& s = ticks.open(cycle);
    if (cycle != running_) {
      running_ = cycle;
      head_ = 0;
      if (!std::is_sorted(s.begin(), s.end())) std::sort(s.begin(), s.end());
    }
    const std::int32_t node = s[head_++];
    if (head_ == s.size()) {
      ticks.close(cycle);
      running_ = -1;
    }
    return node;
  }
  /// Forgets every tick (a cycle partly run too); the next may be at any cycle from `from` on.
  void clear_ticks(std::int64_t from) {
    running_ = -1;
    ticks.drain(from, [](std::int64_t, std::int32_t) {});
  }
  /// The earliest cycle anything may still be added at.
  std::int64_t base() const { return std::min(arrivals.base(), ticks.base()); }

  cycle_ring<arrival> arrivals;
  cycle_ring<std::int32_t> ticks;

 private:
  std::int64_t running_ = -1;  ///< the cycle whose ticks are being taken (-1: none)
  std::size_t head_ = 0;       ///< its nodes before this one have run
};

}  // namespace weft::detail::flit
