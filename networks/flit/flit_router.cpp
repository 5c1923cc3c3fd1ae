// A router's cycle, in the order the stages see each other's results within one cycle:
// injection (one flit from the source queue into an injection VC), VC allocation (heads whose
// routing is done take an output VC), switch allocation (at most one flit per input port and per
// output: it leaves its buffer, crosses the switch and the link, and its credit goes upstream).
#include <algorithm>

#include "flit_network.hpp"

namespace weft::detail::flit {

std::int32_t flit_network::injection_vc(router& r, node_id n) {
  // Classes are chosen at VC allocation: any VC of the injection port will do.
  const std::int32_t base = injection_port(n) * vcs_;
  if (!params_.wait_for_tail_credit) {
    // BookSim's rule: the VC behind the last one, whatever it still holds (its source queue's
    // VC choice in trafficmanager.cpp: every VC is free again once the last tail went in).
    const std::int32_t v = r.inject_rr;
    r.inject_rr = (v + 1) % vcs_;
    return base + v;
  }
  for (std::int32_t v = 0; v < vcs_; ++v)
    if (const auto& in = inputs_[static_cast<std::size_t>(base + v)]; in.state == input_vc::phase::idle && in.count == 0)
      return base + v;
  return -1;
}

bool flit_network::inject_flit(router& r, node_id n, std::int64_t c, network_context& ctx) {
  if (r.source_head == r.source.size()) return false;
  const queued_message& q = r.source[r.source_head];
  if (r.inject_channel < 0 &&
      (r.inject_channel = params_.booksim ? booksim_injection_vc(r, n) : injection_vc(r, n)) < 0)
    return false;
  const auto channel = static_cast<std::size_t>(r.inject_channel);
  // Under BookSim's router the source sees the injection buffer through credits, as a router
  // sees the buffer across a link; under weft's it is the router's own.
  if (params_.booksim ? outputs_[channel].credits == 0 : inputs_[channel].count == buffer_) return false;
  if (r.next_flit == 0) {  // a packet starts
    r.inject_born = c;
    r.inject_flits = flits_in_packet(q.flits, r.next_packet);
    r.inject_payload = payload_of(q.bytes, r.next_packet);
  }
  const bool tail = static_cast<std::int32_t>(r.next_flit) + 1 == r.inject_flits;
  const flit f{.msg = q.msg,
               .arrived = c,
               .born = r.inject_born,
               .payload = r.inject_payload,
               .packet = r.next_packet,
               .index = r.next_flit,
               .source = n,  // the message's source node: its queue is here
               .dest = q.dest,
               .tail = tail};
  if (params_.booksim)
    send_injected(r.inject_channel, n, f, c, ctx);
  else
    write_flit(r.inject_channel, f);
  ++parts_[static_cast<std::size_t>(ctx.partition())].injected_flits;
  ++r.next_flit;
  if (!tail) return true;
  r.inject_channel = -1;
  r.next_flit = 0;
  if (static_cast<std::int32_t>(++r.next_packet) < q.packets) return true;
  // The message's last flit has left the source queue: a single-port send completes.
  r.next_packet = 0;
  message& m = *q.msg;
  if (++r.source_head > 64 && 2 * r.source_head > r.source.size()) {
    r.source.erase(r.source.begin(), r.source.begin() + static_cast<std::ptrdiff_t>(r.source_head));
    r.source_head = 0;
  }
  if (single_port_ && m.send_request >= 0) queue(event_of(event_kind::send_done, m, time_of(c), n), ctx);
  return true;
}

bool flit_network::allocate_vcs(router& r, node_id n, std::int64_t c, network_context& ctx) {
  const auto ports = static_cast<std::int32_t>(r.ports.size());
  bool granted = false;
  // The router's input VCs once round from va_rr: the rest of its port, the other ports, then
  // the first VCs of its port. A port whose VCs hold no flit is skipped whole.
  const std::int32_t first_port = r.va_rr / vcs_, first_vc = r.va_rr % vcs_;
  const auto allocate = [&](std::int32_t p, std::int32_t from, std::int32_t to) {
    const std::int32_t port = r.ports[static_cast<std::size_t>(p)];
    for (std::int32_t v = from; v < to; ++v) granted |= allocate_vc(port * vcs_ + v, n, c, ctx);
  };
  for_each_busy(r, first_port, ports, [&](std::int32_t p) { allocate(p, p == first_port ? first_vc : 0, vcs_); });
  for_each_busy(r, 0, first_port, [&](std::int32_t p) { allocate(p, 0, vcs_); });
  if (first_vc > 0) for_each_busy(r, first_port, first_port + 1, [&](std::int32_t p) { allocate(p, 0, first_vc); });
  if (granted) r.va_rr = (r.va_rr + 1) % (ports * vcs_);
  return granted;
}

bool flit_network::allocate_vc(std::int32_t channel, node_id n, std::int64_t c, network_context& ctx) {
  auto& in = inputs_[static_cast<std::size_t>(channel)];
  if (in.state != input_vc::phase::routing || in.count == 0) return false;
  const flit& head = front(channel);
  if (c < head.arrived + va_wait_) return false;
  if (n == head.dest) {
    in.state = input_vc::phase::active;
    in.out = input_vc::eject;
    return true;
  }
  if (head.hops >= hop_bound_) {
    give_up(in, head, n, c, loop_text(head.hops), ctx);
    return true;
  }
  auto& cands = parts_[static_cast<std::size_t>(ctx.partition())].candidates;
  cands.clear();
  const std::int32_t port = channel / vcs_;
  const route_state state{head.source, port < links_ ? class_of(channel % vcs_) : 0, head.hops, 0};
  routing_.next_hops(n, head.dest, state, cands);
  // Among the permitted (link, class) pairs: a free VC on the link with the fewest VCs taken
  // (the shortest queue seen from here), then the routing's order. (Under the tail-credit rule
  // a free VC holds all its credits, so credits cannot tell free VCs apart; under BookSim's
  // rule they could, but BookSim's allocator does not look at them either.)
  std::int32_t best = -1, best_taken = INT32_MAX;
  for (const hop& h : cands) {
    if (h.link < 0 || h.link >= links_ || link_from_[static_cast<std::size_t>(h.link)] != n || h.vc < 0 ||
        h.vc >= classes_)
      continue;
    const std::int32_t lo = first_vc_of(h.vc), hi = first_vc_of(h.vc + 1);
    std::int32_t taken = 0;
    for (std::int32_t v = 0; v < vcs_; ++v) taken += outputs_[static_cast<std::size_t>(h.link * vcs_ + v)].owner >= 0;
    for (std::int32_t v = lo; v < hi; ++v) {
      const auto& out = outputs_[static_cast<std::size_t>(h.link * vcs_ + v)];
      if (out.owner >= 0) continue;
      if (taken < best_taken) {
        best = h.link * vcs_ + v;
        best_taken = taken;
      }
    }
  }
  if (best < 0) {
    if (cands.empty() || cands.front().link < 0) {
      give_up(in, head, n, c, "has no next hop at node " + std::to_string(n), ctx);
      return true;
    }
    return false;  // every permitted VC is taken: wait for a tail (or its credit) to free one
  }
  outputs_[static_cast<std::size_t>(best)].owner = channel;
  in.state = input_vc::phase::active;
  in.out = best / vcs_;
  in.out_vc = static_cast<std::int8_t>(best % vcs_);
  return true;
}

bool flit_network::allocate_switch(router& r, node_id n, std::int64_t c, network_context& ctx) {
  // Input-first, rotating priorities: ports from sa_rr, each port's VCs from its own pointer.
  // A port sends at most one flit a cycle, a link and the ejection port take at most one.
  const auto ports = static_cast<std::int32_t>(r.ports.size());
  auto& asked = parts_[static_cast<std::size_t>(ctx.partition())].asked;
  asked.clear();
  bool granted = false;
  const auto visit = [&](std::int32_t busy) {
    const auto p = static_cast<std::size_t>(busy);
    const std::int32_t port = r.ports[p];
    std::int32_t winner = -1;
    for (std::int32_t j = 0; j < vcs_; ++j) {
      const std::int32_t v = (r.port_rr[p] + j) % vcs_;
      const std::int32_t channel = port * vcs_ + v;
      const auto& in = inputs_[static_cast<std::size_t>(channel)];
      if (in.state != input_vc::phase::active || in.count == 0 || c < front(channel).arrived + sa_wait_) continue;
      if (in.out >= 0) {
        auto& lc = link_counters_[static_cast<std::size_t>(in.out)];
        if (lc.requests++ == 0) asked.push_back(in.out);
        if (winner >= 0 || lc.granted == c || outputs_[static_cast<std::size_t>(in.out * vcs_ + in.out_vc)].credits == 0)
          continue;
        lc.granted = c;
      } else {
        if (winner >= 0 || r.eject_granted == c) continue;
        r.eject_granted = c;
      }
      winner = channel;
      r.port_rr[p] = (v + 1) % vcs_;
    }
    if (winner < 0) return;
    granted = true;
    if (inputs_[static_cast<std::size_t>(winner)].out >= 0)
      send(winner, c, ctx);
    else
      eject(r, winner, n, c, ctx);
  };
  for_each_busy(r, r.sa_rr, ports, visit);
  for_each_busy(r, 0, r.sa_rr, visit);
  settle_queues(asked, c);
  if (granted) r.sa_rr = (r.sa_rr + 1) % ports;
  return granted;
}

void flit_network::settle_queues(const std::vector<std::int32_t>& asked, std::int64_t c) {
  // The packets that asked for a link and did not get it this cycle: its queue. (A link nobody
  // asked for has no queue, and its count of requests stays 0 between allocations.)
  for (const std::int32_t l : asked) {
    auto& lc = link_counters_[static_cast<std::size_t>(l)];
    lc.max_queue = std::max(lc.max_queue, lc.requests - (lc.granted == c ? 1 : 0));
    lc.requests = 0;
  }
}

void flit_network::give_up(input_vc& in, const flit& head, node_id n, std::int64_t c, const std::string& why,
                           network_context& ctx) {
  ctx.drop(event_of(event_kind::network, *head.msg, time_of(c), n, head.packet), why);
  ++routers_[static_cast<std::size_t>(n)].discarding;  // until its tail has drained (eject)
  in.state = input_vc::phase::active;  // its flits drain at the ejection port, delivering nothing
  in.out = input_vc::discard;
}

std::string flit_network::loop_text(std::int32_t hops) {
  return "has not arrived after " + std::to_string(hops) +
         " links, the most a route may cross on this topology (a routing loop)";
}

void flit_network::write_flit(std::int32_t channel, const flit& f) {
  auto& in = inputs_[static_cast<std::size_t>(channel)];
  const std::int32_t at = in.first + in.count;
  flit& written = slot(channel, at < buffer_ ? at : at - buffer_);
  written = f;
  if (in.count++ != 0) return;
  in.front_dest = f.dest;
  in.front_hops = f.hops;
  note_busy(channel, 1);
  if (f.index != 0) {
    in.ready_at = std::max(in.ready_at, f.arrived);  // BookSim's: a flit at the front bids as it arrives
    return;
  }
  // A head at the front: its routing starts.
  in.state = input_vc::phase::routing;
  in.ready_at = f.arrived + params_.routing_delay;  // BookSim's VC allocation follows routing
  // A tail left this buffer as of this cycle (booksim_ahead; otherwise a flit leaves only at a
  // router cycle, after the cycle's arrivals): this head arrived behind it and reaches the front
  // as pop_front has it, at the next cycle.
  if (switch_ahead_ && in.last_move == f.arrived) [[unlikely]] {
    written.arrived = f.arrived + 1;
    in.ready_at = f.arrived + 1 + params_.routing_delay;
  }
}

flit flit_network::take_front(std::int32_t channel, std::int64_t c) {
  const flit f = front(channel);
  pop_front(channel, f.tail, c);
  return f;
}

void flit_network::pop_front(std::int32_t channel, bool tail, std::int64_t c) {
  auto& in = inputs_[static_cast<std::size_t>(channel)];
  // An emptied buffer starts again at its first slot: a buffer that seldom holds more than a
  // flit or two keeps using the same cache line.
  if (--in.count == 0) {
    note_busy(channel, -1);
    in.first = 0;
  } else {
    in.first = static_cast<std::uint16_t>(in.first + 1 < buffer_ ? in.first + 1 : 0);
    const flit& next = slot(channel, in.first);  // the front now
    in.front_dest = next.dest;
    in.front_hops = next.hops;
  }
  in.last_move = c;
  in.ready_at = c + 1;  // BookSim's router: the flit behind bids for the switch from the next cycle
  if (!tail) return;
  in.state = input_vc::phase::idle;
  if (in.count == 0) return;  // always so under the tail-credit rule: one packet at a time
  // BookSim's rule: the next packet's head reaches the front and enters the router's pipeline
  // now, as if written at the next cycle (BookSim's iq_router queues it for routing then).
  flit& head = slot(channel, in.first);
  in.state = input_vc::phase::routing;
  head.arrived = std::max(head.arrived, c + 1);
  in.ready_at = c + 1 + params_.routing_delay;
}

void flit_network::return_credit(std::int32_t channel, bool tail, std::int64_t c, network_context& ctx) {
  const std::int32_t port = inputs_[static_cast<std::size_t>(channel)].port;
  // Under weft's router the injection buffer is the router's own: no credit travels.
  if (port >= links_ && !params_.booksim) return;
  const std::int64_t back = c + (port < links_ ? credit_offset_ : inject_credit_offset_);
  const node_id at = port < links_ ? link_from_[static_cast<std::size_t>(port)] : port - links_;
  const bool frees = tail && params_.wait_for_tail_credit;  // the credit that frees the VC
  if (part_of_node_[static_cast<std::size_t>(at)] == ctx.partition()) [[likely]]
    return parts_[static_cast<std::size_t>(ctx.partition())].agenda.credits.add(back, {.out = channel, .at = at, .frees = frees});
  queue_credit(channel, at, frees, back, ctx);
}

void flit_network::queue_credit(std::int32_t channel, node_id at, bool frees, std::int64_t back, network_context& ctx) {
  event e;
  e.time = time_of(back);
  e.kind = event_kind::network;
  e.src = credit_source;
  e.seq = static_cast<std::uint64_t>(channel);
  e.at = at;
  e.flags = frees ? 1 : 0;
  queue(e, ctx);
}

void flit_network::send(std::int32_t channel, std::int64_t c, network_context& ctx) {
  auto& in = inputs_[static_cast<std::size_t>(channel)];
  const std::int32_t link = in.out, vc = in.out_vc;
  // The flit is read in its slot (no copy): its credit goes first, then the flit downstream,
  // then its buffer lets it go (nothing writes the slot before a later arrival).
  const flit& f = front(channel);
  const std::int64_t ready = params_.booksim ? in.ready_at : f.arrived + sa_wait_;
  const bool tail = f.tail;
  return_credit(channel, tail, c, ctx);
  auto& out = outputs_[static_cast<std::size_t>(link * vcs_ + vc)];
  --out.credits;
  if (tail && !params_.wait_for_tail_credit) out.owner = -1;  // BookSim's rule: free once the tail has left
  auto& lc = link_counters_[static_cast<std::size_t>(link)];
  ++lc.flits;
  if (vcs_ > 1) ++vc_flits_[static_cast<std::size_t>(link * vcs_ + vc)];
  if (tracing_) [[unlikely]] trace_span(f, link, vc, c, ctx);
  if (f.index == 0) {
    ++lc.packets;
    lc.bytes += f.payload;
    if (c > ready) {
      ++lc.waited;
      lc.wait_cycles += c - ready;
    }
  }
  push_flit(f, link_to_[static_cast<std::size_t>(link)], link, vc, c + flit_offset_, f.hops + 1, ctx);
  pop_front(channel, tail, c);
}

void flit_network::trace_span(const flit& f, std::int32_t link, std::int32_t vc, std::int64_t c, network_context& ctx) {
  // One span per packet and link: from its head's cycle to the end of its tail's.
  auto& head_sent = head_sent_[static_cast<std::size_t>(link * vcs_ + vc)];
  if (f.index == 0) head_sent = c;
  if (f.tail)
    spans_[static_cast<std::size_t>(ctx.partition())].push_back(
        {link, f.msg->src, f.msg->dst, {time_of(head_sent)}, {time_of(c + 1)}});
}

void flit_network::push_flit(const flit& f, node_id to, std::int32_t port, std::int32_t vc, std::int64_t arrival,
                             std::int32_t hops, network_context& ctx) {
  if (arrival <= max_cycle_ && part_of_node_[static_cast<std::size_t>(to)] == ctx.partition()) [[likely]]
    return parts_[static_cast<std::size_t>(ctx.partition())].agenda.arrivals.emplace(arrival, f, hops, port * vcs_ + vc, to);
  queue_flit(f, to, port, vc, arrival, hops, ctx);
}

void flit_network::queue_flit(const flit& f, node_id to, std::int32_t port, std::int32_t vc, std::int64_t arrival,
                              std::int32_t hops, network_context& ctx) {
  event e = event_of(event_kind::network, *f.msg, time_of(std::min(arrival, max_cycle_)), to, f.packet);
  e.part = f.index;
  e.stage = port;
  e.vc = vc;
  e.aux = f.born;
  e.flags = static_cast<std::uint32_t>(hops);
  if (arrival > max_cycle_) [[unlikely]]
    return fail(e, "virtual time overflow: a flit of the message from PE " + std::to_string(f.msg->src) +
                           (port < links_ ? " would cross link " + std::to_string(port) : std::string(" would enter the network")) +
                           " past the latest virtual time, " + latest_time_text(), ctx);
  queue(e, ctx);
}

void flit_network::eject(router& r, std::int32_t channel, node_id n, std::int64_t c, network_context& ctx) {
  auto& in = inputs_[static_cast<std::size_t>(channel)];
  const bool discard = in.out == input_vc::discard;
  const flit f = take_front(channel, c);
  return_credit(channel, f.tail, c, ctx);
  if (discard) {
    r.discarding -= f.tail ? 1 : 0;
    return;
  }
  auto& counters = parts_[static_cast<std::size_t>(ctx.partition())];
  const std::int64_t done = c + eject_offset_;  // through the switch (and BookSim's ejection channel)
  ++counters.ejected_flits;
  counters.last_eject = std::max(counters.last_eject, done);
  message& m = *f.msg;
  if (f.packet == 0 && f.index == 0) m.hops = f.hops;  // the hop histogram counts the first packet's route
  if (!f.tail) return;
  ++counters.packets;
  const std::int64_t ready = (m.ready.ps + cycle_ - 1) / cycle_;
  counters.queueing.add(f.born - ready);
  counters.network.add(done - f.born);
  // Packets of one message may arrive in any order (adaptive routes): count them.
  if (m.packets > 1) {
    auto it = std::find_if(r.arriving.begin(), r.arriving.end(), [&](const auto& a) { return a.first == &m; });
    if (it == r.arriving.end()) {
      r.arriving.emplace_back(&m, 1);
      return;
    }
    if (++it->second < m.packets) return;
    *it = r.arriving.back();
    r.arriving.pop_back();
  }
  // Whole: the engine hands it to the receiver in its pair's order (may_reorder).
  queue(event_of(event_kind::delivery, m, time_of(done), n), ctx);
}

std::int64_t flit_network::next_ready(router& r, std::int64_t c, bool& holds) {
  std::int64_t next = INT64_MAX;
  r.stuck = false;
  holds = r.source_head < r.source.size();
  for_each_busy(r, 0, static_cast<std::int32_t>(r.ports.size()), [&](std::int32_t p) {
    const std::int32_t port = r.ports[static_cast<std::size_t>(p)];
    for (std::int32_t v = 0; v < vcs_; ++v) {
      const std::int32_t channel = port * vcs_ + v;
      const auto& in = inputs_[static_cast<std::size_t>(channel)];
      if (in.count == 0) continue;
      holds = true;
      const std::int64_t ready =
          front(channel).arrived + (in.state == input_vc::phase::routing ? va_wait_ : sa_wait_);
      if (ready > c)
        next = std::min(next, ready);
      else if (in.last_move != c)
        r.stuck = true;
    }
  });
  return next;
}

}  // namespace weft::detail::flit
