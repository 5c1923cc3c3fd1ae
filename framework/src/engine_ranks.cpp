// The engine spread over ranks (--engine mpi, docs/distributed.md). Each rank holds one partition:
// its nodes, the PEs placed on them and the state the network keeps there. A window runs as on
// threads (engine.cpp), and at its end the events that cross to another rank's partition are
// serialized (weft/detail/rank_codec.hpp) and exchanged with the ranks that share a link with
// this one, while one reduction over all ranks gives the next window's start. Nothing here
// depends on the rank count: events commit in key order, keys hold no pointer, and a message's
// copies on several ranks are one message (its immutable header, its payload where it is
// received, its hop count carried along its route).
#include <algorithm>
#include <array>
#include <functional>
#include <chrono>
#include <stdexcept>
#include <string>

#include "weft/detail/checked_time.hpp"
#include "weft/detail/engine.hpp"
#include "weft/detail/message_pool.hpp"
#include "weft/detail/rank_codec.hpp"

namespace weft::detail {

/// What every rank an event reaches must know of its message (all but the payload).
struct message_header {
  std::int32_t src, dst, tag, send_request;
  std::uint64_t seq, pair_seq;
  std::int64_t bytes, ready;
  std::int32_t packets, hops, src_node, dst_node;
  std::uint8_t chained, path;
};

namespace {

constexpr std::uint8_t in_copies = 1;    // message::rank_copy: in the rank's copy table
constexpr std::uint8_t has_payload = 2;  // message::rank_copy: its data is here
constexpr std::uint8_t in_use = 4;       // message::rank_copy: seen by collect_copies' scan

message_header header_of(const message& m) {
  message_header h{};
  h.src = m.src;
  h.dst = m.dst;
  h.tag = m.tag;
  h.send_request = m.send_request;
  h.seq = m.seq;
  h.pair_seq = m.pair_seq;
  h.bytes = m.bytes;
  h.ready = m.ready.ps;
  h.packets = m.packets;
  h.hops = m.hops;
  h.src_node = m.src_node;
  h.dst_node = m.dst_node;
  h.chained = m.chained ? 1 : 0;
  h.path = static_cast<std::uint8_t>(m.path);
  return h;
}

void fill(message& m, const message_header& h) {
  m.src = h.src;
  m.dst = h.dst;
  m.tag = h.tag;
  m.send_request = h.send_request;
  m.seq = h.seq;
  m.pair_seq = h.pair_seq;
  m.bytes = h.bytes;
  m.ready = {h.ready};
  m.packets = h.packets;
  m.hops = h.hops;
  m.src_node = h.src_node;
  m.dst_node = h.dst_node;
  m.chained = h.chained != 0;
  m.path = static_cast<wire_path>(h.path);
}

void put_key(byte_writer& w, const event_key& k) {
  w.put(k.time);
  w.put(k.kind);
  w.put(k.src);
  w.put(k.seq);
  w.put(k.packet);
  w.put(k.part);
}

void get_key(byte_reader& r, event_key& k) {
  k.time = r.get<std::int64_t>();
  k.kind = r.get<event_kind>();
  k.src = r.get<std::int32_t>();
  k.seq = r.get<std::uint64_t>();
  k.packet = r.get<std::uint32_t>();
  k.part = r.get<std::uint32_t>();
}

void put_event(byte_writer& w, const event& e) {
  put_key(w, e.key());
  w.put(e.aux);
  w.put(e.stage);
  w.put(e.at);
  w.put(e.vc);
  w.put(e.flags);
}

event get_event(byte_reader& r) {
  event e;
  get_key(r, e);
  e.aux = r.get<std::int64_t>();
  e.stage = r.get<std::int32_t>();
  e.at = r.get<node_id>();
  e.vc = r.get<std::int32_t>();
  e.flags = r.get<std::uint32_t>();
  return e;
}

}  // namespace

void engine::connect_ranks() {
  const int me = ranks_->rank();
  first_local_ = static_cast<std::size_t>(me * per_rank_);
  active_ = static_cast<std::size_t>(per_rank_);
  part_of_node_ = split_;
  network_->repartition(part_of_node_);
  window_ = network_->lookahead().ps;
  // A network queues events only at a node or across one of its links (network.hpp): the ranks
  // this one exchanges with are those its links reach, either way.
  std::vector<char> near(static_cast<std::size_t>(ranks_->ranks()), 0);
  for (const auto& l : topo_.links()) {
    const int a = rank_of_partition(split_[static_cast<std::size_t>(l.from)]);
    const int b = rank_of_partition(split_[static_cast<std::size_t>(l.to)]);
    if (a == me && b != me) near[static_cast<std::size_t>(b)] = 1;
    if (b == me && a != me) near[static_cast<std::size_t>(a)] = 1;
  }
  neighbour_index_.assign(near.size(), -1);
  for (std::size_t r = 0; r < near.size(); ++r)
    if (near[r]) {
      neighbour_index_[r] = static_cast<int>(neighbours_.size());
      neighbours_.push_back(static_cast<int>(r));
    }
  ranks_->set_neighbours(neighbours_);
  out_bytes_.assign(neighbours_.size(), {});
  in_bytes_.assign(neighbours_.size(), {});
}

std::int64_t engine::pack_outboxes() {
  for (auto& bytes : out_bytes_) bytes.clear();
  std::int64_t earliest = INT64_MAX;
  for (auto& p : active())
    for (std::size_t q = 0; q < p.outbox.size(); ++q) {
      auto& box = p.outbox[q];
      if (box.empty()) continue;
      if (local(static_cast<int>(q))) {  // another partition of this rank: as threads hand over
        for (const auto& e : box) parts_[q].queue.push(e);
        box.clear();
        continue;
      }
      const int to = rank_of_partition(static_cast<int>(q));
      const int index = neighbour_index_[static_cast<std::size_t>(to)];
      if (index < 0)
        throw std::logic_error("engine: an event crossed to rank " + std::to_string(to) +
                               ", which shares no link with rank " + std::to_string(ranks_->rank()));
      byte_writer w(out_bytes_[static_cast<std::size_t>(index)]);
      rank_work_.sent_events += box.size();
      for (const event& e : box) {
        earliest = std::min(earliest, e.time);
        put_event(w, e);
        message* m = e.msg;
        w.put<std::uint8_t>(m ? 1 : 0);  // a router's own event (a credit) carries none
        if (!m) continue;
        if (!(m->rank_copy & in_copies)) {  // sent by a PE here, leaving this rank for the first time
          m->rank_copy = in_copies | has_payload;
          copies_.emplace(std::pair{m->src, m->seq}, m);
        }
        w.put(header_of(*m));
        // The payload rides with the head of the message's last packet, every time it crosses to
        // another rank, and with its delivery: the rank that delivers the message, or pushes its
        // delivery (the last packet's last hop), has the last packet's head at that moment, and
        // the source keeps its message while any packet is still there. So the payload reaches
        // the receiver even when a rank on the way collected its copy between two packets, or
        // the route leaves a rank and comes back.
        const bool ship = (m->rank_copy & has_payload) && e.part == 0 &&
                          (e.kind == event_kind::delivery || e.packet + 1 == static_cast<std::uint32_t>(m->packets));
        w.put<std::uint8_t>(ship ? 1 : 0);
        if (ship) w.put_bytes(m->data.bytes());
      }
      box.clear();
    }
  for (const auto& bytes : out_bytes_) rank_work_.sent_bytes += bytes.size();
  return earliest;
}

message* engine::copy_of(const message_header& h) {
  auto [it, fresh] = copies_.try_emplace(std::pair{h.src, h.seq}, nullptr);
  if (!fresh) {
    message* m = it->second;
    m->hops = std::max(m->hops, h.hops);  // counted along the route (packet 0's), never backwards
    return m;
  }
  auto* m = new message;
  fill(*m, h);
  m->rank_copy = in_copies;
  it->second = m;
  return m;
}

void engine::unpack_arrivals() {
  for (const auto& bytes : in_bytes_) {
    byte_reader r(bytes);
    while (!r.done()) {
      event e = get_event(r);
      if (r.get<std::uint8_t>()) {
        message* m = copy_of(r.get<message_header>());
        if (r.get<std::uint8_t>()) {
          const auto data = r.get_bytes();
          if (!(m->rank_copy & has_payload)) {
            m->data.assign(data);
            m->rank_copy |= has_payload;
          }
        }
        e.msg = m;
      }
      if (!holds_node(e.at))
        throw std::logic_error("engine: rank " + std::to_string(ranks_->rank()) + " was sent an event at node " +
                               std::to_string(e.at) + ", which it does not hold");
      owner_of(e.at).queue.push(e);
    }
  }
}

void engine::forget_delivered() {
  for (auto& p : active()) {
    for (message* m : p.delivered_copies) {
      copies_.erase(std::pair{m->src, m->seq});
      m->rank_copy = 0;
    }
    p.delivered_copies.clear();
  }
}

void engine::collect_copies(pe_table& pes) {
  // A copy is needed while an event here refers to it, the network here holds it, or its
  // receiver is here (it will be delivered here). Collected when the table has doubled and has
  // grown by at least the events queued here, so that the scan of the queue costs at most one
  // look per copy collected or kept.
  if (copies_.size() < 2 * copies_kept_ + std::max<std::size_t>(4096, queued_events())) return;
  auto mark = [](message* m) {
    if (m) m->rank_copy |= in_use;
  };
  held_scratch_.clear();
  for (auto& p : active()) {
    p.queue.for_each([&](const event& e) { mark(e.msg); });
    held_scratch_.insert(held_scratch_.end(), p.dropped.begin(), p.dropped.end());
  }
  network_->held_messages(held_scratch_);
  for (message* m : held_scratch_) mark(m);
  for (auto it = copies_.begin(); it != copies_.end();) {
    message* m = it->second;
    if ((m->rank_copy & in_use) || holds(m->dst)) {
      m->rank_copy &= static_cast<std::uint8_t>(~in_use);
      ++it;
      continue;
    }
    if (m->carved) {  // sent by a PE here: back to its spares (the pool's block owns it)
      pe_state& sender = pes[m->src];
      sender.pool->release(sender.spare_messages, m);
    } else {
      delete m;
    }
    it = copies_.erase(it);
  }
  // Marks on messages outside the table (this rank's own, never sent away) go too.
  for (auto& p : active())
    p.queue.for_each([&](const event& e) {
      if (e.msg) e.msg->rank_copy &= static_cast<std::uint8_t>(~in_use);
    });
  for (message* m : held_scratch_)
    if (m) m->rank_copy &= static_cast<std::uint8_t>(~in_use);
  copies_kept_ = copies_.size();
}

engine::outcome engine::settle_overflow() {
  // Each partition stopped at its first overflow; the earliest of them, by event key, is named
  // (as across partitions in engine.cpp): this rank's earliest, then every rank's.
  const partition* first_here = first_overflow();
  std::vector<std::byte> mine;
  byte_writer w(mine);
  w.put<std::uint8_t>(first_here ? 1 : 0);
  if (first_here) {
    put_key(w, first_here->overflow_event.key());
    w.put_string(first_here->overflow);
  }
  bool found = false;
  event_key first{};
  for (const auto& bytes : ranks_->all_gather(mine)) {
    byte_reader r(bytes);
    if (!r.get<std::uint8_t>()) continue;
    event_key k;
    get_key(r, k);
    std::string text = r.get_string();
    if (!found || k < first) {
      found = true;
      first = k;
      overflow_ = std::move(text);
    }
  }
  return outcome::overflow;
}

bool engine::on_any_rank(bool mine) {
  if (!ranks_) return mine;
  std::array<std::int64_t, 1> v{mine ? 0 : 1};
  ranks_->start_min(v);
  ranks_->finish_min();
  return v[0] == 0;
}

void engine::settle_ranks() {
  if (!ranks_) return;
  const partition* earliest = &parts_[first_local_];
  for (const auto& p : active())
    if (p.routing_error_at < earliest->routing_error_at) earliest = &p;
  std::vector<std::byte> mine;
  byte_writer w(mine);
  put_key(w, earliest->routing_error_at);
  w.put_string(earliest->routing_error);
  event_key first{INT64_MAX, event_kind::send_done, 0, 0, 0};
  routing_error_everywhere_.clear();
  for (const auto& bytes : ranks_->all_gather(mine)) {
    byte_reader r(bytes);
    event_key k;
    get_key(r, k);
    std::string text = r.get_string();
    if (k < first) {
      first = k;
      routing_error_everywhere_ = std::move(text);
    }
  }
  routing_settled_ = true;
}

engine::outcome engine::advance_ranks(pe_table& pes, std::vector<int>& resume, partition_runner* runner) {
  start_phase(resume);
  // The one reduction of a window: [0] the earliest event on any rank (those on their way to
  // another rank included), [1] the lowest horizon, [2] 1 when no rank committed anything in the
  // window, [3] 0 when a rank overflowed. Windows as in engine.cpp's advance().
  const auto first = active_bounds();
  std::array<std::int64_t, 4> v{first.start, first.lowest_horizon, 0, 1};
  ranks_->start_min(v);
  ranks_->finish_min();
  std::int64_t window_end = INT64_MAX;
  // Built once per phase: a std::function of this size would allocate at every window.
  const std::function<void(int)> task = [&](int i) {
    commit_window(parts_[first_local_ + static_cast<std::size_t>(i)], window_end, pes);
  };
  for (;;) {
    if (v[0] == INT64_MAX) {
      window_end = INT64_MAX;
      break;
    }
    window_end = std::min(saturating_add(v[0], window_), saturating_add(v[1], window_));
    const std::uint64_t before = committed_events();
    commit_active(task, runner);
    const bool idle = committed_events() == before;
    const std::int64_t leaving = pack_outboxes();
    const auto now = active_bounds();
    v = {std::min(now.start, leaving), now.lowest_horizon, idle ? 1 : 0, first_overflow() ? 0 : 1};
    const auto waiting = std::chrono::steady_clock::now();  // a host fact: what the window's end costs here
    ranks_->start_min(v);  // overlaps the exchange
    ranks_->exchange(out_bytes_, in_bytes_);
    ranks_->finish_min();
    rank_work_.wait_seconds += std::chrono::duration<double>(std::chrono::steady_clock::now() - waiting).count();
    ++rank_work_.windows;
    forget_delivered();
    unpack_arrivals();
    if (v[3] == 0) return settle_overflow();
    if (v[2] == 1) break;
    collect_copies(pes);
  }
  collect_resumed(std::min(window_end, saturating_add(v[1], window_)), resume, static_cast<std::size_t>(pes.procs()));
  for (int r : resume) pes[r].woken = false;
  if (on_any_rank(!resume.empty())) return outcome::resume;
  // No rank resumes a PE: the run is over, or stuck (engine.cpp's advance() says which).
  if (on_any_rank(!network_->stalled().empty())) {
    // The cycle of channels may cross ranks: every rank takes in what the others hold of the
    // network's state and names the cycle one process would.
    std::vector<char> held(part_of_node_.size());
    for (std::size_t n = 0; n < held.size(); ++n) held[n] = local(part_of_node_[n]);
    std::vector<std::byte> mine;
    network_->pack_stall_state(held, mine);
    const auto all = ranks_->all_gather(mine);
    for (std::size_t r = 0; r < all.size(); ++r)
      if (static_cast<int>(r) != ranks_->rank()) network_->absorb_stall_state(all[r]);
    network_problem_ = network_->stalled();
    return outcome::network_deadlock;
  }
  bool unfinished = false;
  for (const auto& pe : pes.held())
    if (pe.status != pe_status::finished && pe.status != pe_status::failed) unfinished = true;
  return on_any_rank(unfinished) ? outcome::deadlock : outcome::finished;
}

}  // namespace weft::detail
