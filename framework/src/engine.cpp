// The engine's windows: partitions, the events they commit, and the phase loop (advance).
#include "weft/detail/engine.hpp"

#include "weft/detail/checked_time.hpp"

#include <algorithm>
#include <functional>
#include <stdexcept>
#include <string>

namespace weft::detail {

engine::engine(const topology& topo, const routing& routing, const cost_model& model,
               std::vector<node_id> node_of_rank, std::unique_ptr<network> net, int partitions,
               const node_partitioner& split, rank_link* ranks)
    : topo_(topo),
      routing_(routing),
      model_(model),
      node_of_rank_(std::move(node_of_rank)),
      network_(std::move(net)),
      ranks_(ranks) {
  in_pair_order_ = network_->may_reorder();
  sender_waits_ = network_->sender_waits_for_injection();
  if (ranks_) {
    if (!network_->runs_over_ranks())
      throw std::invalid_argument("--engine mpi does not run the " + model.wire().network +
                                  " network yet (docs/distributed.md); use --engine single");
    if (network_->lookahead().ps <= 0)
      throw std::invalid_argument(
          "--engine mpi: this network has no lookahead (an event at one node can change another at once: a hop "
          "latency of 0, or single-port PEs), so its nodes cannot be spread over ranks; give --hop-latency > 0 and "
          "--ports all or half, or use --engine single");
    if (topo.node_count() < ranks_->ranks())
      throw std::invalid_argument("--engine mpi: " + std::to_string(ranks_->ranks()) + " ranks for a machine of " +
                                  std::to_string(topo.node_count()) + " nodes (allowed: at most one rank per node)");
    // Each rank's workers share its partitions as one process's do: R ranks of per_rank_ each.
    const int per_rank = std::clamp(partitions, 1, 64);
    per_rank_ = std::max(1, std::min(per_rank, static_cast<int>(topo.node_count() / (2 * ranks_->ranks()))));
    partitions = ranks_->ranks() * per_rank_;
  }
  // Partitions need a lookahead: an event at one node must not show at another sooner.
  const bool can_split = ranks_ || (network_->lookahead().ps > 0 && topo.node_count() >= 2 * partitions);
  const int k = ranks_ ? partitions : can_split ? std::clamp(partitions, 1, 64) : 1;
  parts_.reserve(static_cast<std::size_t>(k));
  for (int i = 0; i < k; ++i) {
    parts_.emplace_back(*this, i);
    parts_.back().outbox.resize(static_cast<std::size_t>(k));
  }
  network_->prepare(k);
  const auto nodes = static_cast<std::size_t>(topo.node_count());
  if (k > 1 && split) {
    split_ = split(k);
    if (split_.size() != nodes || std::any_of(split_.begin(), split_.end(), [&](int p) { return p < 0 || p >= k; }))
      throw std::logic_error("engine: the partitioner's answer is not a partition of the nodes into " + std::to_string(k));
  } else {
    split_.resize(nodes);
    for (std::size_t n = 0; n < nodes; ++n)  // contiguous blocks of node ids
      split_[n] = static_cast<int>(static_cast<std::int64_t>(n) * k / static_cast<std::int64_t>(nodes));
  }
  active_ = 1;
  part_of_node_.assign(nodes, 0);
  if (ranks_) connect_ranks();
  else set_active_partitions(k);
}

engine::~engine() = default;

void engine::inject(message* m) {
  ++injected_;
  if (in_pair_order_)  // between phases, one thread, each PE's messages in program order
    m->pair_seq = next_pair_seq_[static_cast<std::uint64_t>(m->src) << 32 | static_cast<std::uint32_t>(m->dst)]++;
  const node_id from = node_of_rank_[static_cast<std::size_t>(m->src)];
  const node_id to = node_of_rank_[static_cast<std::size_t>(m->dst)];
  m->src_node = from;
  m->dst_node = to;
  partition& here = owner_of(from);
  if (from == to) {
    // Same node: no link to cross, the copy is free and arrives when it is sent.
    m->packets = 1;
    if (m->send_request >= 0) here.queue.push(event_of(event_kind::send_done, *m, m->ready.ps, from));
    here.queue.push(event_of(event_kind::delivery, *m, m->ready.ps, to));
    return;
  }
  network_->inject(*m, here);
}

void engine::partition::push(const event& e) {
  const int to = eng->part_of_node_[static_cast<std::size_t>(e.at)];
  if (to == index_) {
    queue.push(e);
  } else {
    outbox[static_cast<std::size_t>(to)].push_back(e);
    ++border_events;
  }
}

void engine::partition::fail(const event& e, std::string problem) {
  dropped.push_back(e.msg);  // in no queue now: take_undelivered() hands it back for freeing
  overflow = std::move(problem);
  overflow_event = e;
}

void engine::partition::drop(const event& e, const std::string& why) {
  // Every packet of the message takes the same route, so none of it reaches the receiver; it is
  // in no queue now, and take_undelivered() hands it back for freeing.
  dropped.push_back(e.msg);
  if (!(e.key() < routing_error_at)) return;
  routing_error_at = e.key();
  routing_error = "routing " + eng->routing_.name() + " on " + eng->topo_.spec() + ": the route from node " +
                  std::to_string(e.msg->src_node) + " to node " + std::to_string(e.msg->dst_node) + " " + why +
                  "; the message was dropped";
}

std::string engine::routing_error() const {
  if (routing_settled_) return routing_error_everywhere_;
  const partition* earliest = &parts_.front();
  for (const auto& p : parts_)
    if (p.routing_error_at < earliest->routing_error_at) earliest = &p;
  return earliest->routing_error;
}

void engine::commit_window(partition& p, std::int64_t window_end, pe_table& pes) {
  // PEs only inject network events; those at the horizon itself must wait for them. The horizon
  // only falls while we go, as PEs wake. Events at or after the window's end wait for the
  // partitions' next window.
  auto committable = [&](const event& e) {
    return e.time < window_end && (e.time < p.horizon.ps || e.kind != event_kind::network);
  };
  // The network's agenda commits after every queued event of its time (network.hpp): the queue
  // gives up to the agenda's time, the agenda its events of that time, until neither may.
  event e;
  std::int64_t due = network_->agenda_time(p.index());
  while (p.overflow.empty()) {
    if (!p.queue.pop_if(std::min({window_end, p.horizon.ps, due}), committable, e)) {
      if (due >= window_end || due >= p.horizon.ps) break;
      p.events += network_->run_agenda(due, p);
      due = network_->agenda_time(p.index());
      continue;
    }
    ++p.events;
    switch (e.kind) {
      case event_kind::network:
        // What it added to the agenda is at e.time or later: e.time bounds the agenda's time
        // from below, and when nothing is there run_agenda commits nothing and the agenda's
        // time is asked again. (Asking it here after each event was 1 % of a loaded flit run.)
        network_->handle(e, p);
        due = std::min(due, e.time);
        break;
      case event_kind::delivery:
        deliver(p, e.msg, {e.time}, pes);
        break;
      case event_kind::send_done: {
        pe_state& sender = pes[e.msg->src];
        complete_send(p, sender, e.msg->send_request, {e.time});
        break;
      }
    }
  }
}

void engine::set_active_partitions(int count) {
  if (ranks_) return;  // each rank holds its one partition throughout
  count = count >= partitions() ? partitions() : 1;
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
  window_ = count > 1 ? network_->lookahead().ps : INT64_MAX;
  if (count == partitions()) part_of_node_ = split_;
  else std::fill(part_of_node_.begin(), part_of_node_.end(), 0);
  for (const auto& e : pending) owner_of(e.at).queue.push(e);
  network_->repartition(part_of_node_);
  for (const auto& entry : syncing) {
    auto& heap = owner_of_rank(entry.rank).syncing;
    heap.push_back(entry);
    std::push_heap(heap.begin(), heap.end(), std::greater<>{});
  }
}

engine::split_summary engine::summarize_split() const {
  split_summary s;
  s.nodes.assign(parts_.size(), 0);
  for (int p : split_) ++s.nodes[static_cast<std::size_t>(p)];
  for (const auto& l : topo_.links())
    if (split_[static_cast<std::size_t>(l.from)] != split_[static_cast<std::size_t>(l.to)]) ++s.cut_links;
  return s;
}

std::uint64_t engine::border_events() const {
  std::uint64_t n = 0;
  for (const auto& p : parts_) n += p.border_events;
  return n;
}

std::uint64_t engine::committed_events() {
  std::uint64_t n = 0;
  for (const auto& p : active()) n += p.events;
  return n;
}

std::size_t engine::queued_events() {
  std::size_t n = 0;
  for (const auto& p : active()) n += p.queue.size() + network_->agenda_size(p.index());
  return n;
}

void engine::start_phase(std::vector<int>& resume) {
  ++phases_;
  resume.clear();
  for (auto& p : active()) {
    p.resume.clear();
    p.horizon = p.syncing.empty() ? vtime::infinity() : p.syncing.front().until;
  }
}

engine::bounds engine::active_bounds() {
  bounds b{INT64_MAX, INT64_MAX};
  for (auto& p : active()) {
    b.start = std::min({b.start, p.queue.min_time(), network_->agenda_time(p.index())});
    b.lowest_horizon = std::min(b.lowest_horizon, p.horizon.ps);
  }
  return b;
}

void engine::commit_active(const std::function<void(int)>& task, partition_runner* runner) {
  if (active_ > 1 && runner && queued_events() >= min_parallel_window)
    runner->run(static_cast<int>(active_), task);
  else
    for (std::size_t i = 0; i < active_; ++i) task(static_cast<int>(i));
}

const engine::partition* engine::first_overflow() {
  // Each partition stopped at its first overflow; the earliest of them is named. That is the one
  // a single partition meets first when every message involved is already queued (the runs in
  // tests/runtime/time_overflow_test.cpp). A PE still to be resumed in another partition could
  // inject an earlier overflowing hop: then the message named can depend on the worker count
  // (the run fails either way). Known limit, see docs/model.md.
  const partition* first = nullptr;
  for (const auto& p : active())
    if (!p.overflow.empty() && (!first || earlier(p.overflow_event, first->overflow_event))) first = &p;
  return first;
}

engine::outcome engine::advance(pe_table& pes, std::vector<int>& resume, partition_runner* runner) {
  if (ranks_) return advance_ranks(pes, resume, runner);
  start_phase(resume);
  std::int64_t window_end = INT64_MAX;
  // Built once per phase: a std::function of this size would allocate at every window.
  const std::function<void(int)> task = [&](int i) {
    commit_window(parts_[first_local_ + static_cast<std::size_t>(i)], window_end, pes);
  };
  for (;;) {
    const auto [start, lowest_horizon] = active_bounds();
    // Nothing a PE resumed now can show in another partition before its horizon plus the lookahead.
    const std::int64_t reach = saturating_add(lowest_horizon, window_);
    if (start == INT64_MAX) {
      window_end = INT64_MAX;
      break;
    }
    window_end = std::min(saturating_add(start, window_), reach);
    const std::uint64_t before = committed_events();
    commit_active(task, runner);
    const std::uint64_t committed = committed_events() - before;
    if (const partition* first = first_overflow()) {
      overflow_ = first->overflow;
      return outcome::overflow;
    }
    for (auto& p : active()) {
      for (std::size_t q = 0; q < active_; ++q) {
        for (const auto& e : p.outbox[q]) parts_[q].queue.push(e);
        p.outbox[q].clear();
      }
    }
    // A PE woken in the window holds its partition back from its horizon on, and the others from
    // that plus the lookahead (window_end above): windows go on below those, as one partition's
    // single window goes on to its horizon. The phase ends where nothing more may commit.
    if (committed == 0) break;
  }
  // A syncing PE resumes once everything before its clock is known in its partition: what was
  // committed, and what PEs resumed now cannot reach before their horizon plus the lookahead.
  collect_resumed(std::min(window_end, saturating_add(active_bounds().lowest_horizon, window_)), resume,
                  static_cast<std::size_t>(pes.procs()));
  for (int r : resume) pes[r].woken = false;
  if (!resume.empty()) return outcome::resume;
  // Nothing left to commit and no PE to run: packets still in the network are stuck there.
  if (network_problem_ = network_->stalled(); !network_problem_.empty()) return outcome::network_deadlock;
  for (const auto& pe : pes.held())
    if (pe.status != pe_status::finished && pe.status != pe_status::failed) return outcome::deadlock;
  return outcome::finished;
}

std::vector<std::uint64_t> engine::hop_histogram() const {
  std::vector<std::uint64_t> all;
  for (const auto& p : parts_) {
    if (all.size() < p.hop_histogram.size()) all.resize(p.hop_histogram.size(), 0);
    for (std::size_t h = 0; h < p.hop_histogram.size(); ++h) all[h] += p.hop_histogram[h];
  }
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
  for (auto& [key, m] : copies_) undelivered.push_back(m);  // a distributed run's: nothing else owns them
  copies_.clear();
  for (auto& p : parts_) {
    undelivered.insert(undelivered.end(), p.dropped.begin(), p.dropped.end());
    p.dropped.clear();
  }
  // A message with a network event or its delivery still queued has reached no PE; one with only
  // its send completion queued has been delivered and belongs to its receiver.
  for (const auto& e : pending)
    if (e.kind != event_kind::send_done && e.msg) undelivered.push_back(e.msg);  // router events carry none
  network_->held_messages(undelivered);
  std::sort(undelivered.begin(), undelivered.end());
  undelivered.erase(std::unique(undelivered.begin(), undelivered.end()), undelivered.end());
  return undelivered;
}

}  // namespace weft::detail
