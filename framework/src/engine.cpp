#include "weft/detail/engine.hpp"

#include <algorithm>
#include <functional>
#include <stdexcept>
#include <string>

#include "weft/detail/checked_time.hpp"

namespace weft::detail {

engine::engine(const topology& topo, const routing& routing, const link_model& model,
               std::vector<node_id> node_of_rank, bool tracing, int partitions)
    : topo_(topo),
      routing_(routing),
      model_(model),
      node_of_rank_(std::move(node_of_rank)),
      tracing_(tracing),
      hop_bound_(route_hop_limit(topo)) {
  // Partitions need a lookahead (λ) and must not share ports: a single-port PE's ejection port
  // is fed by links that may belong to different partitions.
  const bool can_split = model_.hop_latency.ps > 0 && model_.ports == port_model::all_port &&
                         topo.node_count() >= 2 * partitions;
  const int k = can_split ? std::clamp(partitions, 1, 64) : 1;
  parts_.resize(static_cast<std::size_t>(k));
  for (int i = 0; i < k; ++i) {
    parts_[static_cast<std::size_t>(i)].index = i;
    parts_[static_cast<std::size_t>(i)].outbox.resize(static_cast<std::size_t>(k));
  }
  active_ = 1;
  part_of_node_.assign(static_cast<std::size_t>(topo.node_count()), 0);
  set_active_partitions(k);
  const auto nlinks = topo.links().size();
  links_.assign(nlinks, {});
  link_to_.reserve(nlinks);
  for (const auto& l : topo.links()) link_to_.push_back(l.to);
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
    // isend refused messages of INT32_MAX packets or more; (bytes - 1) / mtu + 1 cannot overflow.
    m->packets = model_.mtu > 0 && m->bytes > model_.mtu
                     ? static_cast<std::int32_t>((m->bytes - 1) / model_.mtu + 1)
                     : 1;
    const node_id from = node_of_rank_[static_cast<std::size_t>(m->src)];
    const node_id to = node_of_rank_[static_cast<std::size_t>(m->dst)];
    m->src_node = from;
    m->dst_node = to;
    if (from == to) {
      // Same node: no link to cross, the copy is free and arrives when it is sent.
      partition& here = owner_of(from);
      if (m->send_request >= 0) here.queue.push({m->ready.ps, tie_of(send_done, *m), m, 0, 0, from, 0});
      here.queue.push({m->ready.ps, tie_of(delivery, *m), m, 0, 0, to, 0});
      return;
    }
    partition& here = owner_of(from);
    for (std::int32_t p = 0; p < m->packets; ++p)
      here.queue.push({m->ready.ps, tie_of(hop_request, *m), m, static_cast<std::uint32_t>(p), 0, from, 0});
  }
}

void engine::absorb_status(const pe_state& pe) {
  if (pe.status == pe_status::syncing) {
    auto& syncing = owner_of_rank(pe.rank).syncing;
    syncing.push_back({pe.sync_until, pe.rank});
    std::push_heap(syncing.begin(), syncing.end(), std::greater<>{});
  }
}

void engine::push(partition& from, const event& e) {
  const int to = part_of_node_[static_cast<std::size_t>(e.at)];
  if (to == from.index)
    from.queue.push(e);
  else
    from.outbox[static_cast<std::size_t>(to)].push_back(e);
}

std::int32_t engine::queue_depth(link_state& link, link_id l, std::int64_t at, std::int64_t start) {
  // Starts on one link are non-decreasing (FIFO), so the packets still waiting at time `at`
  // are a suffix of the pending list, and none waits once the latest of them has started.
  if (start <= at && link.latest_wait_start <= at) return 0;  // no queue: the common case
  auto& pending = pending_starts_[static_cast<std::size_t>(l)];
  auto& head = pending_head_[static_cast<std::size_t>(l)];
  while (head < pending.size() && pending[head] <= at) ++head;
  if (head == pending.size()) {
    pending.clear();
    head = 0;
  } else if (head > 64 && head * 2 > pending.size()) {
    pending.erase(pending.begin(), pending.begin() + head);
    head = 0;
  }
  if (start > at) {
    pending.push_back(start);
    link.latest_wait_start = start;
  }
  return static_cast<std::int32_t>(pending.size() - head);
}

void engine::process_hop(partition& p, const event& e) {
  message& m = *e.msg;
  const node_id dst_node = m.dst_node;
  if (e.stage >= hop_bound_) [[unlikely]]
    return stop_route(p, e, "has not arrived after " + std::to_string(e.stage) +
                                " links, the most a route may cross on this topology (a routing loop)");
  const route_state state{m.src_node, 0, e.stage, 0};
  const link_id l = routing_.first_hop(e.at, dst_node, state).link;
  if (l < 0) [[unlikely]]
    return stop_route(p, e, "has no next hop at node " + std::to_string(e.at));
  const node_id next = link_to_[static_cast<std::size_t>(l)];
  const bool first = e.stage == 0;
  const bool last = next == dst_node;
  const bool single = model_.ports == port_model::single_port;
  const auto src = static_cast<std::size_t>(m.src);
  const auto dst = static_cast<std::size_t>(m.dst);

  link_state& link = links_[static_cast<std::size_t>(l)];
  std::int64_t start = std::max(e.time, link.free);
  if (single && first) start = std::max(start, inject_free_[src]);
  if (single && last) start = std::max(start, eject_free_[dst]);
  const std::int64_t pbytes = packet_bytes(m, e.packet);
  const std::int64_t setup = first && e.packet == 0 ? model_.setup_for(m.bytes, m.chained).ps : 0;
  const std::int64_t serial = model_.tau_for(m.bytes).serialize(pbytes).ps;
  const std::int64_t lambda = model_.hop_latency.ps;
  std::int64_t head = 0, end = 0, after = 0;
  bool fits = add_time(start, setup, head) && add_time(head, serial, end);
  if (fits && model_.mode == switching::cut_through && !first)
    end = std::max(end, e.prev_end + lambda);  // the tail cannot outrun the previous link (checked there)
  // Every later time of this hop is at most end + λ (cut-through's head + λ too).
  fits = fits && add_time(end, lambda, after);
  if (!fits) [[unlikely]] {
    note_overflow(p, e, l, start, setup, serial);
    return;
  }

  auto& stats = link.stats;
  // Busy intervals of one link do not overlap, so their total is at most `end`; bytes carried and
  // the waits (which do overlap) can still pass int64 with huge modelled sizes or times.
  std::int64_t bytes = 0, waits = 0;
  if (__builtin_add_overflow(stats.bytes, pbytes, &bytes) ||
      __builtin_add_overflow(stats.wait_total.ps, start - e.time, &waits)) [[unlikely]] {
    stop(p, e, "count overflow: the bytes carried by link " + std::to_string(l) + " or the time its packets waited "
                 "for it pass the largest count, " + std::to_string(INT64_MAX));
    return;
  }
  stats.bytes = bytes;
  stats.busy.ps += end - start;
  ++stats.packets;
  if (start > e.time) {
    ++stats.waited;
    stats.wait_total.ps = waits;
  }
  stats.max_queue = std::max(stats.max_queue, queue_depth(link, l, e.time, start));
  link.free = end;
  if (single && first) inject_free_[src] = end;
  if (single && last) eject_free_[dst] = end;
  if (tracing_) p.spans.push_back({l, m.src, m.dst, {start}, {end}});
  if (e.packet == 0) ++m.hops;

  if (first && e.packet + 1 == static_cast<std::uint32_t>(m.packets) && m.send_request >= 0)
    push(p, {end, tie_of(send_done, m), &m, 0, 0, e.at, 0});

  if (last) {
    if (e.packet + 1 == static_cast<std::uint32_t>(m.packets))
      push(p, {end + lambda, tie_of(delivery, m), &m, 0, 0, next, 0});
    return;
  }
  // Store-and-forward: the next link is requested once the whole packet has arrived.
  // Cut-through: as soon as the head has crossed this link.
  std::int64_t next_request = model_.mode == switching::cut_through ? start + setup + lambda : end + lambda;
  push(p, {next_request, tie_of(hop_request, m), &m, e.packet, e.stage + 1, next, end});
}

void engine::stop(partition& p, const event& e, std::string problem) {
  p.dropped.push_back(e.msg);  // in no queue now: take_undelivered() hands it back for freeing
  p.overflow = std::move(problem);
  p.overflow_event = e;
}

void engine::note_overflow(partition& p, const event& e, link_id l, std::int64_t start, std::int64_t setup,
                           std::int64_t serial) {
  const message& m = *e.msg;
  const auto& link = topo_.link_at(l);
  auto t = [](std::int64_t ps) { return ps > latest_time.ps ? std::string("more than that time") : format_time({ps}); };
  stop(p, e,
       "virtual time overflow: the message from PE " + std::to_string(m.src) + " to PE " + std::to_string(m.dst) +
           " (" + std::to_string(m.bytes) + " bytes) on link " + std::to_string(l) + " (node " +
           std::to_string(link.from) + " -> " + std::to_string(link.to) + "), starting at " + t(start) +
           " with start-up " + t(setup) + ", serialization " + t(serial) + " and hop latency " +
           t(model_.hop_latency.ps) + ", ends past the latest virtual time, " + latest_time_text());
}

void engine::stop_route(partition& p, const event& e, const std::string& why) {
  // Every packet of the message takes the same route, so none of it reaches the receiver; it is
  // in no queue now, and take_undelivered() hands it back for freeing.
  p.dropped.push_back(e.msg);
  if (std::pair{e.time, e.tie} >= p.routing_error_at) return;
  p.routing_error_at = {e.time, e.tie};
  p.routing_error = "routing " + routing_.name() + " on " + topo_.spec() + ": the route from node " +
                    std::to_string(e.msg->src_node) + " to node " + std::to_string(e.msg->dst_node) + " " + why +
                    "; the message was dropped";
}

std::string engine::routing_error() const {
  const partition* earliest = &parts_.front();
  for (const auto& p : parts_)
    if (p.routing_error_at < earliest->routing_error_at) earliest = &p;
  return earliest->routing_error;
}

void engine::note_wake(partition& p, pe_state& pe) {
  if (pe.woken) return;
  pe.woken = true;
  p.horizon = min(p.horizon, max(pe.clock, pe.wake_at));
  p.resume.push_back(pe.rank);
}

void engine::complete_request(partition& p, pe_state& pe, int request, vtime at) {
  auto& slot = pe.requests[static_cast<std::size_t>(request)];
  slot.complete = true;
  slot.completion = at;
  if (!slot.waited) return;
  pe.wake_at = max(pe.wake_at, at);
  if (--pe.outstanding == 0 && pe.status == pe_status::blocked) note_wake(p, pe);
}

void engine::deliver(partition& p, message* m, vtime at, std::span<pe_state> pes) {
  m->arrival = at;
  ++p.delivered;
  p.last_arrival = max(p.last_arrival, at);
  auto h = static_cast<std::size_t>(m->hops);
  if (p.hop_histogram.size() <= h) p.hop_histogram.resize(h + 1, 0);
  ++p.hop_histogram[h];
  pe_state& pe = pes[static_cast<std::size_t>(m->dst)];
  if (auto r = pe.posted.take_for(m->src, m->tag)) {
    pe.requests[static_cast<std::size_t>(*r)].msg = m;
    complete_request(p, pe, *r, at);
  } else {
    pe.unexpected.push(m->src, m->tag, m);
  }
}

void engine::commit_window(partition& p, std::int64_t window_end, std::span<pe_state> pes) {
  // PEs only inject hop requests; those at the horizon itself must wait for them. The horizon
  // only falls while we go, as PEs wake. Events at or after the window's end wait for the
  // partitions' next window.
  auto committable = [&](const event& e) {
    return e.time < window_end && (e.time < p.horizon.ps || (e.tie >> 62) != hop_request);
  };
  event e;
  while (p.overflow.empty() && p.queue.pop_if(std::min(window_end, p.horizon.ps), committable, e)) {
    ++p.events;
    switch (static_cast<kind>(e.tie >> 62)) {
      case hop_request:
        process_hop(p, e);
        break;
      case delivery:
        deliver(p, e.msg, {e.time}, pes);
        break;
      case send_done: {
        pe_state& sender = pes[static_cast<std::size_t>(e.msg->src)];
        complete_request(p, sender, e.msg->send_request, {e.time});
        break;
      }
    }
  }
}

void engine::set_active_partitions(int count) {
  count = std::clamp(count, 1, partitions());
  if (static_cast<std::size_t>(count) == active_) return;
  // Between phases every outbox is empty: what is pending is in the queues and sync heaps.
  std::vector<event> pending;
  std::vector<sync_entry> syncing;
  for (auto& p : active()) {
    p.queue.take_all(pending);
    syncing.insert(syncing.end(), p.syncing.begin(), p.syncing.end());
    p.syncing.clear();
  }
  active_ = static_cast<std::size_t>(count);
  window_ = count > 1 ? model_.hop_latency.ps : INT64_MAX;
  const auto nodes = static_cast<std::int64_t>(part_of_node_.size());
  for (std::int64_t n = 0; n < nodes; ++n)  // contiguous blocks of node ids
    part_of_node_[static_cast<std::size_t>(n)] = static_cast<int>(n * count / nodes);
  for (const auto& e : pending) owner_of(e.at).queue.push(e);
  for (const auto& entry : syncing) {
    auto& heap = owner_of_rank(entry.rank).syncing;
    heap.push_back(entry);
    std::push_heap(heap.begin(), heap.end(), std::greater<>{});
  }
}

std::uint64_t engine::committed_events() {
  std::uint64_t n = 0;
  for (const auto& p : active()) n += p.events;
  return n;
}

std::size_t engine::queued_events() {
  std::size_t n = 0;
  for (const auto& p : active()) n += p.queue.size();
  return n;
}

void engine::ascending(std::vector<int>& ranks, std::size_t pe_count) {
  if (ranks.size() * 16 < pe_count) {
    std::sort(ranks.begin(), ranks.end());
    return;
  }
  // Many PEs (often all of them): marking and scanning is linear.
  marks_.assign(pe_count, 0);
  for (int r : ranks) marks_[static_cast<std::size_t>(r)] = 1;
  ranks.clear();
  for (std::size_t r = 0; r < pe_count; ++r)
    if (marks_[r]) ranks.push_back(static_cast<int>(r));
}

engine::outcome engine::advance(std::span<pe_state> pes, std::vector<int>& resume, partition_runner* runner) {
  ++phases_;
  resume.clear();
  for (auto& p : active()) {
    p.resume.clear();
    p.horizon = p.syncing.empty() ? vtime::infinity() : p.syncing.front().until;
  }
  auto saturating_add = [](std::int64_t a, std::int64_t b) { return a > INT64_MAX - b ? INT64_MAX : a + b; };
  std::int64_t window_end = INT64_MAX;
  // Built once per phase: a std::function of this size would allocate at every window.
  const std::function<void(int)> shared_task = [&](int i) {
    commit_window(parts_[static_cast<std::size_t>(i)], window_end, pes);
  };
  for (;;) {
    std::int64_t start = INT64_MAX, lowest_horizon = INT64_MAX;
    for (auto& p : active()) {
      start = std::min(start, p.queue.min_time());
      lowest_horizon = std::min(lowest_horizon, p.horizon.ps);
    }
    // Nothing a PE resumed now can show in another partition before its horizon plus λ.
    const std::int64_t reach = saturating_add(lowest_horizon, window_);
    if (start == INT64_MAX) {
      window_end = INT64_MAX;
      break;
    }
    window_end = std::min(saturating_add(start, window_), reach);
    const std::uint64_t before = committed_events();
    if (active_ > 1 && runner && queued_events() >= min_parallel_window)
      runner->run(static_cast<int>(active_), shared_task);
    else
      for (std::size_t i = 0; i < active_; ++i) commit_window(parts_[i], window_end, pes);
    const std::uint64_t committed = committed_events() - before;
    // Each partition stopped at its first overflow; the earliest of them is named. That is the one
    // a single partition meets first when every message involved is already queued (the runs in
    // tests/runtime/time_overflow_test.cpp). A PE still to be resumed in another partition could
    // inject an earlier overflowing hop: then the message named can depend on the worker count
    // (the run fails either way). Known limit, see docs/model.md.
    const partition* first = nullptr;
    for (const auto& p : active())
      if (!p.overflow.empty() && (!first || earlier(p.overflow_event, first->overflow_event)))
        first = &p;
    if (first) {
      overflow_ = first->overflow;
      return outcome::overflow;
    }
    bool woke = false;
    for (auto& p : active()) {
      woke |= !p.resume.empty();
      for (std::size_t q = 0; q < active_; ++q) {
        for (const auto& e : p.outbox[q]) parts_[q].queue.push(e);
        p.outbox[q].clear();
      }
    }
    if (woke || committed == 0) break;
  }
  // A syncing PE resumes once everything before its clock is known in its partition: what was
  // committed, and what PEs resumed now cannot reach before their horizon plus λ.
  std::int64_t lowest_horizon = INT64_MAX;
  for (auto& p : active()) lowest_horizon = std::min(lowest_horizon, p.horizon.ps);
  const std::int64_t known = std::min(window_end, saturating_add(lowest_horizon, window_));
  for (auto& p : active()) {
    while (!p.syncing.empty() && p.syncing.front().until <= p.horizon && p.syncing.front().until.ps <= known) {
      std::pop_heap(p.syncing.begin(), p.syncing.end(), std::greater<>{});
      resume.push_back(p.syncing.back().rank);  // it waits on no request, only on the horizon
      p.syncing.pop_back();
    }
    resume.insert(resume.end(), p.resume.begin(), p.resume.end());
  }
  ascending(resume, pes.size());
  for (int r : resume) pes[static_cast<std::size_t>(r)].woken = false;
  if (!resume.empty()) return outcome::resume;
  for (const auto& pe : pes)
    if (pe.status != pe_status::finished && pe.status != pe_status::failed) return outcome::deadlock;
  return outcome::finished;
}

std::vector<link_stats> engine::links() const {
  std::vector<link_stats> all;
  all.reserve(links_.size());
  for (const auto& l : links_) all.push_back(l.stats);
  return all;
}

std::vector<std::uint64_t> engine::hop_histogram() const {
  std::vector<std::uint64_t> all;
  for (const auto& p : parts_) {
    if (all.size() < p.hop_histogram.size()) all.resize(p.hop_histogram.size(), 0);
    for (std::size_t h = 0; h < p.hop_histogram.size(); ++h) all[h] += p.hop_histogram[h];
  }
  return all;
}

std::vector<link_span> engine::link_spans() const {
  std::vector<link_span> all;
  for (const auto& p : parts_) all.insert(all.end(), p.spans.begin(), p.spans.end());
  // A link's spans come in order from its one partition; interleave links by time.
  std::stable_sort(all.begin(), all.end(), [](const link_span& a, const link_span& b) {
    return a.begin != b.begin ? a.begin < b.begin : a.link < b.link;
  });
  return all;
}

std::uint64_t engine::delivered() const {
  std::uint64_t n = 0;
  for (const auto& p : parts_) n += p.delivered;
  return n;
}

std::uint64_t engine::events() const {
  std::uint64_t n = 0;
  for (const auto& p : parts_) n += p.events;
  return n;
}

vtime engine::last_arrival() const {
  vtime t{};
  for (const auto& p : parts_) t = max(t, p.last_arrival);
  return t;
}

std::vector<message*> engine::take_undelivered() {
  std::vector<event> pending;
  for (auto& p : parts_) {
    p.queue.take_all(pending);
    for (auto& out : p.outbox) {
      pending.insert(pending.end(), out.begin(), out.end());
      out.clear();
    }
  }
  std::vector<message*> undelivered;
  for (auto& p : parts_) {
    undelivered.insert(undelivered.end(), p.dropped.begin(), p.dropped.end());
    p.dropped.clear();
  }
  // A message with a hop or its delivery still queued has reached no PE; one with only its
  // send completion queued has been delivered and belongs to its receiver.
  for (const auto& e : pending)
    if (static_cast<kind>(e.tie >> 62) != send_done) undelivered.push_back(e.msg);
  std::sort(undelivered.begin(), undelivered.end());
  undelivered.erase(std::unique(undelivered.begin(), undelivered.end()), undelivered.end());
  return undelivered;
}

}  // namespace weft::detail
