#include "weft/detail/engine.hpp"

#include <algorithm>
#include <functional>
#include <stdexcept>
#include <string>

namespace weft::detail {

engine::engine(const topology& topo, const routing& routing, const link_model& model,
               std::vector<node_id> node_of_rank, bool tracing)
    : topo_(topo),
      routing_(routing),
      model_(model),
      node_of_rank_(std::move(node_of_rank)),
      tracing_(tracing) {
  const auto nlinks = topo.links().size();
  link_free_.assign(nlinks, 0);
  links_.assign(nlinks, {});
  pending_starts_.resize(nlinks);
  pending_head_.assign(nlinks, 0);
  if (model_.ports == port_model::single_port) {
    inject_free_.assign(node_of_rank_.size(), 0);
    eject_free_.assign(node_of_rank_.size(), 0);
  }
}

std::int64_t engine::packet_bytes(const message& m, std::uint32_t packet) const {
  if (model_.mtu <= 0) return m.bytes;
  return std::min<std::int64_t>(model_.mtu, m.bytes - static_cast<std::int64_t>(packet) * model_.mtu);
}

void engine::inject(message* m) {
  {
    ++injected_;
    m->packets = model_.mtu > 0 && m->bytes > model_.mtu
                     ? static_cast<std::int32_t>((m->bytes + model_.mtu - 1) / model_.mtu)
                     : 1;
    node_id from = node_of_rank_[static_cast<std::size_t>(m->src)];
    node_id to = node_of_rank_[static_cast<std::size_t>(m->dst)];
    if (from == to) {
      // Same node: no link to cross, the copy is free and arrives when it is sent.
      if (m->send_request >= 0)
        push({m->ready.ps, tie_of(send_done, *m), m, 0, 0, from, 0});
      push({m->ready.ps, tie_of(delivery, *m), m, 0, 0, to, 0});
      return;
    }
    for (std::int32_t p = 0; p < m->packets; ++p)
      push({m->ready.ps, tie_of(hop_request, *m), m, static_cast<std::uint32_t>(p), 0, from, 0});
  }
}

void engine::absorb_status(const pe_state& pe) {
  if (pe.status == pe_status::syncing) {
    syncing_.push_back({pe.sync_until, pe.rank});
    std::push_heap(syncing_.begin(), syncing_.end(), std::greater<>{});
  }
}

std::int32_t engine::queue_depth(link_id l, std::int64_t at, std::int64_t start) {
  // Starts on one link are non-decreasing (FIFO), so the packets still waiting at time `at`
  // are a suffix of the pending list.
  auto& pending = pending_starts_[static_cast<std::size_t>(l)];
  auto& head = pending_head_[static_cast<std::size_t>(l)];
  if (head == pending.size() && start <= at) return 0;  // an idle link: the common case
  while (head < pending.size() && pending[head] <= at) ++head;
  if (head == pending.size()) {
    pending.clear();
    head = 0;
  } else if (head > 64 && head * 2 > pending.size()) {
    pending.erase(pending.begin(), pending.begin() + head);
    head = 0;
  }
  if (start > at) pending.push_back(start);
  return static_cast<std::int32_t>(pending.size() - head);
}

void engine::process_hop(const event& e, std::span<pe_state> pes) {
  message& m = *e.msg;
  const node_id dst_node = node_of_rank_[static_cast<std::size_t>(m.dst)];
  route_state state{node_of_rank_[static_cast<std::size_t>(m.src)], 0, e.stage, 0};
  const link_id l = routing_.first_hop(e.at, dst_node, state).link;
  if (l < 0)
    throw std::logic_error("routing " + routing_.name() + " gave no next hop from node " +
                           std::to_string(e.at) + " toward node " + std::to_string(dst_node));
  const node_id next = topo_.link_at(l).to;
  const bool first = e.stage == 0;
  const bool last = next == dst_node;
  const bool single = model_.ports == port_model::single_port;
  const auto src = static_cast<std::size_t>(m.src);
  const auto dst = static_cast<std::size_t>(m.dst);

  std::int64_t start = std::max(e.time, link_free_[static_cast<std::size_t>(l)]);
  if (single && first) start = std::max(start, inject_free_[src]);
  if (single && last) start = std::max(start, eject_free_[dst]);
  const std::int64_t pbytes = packet_bytes(m, e.packet);
  const std::int64_t setup = first && e.packet == 0 ? model_.setup_for(m.bytes, m.chained).ps : 0;
  const std::int64_t serial = model_.tau_for(m.bytes).serialize(pbytes).ps;
  std::int64_t end = start + setup + serial;
  const std::int64_t lambda = model_.hop_latency.ps;
  if (model_.mode == switching::cut_through && !first)
    end = std::max(end, e.prev_end + lambda);  // the tail cannot outrun the previous link

  auto& stats = links_[static_cast<std::size_t>(l)];
  stats.bytes += pbytes;
  stats.busy.ps += end - start;
  ++stats.packets;
  if (start > e.time) {
    ++stats.waited;
    stats.wait_total.ps += start - e.time;
  }
  stats.max_queue = std::max(stats.max_queue, queue_depth(l, e.time, start));
  link_free_[static_cast<std::size_t>(l)] = end;
  if (single && first) inject_free_[src] = end;
  if (single && last) eject_free_[dst] = end;
  if (tracing_) link_spans_.push_back({l, m.src, m.dst, {start}, {end}});
  if (e.packet == 0) ++m.hops;

  if (first && e.packet + 1 == static_cast<std::uint32_t>(m.packets) && m.send_request >= 0)
    push({end, tie_of(send_done, m), &m, 0, 0, e.at, 0});

  if (last) {
    if (e.packet + 1 == static_cast<std::uint32_t>(m.packets))
      push({end + lambda, tie_of(delivery, m), &m, 0, 0, next, 0});
    return;
  }
  // Store-and-forward: the next link is requested once the whole packet has arrived.
  // Cut-through: as soon as the head has crossed this link.
  std::int64_t next_request = model_.mode == switching::cut_through ? start + setup + lambda : end + lambda;
  push({next_request, tie_of(hop_request, m), &m, e.packet, e.stage + 1, next, end});
  (void)pes;
}

void engine::note_wake(pe_state& pe) {
  if (pe.woken) return;
  pe.woken = true;
  horizon_ = min(horizon_, max(pe.clock, pe.wake_at));
  resume_->push_back(pe.rank);
}

void engine::complete_request(pe_state& pe, int request, vtime at) {
  auto& slot = pe.requests[static_cast<std::size_t>(request)];
  slot.complete = true;
  slot.completion = at;
  if (!slot.waited) return;
  pe.wake_at = max(pe.wake_at, at);
  if (--pe.outstanding == 0 && pe.status == pe_status::blocked) note_wake(pe);
}

void engine::deliver(message* m, vtime at, std::span<pe_state> pes) {
  m->arrival = at;
  ++delivered_;
  last_arrival_ = max(last_arrival_, at);
  auto h = static_cast<std::size_t>(m->hops);
  if (hop_histogram_.size() <= h) hop_histogram_.resize(h + 1, 0);
  ++hop_histogram_[h];
  pe_state& pe = pes[static_cast<std::size_t>(m->dst)];
  if (auto r = pe.posted.take_for(m->src, m->tag)) {
    pe.requests[static_cast<std::size_t>(*r)].msg = m;
    complete_request(pe, *r, at);
  } else {
    pe.unexpected.push(m->src, m->tag, m);
  }
}

engine::outcome engine::advance(std::span<pe_state> pes, std::vector<int>& resume) {
  ++phases_;
  resume.clear();
  resume_ = &resume;
  horizon_ = syncing_.empty() ? vtime::infinity() : syncing_.front().until;
  // PEs only inject hop requests; those at the horizon itself must wait for them. The horizon
  // only falls while we go, as PEs wake.
  auto committable = [this](const event& e) {
    return e.time < horizon_.ps || (e.tie >> 62) != hop_request;
  };
  event e;
  while (queue_.pop_if(horizon_.ps, committable, e)) {
    ++events_;
    switch (static_cast<kind>(e.tie >> 62)) {
      case hop_request:
        process_hop(e, pes);
        break;
      case delivery:
        deliver(e.msg, {e.time}, pes);
        break;
      case send_done: {
        pe_state& sender = pes[static_cast<std::size_t>(e.msg->src)];
        complete_request(sender, e.msg->send_request, {e.time});
        break;
      }
    }
  }
  while (!syncing_.empty() && syncing_.front().until <= horizon_) {
    std::pop_heap(syncing_.begin(), syncing_.end(), std::greater<>{});
    pe_state& pe = pes[static_cast<std::size_t>(syncing_.back().rank)];
    syncing_.pop_back();
    resume.push_back(pe.rank);  // a syncing PE waits on no request, only on the horizon
  }
  std::sort(resume.begin(), resume.end());
  for (int r : resume) pes[static_cast<std::size_t>(r)].woken = false;
  if (!resume.empty()) return outcome::resume;
  for (const auto& pe : pes)
    if (pe.status != pe_status::finished && pe.status != pe_status::failed) return outcome::deadlock;
  return outcome::finished;
}

}  // namespace weft::detail
