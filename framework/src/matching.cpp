// Matching: posted receives and unexpected messages (MPI's order: the first posted receive that
// accepts a message takes it; a receive takes the earliest unexpected message it accepts), and
// the engine's delivery, which hands an arriving message to arrive() (weft/detail/arrival.hpp, the
// same code on both clocks) in its pair's order.
#include "weft/detail/matching.hpp"

#include "weft/detail/arrival.hpp"
#include "weft/detail/engine.hpp"

namespace weft::detail {

void posted_receives::post(int request, int src_filter, int tag_filter) {
  if (!indexed_) {
    if (flat_.size() < flat_limit) {
      flat_.push_back({request, src_filter, tag_filter});
      ++count_;
      return;
    }
    indexed_ = true;  // keep posting order: the flat entries go first
    count_ = 0;
    for (const auto& f : flat_) post_indexed(f.request, f.src_filter, f.tag_filter);
    flat_.clear();
  }
  post_indexed(request, src_filter, tag_filter);
}

void posted_receives::post_indexed(int request, int src_filter, int tag_filter) {
  entry e{next_order_++, request, tag_filter};
  if (src_filter >= 0)
    by_source_[src_filter].push_back(e);
  else
    any_source_.push_back(e);
  ++count_;
}

std::optional<std::size_t> posted_receives::first_accepting(const std::vector<entry>& q, int tag) {
  for (std::size_t i = 0; i < q.size(); ++i)
    if (tag_accepts(q[i].tag_filter, tag)) return i;
  return std::nullopt;
}

std::optional<int> posted_receives::take_for(int src, int tag) {
  if (count_ == 0) return std::nullopt;
  if (!indexed_) {
    for (std::size_t i = 0; i < flat_.size(); ++i) {
      const auto& f = flat_[i];
      if ((f.src_filter == src || f.src_filter < 0) && tag_accepts(f.tag_filter, tag)) {
        int request = f.request;
        flat_.erase(flat_.begin() + static_cast<std::ptrdiff_t>(i));
        --count_;
        return request;
      }
    }
    return std::nullopt;
  }
  std::vector<entry>* specific = nullptr;
  std::optional<std::size_t> at_specific;
  if (auto it = by_source_.find(src); it != by_source_.end()) {
    specific = &it->second;
    at_specific = first_accepting(*specific, tag);
  }
  auto at_any = first_accepting(any_source_, tag);
  std::vector<entry>* from = nullptr;
  std::size_t index = 0;
  if (at_specific && (!at_any || (*specific)[*at_specific].order < any_source_[*at_any].order)) {
    from = specific;
    index = *at_specific;
  } else if (at_any) {
    from = &any_source_;
    index = *at_any;
  } else {
    return std::nullopt;
  }
  int request = (*from)[index].request;
  // Empty per-source queues stay in the map: a peer that sent once usually sends again.
  from->erase(from->begin() + static_cast<std::ptrdiff_t>(index));
  if (--count_ == 0) indexed_ = false;
  return request;
}

void engine::deliver(partition& p, message* m, vtime at, pe_table& pes) {
  pe_state& pe = pes[m->dst];
  if (m->rank_copy != 0) [[unlikely]]  // a distributed run's copy: its receiver owns it from now on
    p.delivered_copies.push_back(m);
  if (!in_pair_order_) return hand_over(p, m, at, pe);
  // Adaptive routes: a message from a source is handed over only after every earlier one from it,
  // at the time the last of those arrived. (Only the receiver's partition touches its order.)
  if (!pe.order) pe.order = std::make_unique<pe_state::arrival_order>();
  auto& order = *pe.order;
  auto& next = order.next_from[static_cast<std::uint64_t>(m->src)];
  if (m->pair_seq != next) {
    order.early.emplace(std::pair{m->src, m->pair_seq}, m);
    return;
  }
  ++next;
  hand_over(p, m, at, pe);
  for (auto it = order.early.find({m->src, next}); it != order.early.end(); it = order.early.find({m->src, next})) {
    message* due = it->second;
    order.early.erase(it);
    ++next;
    hand_over(p, due, at, pe);
  }
}

void engine::hand_over(partition& p, message* m, vtime at, pe_state& pe) {
  ++p.delivered;
  p.last_arrival = max(p.last_arrival, at);
  auto h = static_cast<std::size_t>(m->hops);
  if (p.hop_histogram.size() <= h) p.hop_histogram.resize(h + 1, 0);
  ++p.hop_histogram[h];
  if (arrive(pe, m, at)) note_wake(p, pe);
}

}  // namespace weft::detail
