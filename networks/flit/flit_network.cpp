// The flit network's state and its events: a message entering its source queue, a flit arriving
// in a buffer, a credit arriving upstream, and a router's cycle (tick). See flit_network.hpp.
#include "flit_network.hpp"

#include <algorithm>
#include <bit>
#include <stdexcept>

namespace weft::detail::flit {

void latency_histogram::add(std::int64_t cycles) {
  const int bucket = cycles <= 0 ? 0 : static_cast<int>(std::bit_width(static_cast<std::uint64_t>(cycles)));
  ++buckets[static_cast<std::size_t>(std::min(bucket, 63))];
  total += cycles;
}

flit_network::flit_network(const network_setup& setup)
    : topo_(setup.topo),
      routing_(setup.routes),
      adaptive_(setup.routes.adaptive()),
      params_(config_of(setup.wire)),
      tracing_(setup.tracing),
      single_port_(setup.wire.ports != port_model::all_port),  // the flit network models the source queue only
      links_(static_cast<std::int32_t>(setup.topo.links().size())),
      nodes_(setup.topo.node_count()),
      vcs_(params_.vcs),
      buffer_(params_.buffer),
      classes_(std::max(1, setup.routes.vc_classes())),
      cycle_(params_.cycle.ps),
      // Routing computation, VC allocation, switch allocation: a head written at cycle t is
      // allocated a VC at t + R - 2 (with R < 3, at t) and crosses the switch at t + R - 1.
      va_wait_(std::max(0, params_.router_delay - 2)),
      sa_wait_(params_.router_delay - 1),
      max_cycle_(latest_time.ps / params_.cycle.ps - 4 * 1024),
      hop_bound_(route_hop_limit(setup.topo)) {
  check(routing_, setup.wire);
  // BookSim's kncube: a torus's channels take 2 cycles (use_noc_latency), a mesh's 1.
  if (params_.link_delay == by_topology) params_.link_delay = booksim_link_delay(topo_);
  if (params_.booksim) {
    // A flit granted the switch at u crosses it in st cycles and its channel in L: BookSim's
    // router downstream reads it at u + st + L + 1. Its credit crosses the credit channel (L)
    // and waits credit_delay; the source reads its injection credits as they arrive.
    flit_offset_ = params_.st_delay + params_.link_delay + 1;
    credit_offset_ = params_.link_delay + 1 + params_.credit_delay;
    inject_credit_offset_ = params_.injection_delay + 1;
    eject_offset_ = params_.st_delay + params_.ejection_delay + 1;
  } else {
    flit_offset_ = 1 + params_.link_delay;
    credit_offset_ = params_.credit_delay;
    inject_credit_offset_ = 0;  // the injection buffer is the router's own: no credit travels
    eject_offset_ = 1;          // one cycle through the switch
  }
  // (With several VCs and packets of several flits, a body flit arriving at c + 1 in another VC
  // of the router bids at c + 1 at once, and may compete for the port or the link: no such VC
  // exists with one VC, where the link's one VC is the ahead flit's own, nor with one-flit packets.)
  switch_ahead_ = params_.booksim && params_.vc_alloc_delay == 1 && params_.sw_alloc_delay == 1 &&
                  params_.routing_delay >= 1 && !tracing_ && (vcs_ == 1 || params_.packet_flits == 1);
  for (std::int32_t v = 0; v < vcs_; ++v) class_of_vc_.push_back(class_formula(v));
  for (std::int32_t k = 0; k <= classes_; ++k) first_vc_of_class_.push_back(first_vc_formula(k));
  link_from_.reserve(static_cast<std::size_t>(links_));
  link_to_.reserve(static_cast<std::size_t>(links_));
  routers_.resize(static_cast<std::size_t>(nodes_));
  credit_wakes_.assign(static_cast<std::size_t>(nodes_), 0);
  std::vector<std::vector<std::int32_t>> ports(static_cast<std::size_t>(nodes_)), outs(static_cast<std::size_t>(nodes_));
  for (link_id l = 0; l < links_; ++l) {
    const auto& lk = topo_.link_at(l);
    link_from_.push_back(lk.from);
    link_to_.push_back(lk.to);
    ports[static_cast<std::size_t>(lk.to)].push_back(l);
    outs[static_cast<std::size_t>(lk.from)].push_back(l);
  }
  for (node_id n = 0; n < nodes_; ++n) ports[static_cast<std::size_t>(n)].push_back(injection_port(n));
  // Each router's arrays in one block, those its cycle reads first; twice: counting, placing.
  const auto lay_out = [&] {
    for (node_id n = 0; n < nodes_; ++n) {
      auto& r = routers_[static_cast<std::size_t>(n)];
      const auto& in = ports[static_cast<std::size_t>(n)];
      const auto& out = outs[static_cast<std::size_t>(n)];
      const std::size_t p = in.size(), o = out.size(), vcs = static_cast<std::size_t>(vcs_);
      const std::size_t b = params_.booksim ? 1 : 0;  // weft's router has no allocator pointers
      r.busy_ports = arena_.take<std::uint64_t>((p + 63) / 64, 0);
      r.eject_free_at = arena_.take<std::int64_t>(b * vcs, 0);
      r.ports = arena_.take<std::int32_t>(p, 0);
      r.outs = arena_.take<std::int32_t>(o, 0);
      if (r.ports.data() != nullptr) {
        std::copy(in.begin(), in.end(), r.ports.begin());
        std::copy(out.begin(), out.end(), r.outs.begin());
      }
      // Outputs of the allocators: its links, then the ejection port.
      r.sw_vc_rr = arena_.take<std::int32_t>(b * p, 0);
      r.sw_accept = arena_.take<std::int32_t>(b * p, 0);
      r.sw_grant = arena_.take<std::int32_t>(b * (o + 1), 0);
      r.va_accept = arena_.take<std::int32_t>(b * p * vcs, 0);
      r.va_grant = arena_.take<std::int32_t>(b * (o + 1) * vcs, 0);
      r.eject_owner = arena_.take<std::int32_t>(b * vcs, -1);
      r.port_rr = arena_.take<std::int32_t>(p, 0);
    }
  };
  lay_out();
  arena_.allocate();
  lay_out();
  out_index_.resize(static_cast<std::size_t>(links_));
  if (vcs_ > 1) busy_vcs_.assign(static_cast<std::size_t>(links_ + nodes_), 0);
  std::size_t max_outs = 0;
  for (node_id n = 0; n < nodes_; ++n) {
    const auto& r = routers_[static_cast<std::size_t>(n)];
    max_outs = std::max(max_outs, r.outs.size());
    const auto outs = static_cast<std::int32_t>(r.outs.size());
    for (std::int32_t i = 0; i < outs; ++i) out_index_[static_cast<std::size_t>(r.outs[static_cast<std::size_t>(i)])] = i;
  }
  if (params_.booksim && !adaptive_ && !routing_.reads_state() && nodes_ <= table_nodes && max_outs < 255 &&
      classes_ < 255)  // (route_table_'s entry)
    route_table_ = std::vector<std::atomic<std::uint16_t>>(static_cast<std::size_t>(nodes_) * static_cast<std::size_t>(nodes_));
  const auto channels = static_cast<std::size_t>(links_ + nodes_) * static_cast<std::size_t>(vcs_);
  inputs_.assign(channels, {});
  for (node_id n = 0; n < nodes_; ++n) {
    const auto& r = routers_[static_cast<std::size_t>(n)];
    for (std::int32_t i = 0; i < static_cast<std::int32_t>(r.ports.size()); ++i) {
      const std::int32_t port = r.ports[static_cast<std::size_t>(i)];
      for (std::int32_t v = 0; v < vcs_; ++v) {
        auto& in = inputs_[static_cast<std::size_t>(port * vcs_ + v)];
        in.port = port;
        in.busy_word = arena_.word_index(&r.busy_ports[static_cast<std::size_t>(i >> 6)]);
        in.busy_bit = static_cast<std::uint8_t>(i & 63);
      }
    }
  }
  slots_.assign(channels * static_cast<std::size_t>(buffer_), {});
  // BookSim's source holds credits for the injection VCs as a router does for its links'.
  outputs_.assign(static_cast<std::size_t>(params_.booksim ? links_ + nodes_ : links_) * static_cast<std::size_t>(vcs_),
                  {buffer_, -1});
  part_of_node_.assign(static_cast<std::size_t>(nodes_), 0);
  link_counters_.assign(static_cast<std::size_t>(links_), {});
  if (vcs_ > 1) vc_flits_.assign(static_cast<std::size_t>(links_) * static_cast<std::size_t>(vcs_), 0);
  if (tracing_) head_sent_.assign(static_cast<std::size_t>(links_) * static_cast<std::size_t>(vcs_), -1);
}

void flit_network::check(const routing& routes, const wire_model& wire) {
  const int vcs = config_of(wire).vcs;
  if (routes.vc_classes() > vcs)
    throw std::invalid_argument("routing " + routes.name() + " needs at least " + std::to_string(routes.vc_classes()) +
                                " VCs, --vcs " + std::to_string(vcs) + " given");
}

vtime flit_network::lookahead() const {
  // What crosses a link: a flit granted the switch at cycle c is written downstream at
  // c + flit_offset_, its credit arrives upstream at c + credit_offset_.
  return {std::min(flit_offset_, credit_offset_) * cycle_};
}

std::int32_t flit_network::flits_of(std::int64_t bytes) const {
  return static_cast<std::int32_t>(bytes <= 0 ? 1 : (bytes - 1) / params_.flit_bytes + 1);
}

std::int32_t flit_network::flits_in_packet(std::int32_t flits, std::uint32_t packet) const {
  const std::int64_t left = flits - static_cast<std::int64_t>(packet) * params_.packet_flits;
  return static_cast<std::int32_t>(std::min<std::int64_t>(left, params_.packet_flits));
}

std::int64_t flit_network::payload_of(std::int64_t bytes, std::uint32_t packet) const {
  const std::int64_t packet_bytes = params_.packet_flits * params_.flit_bytes;
  return std::clamp<std::int64_t>(bytes - static_cast<std::int64_t>(packet) * packet_bytes, 0, packet_bytes);
}

void flit_network::check_message(std::int64_t bytes) const {
  // Flits are counted in 32 bits (an event key's packet and flit numbers).
  if (bytes > 0 && (bytes - 1) / params_.flit_bytes >= INT32_MAX) [[unlikely]]
    throw std::invalid_argument("a message of " + std::to_string(bytes) + " bytes is more than " +
                                std::to_string(INT32_MAX) + " flits of " + std::to_string(params_.flit_bytes) +
                                " bytes; raise --flit-size");
}

void flit_network::prepare(int partitions) {
  parts_.assign(static_cast<std::size_t>(partitions), {});
  spans_.assign(static_cast<std::size_t>(partitions), {});
  std::size_t most_ports = 0, most_outs = 0;
  for (const auto& r : routers_) {
    most_ports = std::max(most_ports, r.ports.size());
    most_outs = std::max(most_outs, r.outs.size() + 1);  // and the ejection port
  }
  const auto vcs = static_cast<std::size_t>(vcs_);
  for (auto& r : routers_) {
    r.disjoint_vcs = params_.vc_alloc_delay == 1 && r.va_grant.size() <= 64;
    r.disjoint_switch = params_.sw_alloc_delay == 1 && r.sw_grant.size() <= 64 && r.sw_accept.size() <= 64;
  }
  for (auto& p : parts_) {
    // (A flit leaving ahead, booksim_ahead, books its arrival and credit a cycle further.)
    p.agenda = cycle_agenda(nodes_, std::max({flit_offset_, credit_offset_, inject_credit_offset_,
                                              std::int64_t{params_.injection_delay} + 1}) + (switch_ahead_ ? 1 : 0));
    p.candidates.reserve(16);
    p.granted.assign(most_outs * vcs, -1);
    p.accepted.assign(most_ports * vcs, -1);
    p.due.resize(most_ports * vcs);
    p.due_heads.resize(most_ports * vcs);
    p.due_flits.resize(most_ports * vcs);
  }
}

std::int64_t flit_network::agenda_time(int partition) const {
  const std::int64_t c = parts_[static_cast<std::size_t>(partition)].agenda.next();
  return c == INT64_MAX ? c : time_of(c);
}

std::size_t flit_network::agenda_size(int partition) const {
  return parts_[static_cast<std::size_t>(partition)].agenda.size();
}

std::uint64_t flit_network::run_agenda(std::int64_t time, network_context& ctx) {
  auto& part = parts_[static_cast<std::size_t>(ctx.partition())];
  auto& todo = part.agenda;
  const std::int64_t c = time / cycle_;
  std::uint64_t ran = 0;
  if (todo.arrivals.next() == c) {  // all of them: they queue nothing
    auto& arrivals = todo.arrivals.open(c).items;
    for (arrival& a : arrivals) {
      a.f.arrived = c;
      arrive_flit(a.channel, a.at, a.f, ctx);
    }
    ran += arrivals.size();
    todo.arrivals.closed(c, arrivals.size());
    arrivals.clear();
  }
  if (todo.credits.next() == c) {
    auto& credits = todo.credits.open(c).items;
    for (const credit& k : credits) arrive_credit(k.out, k.at, k.frees, c, ctx);
    ran += credits.size();
    todo.credits.closed(c, credits.size());
    credits.clear();
  }
  if (todo.next_tick() != c) return ran;
  part.running = time;
  part.yield = false;
  do {
    tick(todo.take_tick(c), c, ctx);
    ++ran;
  } while (!part.yield && todo.next_tick() == c);
  part.running = -1;
  return ran;
}

void flit_network::repartition(std::span<const int> part_of_node) {
  part_of_node_.assign(part_of_node.begin(), part_of_node.end());
  // Arrivals and ticks move to their router's partition.
  std::int64_t from = INT64_MAX;
  for (const auto& p : parts_) from = std::min(from, p.agenda.base());
  std::vector<std::pair<std::int64_t, arrival>> arrivals;
  std::vector<std::pair<std::int64_t, credit>> credits;
  std::vector<std::pair<std::int64_t, node_id>> ticks;
  for (auto& p : parts_) {
    p.agenda.arrivals.drain(from, [&](std::int64_t c, const arrival& a) { arrivals.emplace_back(c, a); });
    p.agenda.credits.drain(from, [&](std::int64_t c, const credit& k) { credits.emplace_back(c, k); });
    p.agenda.drain_ticks(from, [&](std::int64_t c, node_id n) { ticks.emplace_back(c, n); });
  }
  const auto agenda_of = [&](node_id n) -> cycle_agenda& {
    return parts_[static_cast<std::size_t>(part_of_node_[static_cast<std::size_t>(n)])].agenda;
  };
  for (const auto& [c, a] : arrivals) agenda_of(a.at).arrivals.add(c, a);
  for (const auto& [c, k] : credits) agenda_of(k.at).credits.add(c, k);
  for (const auto& [c, n] : ticks) agenda_of(n).add_tick(c, n);
}

void flit_network::inject(message& m, network_context& ctx) {
  const std::int32_t flits = flits_of(m.bytes);
  m.packets = (flits - 1) / params_.packet_flits + 1;
  const std::int64_t cycle = (m.ready.ps + cycle_ - 1) / cycle_;  // the next cycle boundary
  event e = event_of(event_kind::network, m, time_of(std::min(cycle, max_cycle_)), m.src_node);
  e.part = source_entry;
  // What injection reads of the message travels with the event (on_source_entry).
  e.aux = m.bytes;
  e.flags = static_cast<std::uint32_t>(flits);
  e.vc = m.packets;
  e.stage = m.dst_node;
  if (cycle > max_cycle_) [[unlikely]]
    return fail(e, "virtual time overflow: the message from PE " + std::to_string(m.src) + " enters the flit network past the latest virtual time, " + latest_time_text(), ctx);
  queue(e, ctx);
}

void flit_network::handle(const event& e, network_context& ctx) {
  const std::int64_t c = e.time / cycle_;
  if (e.src == credit_source) return arrive_credit(static_cast<std::int32_t>(e.seq), e.at, e.flags != 0, c, ctx);
  if (e.part == source_entry) return on_source_entry(e, ctx);
  const message& m = *e.msg;
  arrive_flit(e.stage * vcs_ + e.vc,  // stage: the link it crossed
              e.at,
              {.msg = e.msg,
               .arrived = c,
               .born = e.aux,
               .payload = payload_of(m.bytes, e.packet),
               .packet = e.packet,
               .index = e.part,
               .hops = static_cast<std::int32_t>(e.flags),
               .source = m.src_node,
               .dest = m.dst_node,
               .tail = static_cast<std::int32_t>(e.part) + 1 == flits_in_packet(flits_of(m.bytes), e.packet)},
              ctx);
}

void flit_network::on_source_entry(const event& e, network_context& ctx) {
  auto& r = routers_[static_cast<std::size_t>(e.at)];
  r.source.push_back({e.msg, e.aux, static_cast<std::int32_t>(e.flags), e.vc, e.stage});
  credit_wakes_[static_cast<std::size_t>(e.at)] = 1;
  request_tick(e.at, e.time / cycle_, ctx);
}

void flit_network::arrive_flit(std::int32_t channel, node_id at, const flit& f, network_context& ctx) {
  write_flit(channel, f);  // never past the buffer: the flit came with a credit
  // What this flit's next stages read at random, asked from memory now: a cycle or more passes
  // (every other router's cycle) before they do. At its destination: the message, which
  // ejection writes (a message is seldom in the cache: 10 % of (a)'s time at 0.07 went to
  // these two misses); elsewhere a head's routing-table entry.
  if (f.dest == at) {
    __builtin_prefetch(f.msg);  // its source and sequence number, which the delivery event copies
    __builtin_prefetch(&f.msg->ready, 1);
    __builtin_prefetch(&f.msg->hops, 1);
  } else if (f.index == 0 && !route_table_.empty()) {
    __builtin_prefetch(&route_table_[static_cast<std::size_t>(at) * static_cast<std::size_t>(nodes_) + static_cast<std::size_t>(f.dest)]);
  }
  if (params_.booksim) {  // the stage it starts, if it reached the front
    const auto& in = inputs_[static_cast<std::size_t>(channel)];
    if (in.count == 1) request_tick(at, in.ready_at, ctx);
    return;
  }
  request_tick(at, f.arrived + (f.index == 0 ? va_wait_ : sa_wait_), ctx);
}

void flit_network::arrive_credit(std::int32_t out_vc, node_id at, bool frees, std::int64_t c, network_context& ctx) {
  auto& out = outputs_[static_cast<std::size_t>(out_vc)];
  ++out.credits;
  if (frees) out.owner = -1;  // the tail-credit rule: the tail left the buffer downstream, the VC is free
  // A cycle now changes nothing unless a flit here stayed where it was ready to move (it may
  // have waited for this credit) or the source holds a message (it may wait for an injection
  // credit): every other flit is not ready yet and has its cycle booked for when it is. (Such
  // a cycle would leave every counter as it is: nothing is ready, nothing is blocked.)
  if (credit_wakes_[static_cast<std::size_t>(at)] != 0) request_tick(at, c, ctx);
}

void flit_network::tick(node_id n, std::int64_t c, network_context& ctx) {
  auto& r = routers_[static_cast<std::size_t>(n)];
  // Between two ticks nothing changed at this router, so a flit left stuck stayed stuck.
  // (Without a branch: whether a flit was stuck is the simulation's data.)
  const bool stayed_stuck = r.stuck & (r.last_tick >= 0);
  r.blocked_cycles += (c - r.last_tick - 1) & -static_cast<std::int64_t>(stayed_stuck);
  r.last_tick = c;
  // The source, then VC allocation, then switch allocation: a VC freed this cycle is allocated
  // from the next one (under BookSim's router every stage sees the state the cycle started with).
  bool progress = r.source_head < r.source.size() && inject_flit(r, n, c, ctx);  // most ticks find no message waiting
  bool holds = false;
  std::int64_t next;
  if (params_.booksim) {
    next = vcs_ == 1 ? booksim_cycle<true>(r, n, c, progress, ctx) : booksim_cycle<false>(r, n, c, progress, ctx);
  } else {
    progress |= allocate_vcs(r, n, c, ctx);
    progress |= allocate_switch(r, n, c, ctx);
    next = next_ready(r, c, holds);
  }
  if (r.stuck) ++r.blocked_cycles;
  const bool waits = r.stuck || r.source_head < r.source.size();
  credit_wakes_[static_cast<std::size_t>(n)] = waits ? 1 : 0;
  // Something moved: the next cycle may move more (a freed port, buffer slot or switch input,
  // the flit behind the one that left). Nothing moved: only time (a flit's next pipeline
  // stage), an arrival or a credit can help, and those two request their own ticks. Under
  // BookSim's router every flit that moved or was granted books its next stage by its cycle
  // (`next`), so what a move frees can only help a flit that stayed where it was ready to move
  // (r.stuck) or the source; a cycle without either would find nothing due and change nothing.
  if (progress && (params_.booksim ? waits : holds)) next = c + 1;
  if (next != INT64_MAX) request_tick(n, next, ctx);
}

std::string flit_network::channel_name(std::int32_t channel) const {
  const std::int32_t port = channel / vcs_, vc = channel % vcs_;
  if (port >= links_) return "injection at " + std::to_string(port - links_) + " vc" + std::to_string(vc);
  return std::to_string(link_from_[static_cast<std::size_t>(port)]) + "->" +
         std::to_string(link_to_[static_cast<std::size_t>(port)]) + " vc" + std::to_string(vc);
}

void flit_network::held_messages(std::vector<message*>& out) const {
  for (const auto& p : parts_)
    p.agenda.arrivals.for_each([&](const arrival& a) {
      out.push_back(a.f.msg);
    });
  for (const auto& r : routers_)
    for (std::size_t i = r.source_head; i < r.source.size(); ++i) out.push_back(r.source[i].msg);
  for (std::size_t ch = 0; ch < inputs_.size(); ++ch)
    for (std::int32_t i = 0; i < inputs_[ch].count; ++i)
      out.push_back(slots_[ch * static_cast<std::size_t>(buffer_) +
                           static_cast<std::size_t>((inputs_[ch].first + i) % buffer_)].msg);
}

}  // namespace weft::detail::flit
