#pragma once
// MPI-style matching, indexed by source so that thousands of posted receives or early
// arrivals per PE cost O(1) each instead of a scan.
//
//   posted_receives: receives not yet matched, in posting order (filters may be wildcards);
//                    a delivered message takes the earliest-posted receive that accepts it.
//   unexpected_messages: delivered messages no receive has taken yet, in arrival order;
//                    a new receive takes the earliest arrival it accepts. The index by source
//                    is built at the first receive from a specific source (a PE that only
//                    receives from any source never pays for it).

#include <cstdint>
#include <optional>
#include <type_traits>
#include <unordered_map>
#include <utility>
#include <vector>

namespace weft::detail {

inline bool tag_accepts(int filter, int tag) {
  return filter == tag || (filter == INT32_MIN && tag >= 0);
}

class posted_receives {
 public:
  void post(int request, int src_filter, int tag_filter);
  /// Removes and returns the earliest-posted receive that accepts (src, tag).
  std::optional<int> take_for(int src, int tag);
  bool empty() const { return count_ == 0; }

 private:
  // Few receives outstanding (collectives, pipelines): one list in posting order, scanned —
  // MPI's rule read directly, and cheaper than hashing. Past `flat_limit` outstanding
  // receives (an all-to-all) they move to the per-source index until none is left.
  struct flat_entry {
    int request;
    int src_filter;
    int tag_filter;
  };
  static constexpr std::size_t flat_limit = 32;
  std::vector<flat_entry> flat_;
  bool indexed_ = false;
  void post_indexed(int request, int src_filter, int tag_filter);

  struct entry {
    std::uint64_t order;
    int request;
    int tag_filter;
  };
  // Vectors, not deques: most queues hold one entry, and a deque allocates 512 bytes up front.
  static std::optional<std::size_t> first_accepting(const std::vector<entry>& q, int tag);
  std::unordered_map<int, std::vector<entry>> by_source_;
  std::vector<entry> any_source_;
  std::uint64_t next_order_ = 0;
  std::size_t count_ = 0;
};

template <class Message>
class unexpected_messages {
 public:
  using time_type = std::remove_cvref_t<decltype(std::declval<Message&>().arrival)>;

  void push(int src, int tag, Message* m) {
    auto pos = static_cast<std::uint32_t>(all_.size());
    all_.push_back({m, src, tag});
    if (indexed_) by_source_[src].push_back(pos);
    ++count_;
  }

  bool empty() const { return count_ == 0; }

  /// Removes and returns the earliest arrival accepted by the filters.
  Message* take(int src_filter, int tag_filter) {
    if (count_ == 0) return nullptr;
    if (src_filter >= 0) {
      if (!indexed_) {
        for (std::size_t i = head_; i < all_.size(); ++i)
          if (all_[i].msg) by_source_[all_[i].src].push_back(static_cast<std::uint32_t>(i));
        indexed_ = true;
      }
      auto it = by_source_.find(src_filter);
      if (it == by_source_.end()) return nullptr;
      auto& q = it->second;
      for (std::size_t i = 0; i < q.size(); ++i) {
        auto& e = all_[q[i]];
        if (e.msg && tag_accepts(tag_filter, e.tag)) {
          q.erase(q.begin() + static_cast<std::ptrdiff_t>(i));
          return remove(e);
        }
      }
      return nullptr;
    }
    for (std::size_t i = head_; i < all_.size(); ++i) {
      auto& e = all_[i];
      if (e.msg && tag_accepts(tag_filter, e.tag)) {
        if (!indexed_) return remove(e);
        auto& q = by_source_[e.src];
        for (std::size_t j = 0; j < q.size(); ++j)
          if (q[j] == i) {
            q.erase(q.begin() + static_cast<std::ptrdiff_t>(j));
            break;
          }
        return remove(e);
      }
    }
    return nullptr;
  }

  std::size_t size() const { return count_; }
  /// How many messages of user tags (>= 0), the earliest in the order they came, arrived
  /// before `t`: that many receives of any source and any tag take them. Where the last count
  /// stopped is kept, so a caller that counts at ever later times and takes nothing reads each
  /// message once, not all of them at every count.
  std::size_t arrived_before(time_type t) {
    if (t < counted_before_) {  // earlier than the last count: count afresh
      counted_end_ = head_;
      counted_ = 0;
    }
    counted_before_ = t;
    if (counted_end_ < head_) counted_end_ = head_;  // (all before head_ was taken)
    for (; counted_end_ < all_.size(); ++counted_end_) {
      const entry& e = all_[counted_end_];
      if (!e.msg || e.tag < 0) continue;  // taken, or a library's (barrier, weft::coll): any_tag skips it
      if (!(e.msg->arrival < t)) break;
      ++counted_;
    }
    return counted_;
  }
  /// Everything still unreceived, in arrival order.
  std::vector<Message*> remaining() const {
    std::vector<Message*> out;
    for (const auto& e : all_)
      if (e.msg) out.push_back(e.msg);
    return out;
  }

 private:
  struct entry {
    Message* msg;
    int src;
    int tag;
  };
  Message* remove(entry& e) {
    Message* m = e.msg;
    if (static_cast<std::size_t>(&e - all_.data()) < counted_end_ && e.tag >= 0) --counted_;
    e.msg = nullptr;
    --count_;
    while (head_ < all_.size() && !all_[head_].msg) ++head_;
    // The next receives from any source take the earliest arrivals: their messages have seldom
    // been touched since they were delivered, so ask for the lines of the one `ahead` of the
    // next now (a PE draining its early arrivals, as a traffic PE does, waited on each: one
    // ahead was too late). A message is not aligned to a line: its last bytes (the arrival time,
    // which a receive reads first) are in a third line for half of them.
    constexpr std::size_t ahead = 3;
    if (head_ + ahead < all_.size() && all_[head_ + ahead].msg) {
      const char* const later = reinterpret_cast<const char*>(all_[head_ + ahead].msg);
      __builtin_prefetch(later);
      __builtin_prefetch(later + 64);
      __builtin_prefetch(later + sizeof(Message) - 1);
    }
    if (count_ == 0) {  // everything taken: start afresh so positions stay small
      all_.clear();
      by_source_.clear();
      indexed_ = false;
      head_ = 0;
      counted_end_ = 0;
      counted_ = 0;
    }
    return m;
  }
  std::vector<entry> all_;
  std::unordered_map<int, std::vector<std::uint32_t>> by_source_;  // positions in all_, when indexed_
  bool indexed_ = false;
  std::size_t head_ = 0;
  std::size_t count_ = 0;
  // arrived_before()'s last count: entries [head_, counted_end_) looked at, counted_ of them of a
  // user tag and not yet taken, every one arrived before counted_before_.
  std::size_t counted_end_ = 0, counted_ = 0;
  time_type counted_before_{};
};

}  // namespace weft::detail
