// The `message` network: every directed link (and, on single-port PEs, each injection and
// ejection port) is a FIFO resource a packet holds for its serialization time; a packet that
// needs it while it is busy waits, and that waiting is the contention weft reports. Costs are the
// wire model's α (or the short path's, or a chain's), τ per byte and λ per hop, store-and-forward
// or cut-through (docs/model.md). A deterministic routing's packet follows its first candidate; an
// adaptive routing's packet takes, at each node as it gets there, the permitted link that can
// start it soonest (ties: the routing's candidate order). Links have unbounded queues here, so no
// routing can deadlock this network.

#include <algorithm>
#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

#include "weft/detail/checked_time.hpp"
#include "weft/detail/link_spans.hpp"
#include "weft/detail/network.hpp"
#include "message_network.hpp"

namespace weft::detail {

namespace {

/// Counters of one directed link over a run.
struct link_stats {
  std::int64_t bytes = 0;
  vtime busy{};
  std::uint64_t packets = 0;
  std::uint64_t waited = 0;  ///< packets that found the link busy
  vtime wait_total{};
  std::int32_t max_queue = 0;  ///< most packets waiting (not yet started) at one time
};

/// `LinksQueue` false: the `ideal` network (networks/ideal/): the same links, costs, ports and
/// routes, but a link starts every packet when it asks, as if it were alone on it; what a
/// message waits for then is only its PEs' ports. A template, so the message network's hop loop
/// pays nothing for the choice.
template <bool LinksQueue>
class message_network final : public network {
 public:
  explicit message_network(const network_setup& setup)
      : topo_(setup.topo),
        routing_(setup.routes),
        model_(setup.wire),
        tracing_(setup.tracing),
        adaptive_(setup.routes.adaptive()),
        hop_bound_(route_hop_limit(setup.topo)) {
    const auto nlinks = topo_.links().size();
    links_.assign(nlinks, {});
    link_to_.reserve(nlinks);
    for (const auto& l : topo_.links()) link_to_.push_back(l.to);
    pending_starts_.resize(nlinks);
    pending_head_.assign(nlinks, 0);
    if (model_.ports != port_model::all_port) inject_free_.assign(static_cast<std::size_t>(setup.pes), 0);
    if (model_.ports == port_model::single_port) eject_free_.assign(static_cast<std::size_t>(setup.pes), 0);
  }

  // A single-port PE's ejection port is fed by links that may belong to different partitions
  // (an injection port only by its own node's links).
  vtime lookahead() const override { return model_.ports != port_model::single_port ? model_.hop_latency : vtime{}; }

  void check_message(std::int64_t bytes) const override {
    if (model_.mtu > 0 && bytes > 0 && (bytes - 1) / model_.mtu >= INT32_MAX) [[unlikely]]  // packets > INT32_MAX
      throw std::invalid_argument("a message of " + std::to_string(bytes) + " bytes is more than " +
                                  std::to_string(INT32_MAX) + " packets of MTU " + std::to_string(model_.mtu) +
                                  " bytes; raise the MTU");
  }
  bool may_reorder() const override { return adaptive_; }
  bool runs_over_ranks() const override { return true; }  // one route per pair: FIFO links keep order
  bool sender_waits_for_injection() const override { return model_.ports != port_model::all_port; }

  void prepare(int partitions) override {
    spans_.assign(static_cast<std::size_t>(partitions), {});
    candidates_.assign(static_cast<std::size_t>(partitions), {});
  }

  void inject(message& m, network_context& ctx) override {
    // isend refused messages of INT32_MAX packets or more; (bytes - 1) / mtu + 1 cannot overflow.
    m.packets = model_.mtu > 0 && m.bytes > model_.mtu ? static_cast<std::int32_t>((m.bytes - 1) / model_.mtu + 1) : 1;
    m.packets_arrived = 0;
    // --injection packet: one packet at a time, as a NIC injects them; the next asks for the
    // first link when this one has left it (handle()), so a packet of another message that asks
    // in between goes between them. --injection message: all at once, one burst on every link.
    const std::int32_t now = model_.inject == injection::packet ? 1 : m.packets;
    for (std::int32_t p = 0; p < now; ++p)
      ctx.push(event_of(event_kind::network, m, m.ready.ps, m.src_node, static_cast<std::uint32_t>(p)));
  }

  void handle(const event& e, network_context& ctx) override;
  void add_to_report(report& r, vtime makespan) const override;

 private:
  /// What a hop touches of its link, in one cache line.
  struct alignas(64) link_state {
    std::int64_t free = 0;                ///< when the link can start its next packet
    std::int64_t latest_wait_start = -1;  ///< start of the latest packet that had to wait
    link_stats stats;
  };

  std::int64_t packet_bytes(const message& m, std::uint32_t packet) const {
    if (model_.mtu <= 0) return m.bytes;
    return std::min<std::int64_t>(model_.mtu, m.bytes - static_cast<std::int64_t>(packet) * model_.mtu);
  }
  std::int32_t queue_depth(link_state& link, link_id l, std::int64_t at, std::int64_t start);
  /// The stage of a packet that has arrived (adaptive routings: counted at the destination).
  static constexpr std::int32_t arrived = -1;
  /// The next hop of `e`'s packet: the route's, or (adaptive) the permitted link free soonest.
  hop choose_hop(const event& e, network_context& ctx);
  void note_overflow(network_context& ctx, const event& e, link_id l, std::int64_t start, std::int64_t setup,
                     std::int64_t serial) const;

  const topology& topo_;
  const routing& routing_;
  wire_model model_;
  bool tracing_;
  bool adaptive_;  // the routing offers choices: take the least loaded at each hop
  std::int32_t hop_bound_;  // route_hop_limit(topo): a packet past it is in a routing loop
  std::vector<link_state> links_;
  std::vector<node_id> link_to_;  // where each link leads: the topology's, packed for the hop loop
  std::vector<std::int64_t> inject_free_;  // single-port injection per PE
  std::vector<std::int64_t> eject_free_;   // single-port ejection per PE
  // Starts of the packets waiting on each link (only links that ever had a queue), from head.
  std::vector<std::vector<std::int64_t>> pending_starts_;
  std::vector<std::uint32_t> pending_head_;
  std::vector<std::vector<link_span>> spans_;  // per partition, when tracing
  std::vector<std::vector<hop>> candidates_;  // per partition: scratch of choose_hop
};

template <bool LinksQueue>
hop message_network<LinksQueue>::choose_hop(const event& e, network_context& ctx) {
  const route_state state{e.msg->src_node, e.vc, e.stage, e.flags};
  if (!adaptive_) return routing_.first_hop(e.at, e.msg->dst_node, state);
  auto& candidates = candidates_[static_cast<std::size_t>(ctx.partition())];
  candidates.clear();
  routing_.next_hops(e.at, e.msg->dst_node, state, candidates);
  hop best{};
  std::int64_t best_free = INT64_MAX;
  for (const hop& h : candidates) {  // links out of e.at: this partition's
    if (h.link < 0) continue;
    const std::int64_t free = LinksQueue ? std::max(e.time, links_[static_cast<std::size_t>(h.link)].free) : e.time;
    if (free < best_free) {
      best = h;
      best_free = free;
    }
  }
  return best;
}

template <bool LinksQueue>
std::int32_t message_network<LinksQueue>::queue_depth(link_state& link, link_id l, std::int64_t at, std::int64_t start) {
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

template <bool LinksQueue>
void message_network<LinksQueue>::handle(const event& e, network_context& ctx) {
  message& m = *e.msg;
  if (e.stage == arrived) {  // at the destination, where only its partition counts
    if (++m.packets_arrived == m.packets) ctx.push(event_of(event_kind::delivery, m, e.time, e.at));
    return;
  }
  const node_id dst_node = m.dst_node;
  if (e.stage >= hop_bound_) [[unlikely]]
    return ctx.drop(e, "has not arrived after " + std::to_string(e.stage) +
                           " links, the most a route may cross on this topology (a routing loop)");
  const hop chosen = choose_hop(e, ctx);
  const link_id l = chosen.link;
  if (l < 0) [[unlikely]]
    return ctx.drop(e, "has no next hop at node " + std::to_string(e.at));
  const node_id next = link_to_[static_cast<std::size_t>(l)];
  const bool first = e.stage == 0;
  const bool last = next == dst_node;
  const bool single_in = model_.ports != port_model::all_port;       // one injection at a time
  const bool single_out = model_.ports == port_model::single_port;   // one ejection at a time
  const auto src = static_cast<std::size_t>(m.src);  // single-port: the PEs' ports
  const auto dst = static_cast<std::size_t>(m.dst);

  link_state& link = links_[static_cast<std::size_t>(l)];
  std::int64_t start = LinksQueue ? std::max(e.time, link.free) : e.time;
  if (single_in && first) start = std::max(start, inject_free_[src]);
  if (single_out && last) start = std::max(start, eject_free_[dst]);
  const std::int64_t pbytes = packet_bytes(m, e.packet);
  const std::int64_t setup = first && e.packet == 0 ? model_.setup_for(m.path, m.chained).ps : 0;
  const std::int64_t serial = model_.tau_for(m.path).serialize(pbytes).ps;
  const std::int64_t lambda = model_.hop_latency.ps;
  const std::int64_t prev_end = e.aux;  // cut-through: when the packet's tail left the previous link
  std::int64_t head = 0, end = 0, after = 0;
  bool fits = add_time(start, setup, head) && add_time(head, serial, end);
  if (fits && model_.mode == switching::cut_through && !first)
    end = std::max(end, prev_end + lambda);  // the tail cannot outrun the previous link (checked there)
  // Every later time of this hop is at most end + λ (cut-through's head + λ too).
  fits = fits && add_time(end, lambda, after);
  if (!fits) [[unlikely]] {
    note_overflow(ctx, e, l, start, setup, serial);
    return;
  }

  auto& stats = link.stats;
  // Busy intervals of one link do not overlap, so their total is at most `end`; bytes carried and
  // the waits (which do overlap) can still pass int64 with huge modelled sizes or times.
  std::int64_t bytes = 0, waits = 0;
  if (__builtin_add_overflow(stats.bytes, pbytes, &bytes) ||
      __builtin_add_overflow(stats.wait_total.ps, start - e.time, &waits)) [[unlikely]] {
    ctx.fail(e, "count overflow: the bytes carried by link " + std::to_string(l) +
                    " or the time its packets waited for it pass the largest count, " + std::to_string(INT64_MAX));
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
  if (single_in && first) inject_free_[src] = end;
  if (single_out && last) eject_free_[dst] = end;
  if (tracing_) spans_[static_cast<std::size_t>(ctx.partition())].push_back({l, m.src, m.dst, {start}, {end}});
  if (e.packet == 0) ++m.hops;

  if (first && e.packet + 1 == static_cast<std::uint32_t>(m.packets) && m.send_request >= 0)
    ctx.push(event_of(event_kind::send_done, m, end, e.at));
  if (first && model_.inject == injection::packet && e.packet + 1 < static_cast<std::uint32_t>(m.packets))  // see inject()
    ctx.push(event_of(event_kind::network, m, end, e.at, e.packet + 1));

  if (last) {
    if (adaptive_) {  // packets on different routes may arrive in any order: count them there
      event arrival = event_of(event_kind::network, m, end + lambda, next, e.packet);
      arrival.stage = arrived;
      ctx.push(arrival);
    } else if (e.packet + 1 == static_cast<std::uint32_t>(m.packets)) {  // one route: in order
      // Every packet crossed these links: the count packet 0 kept. (Set from the route itself:
      // spread over ranks, this rank's copy may have been made after packet 0 passed.)
      m.hops = e.stage + 1;
      ctx.push(event_of(event_kind::delivery, m, end + lambda, next));
    }
    return;
  }
  // Store-and-forward: the next link is requested once the whole packet has arrived.
  // Cut-through: as soon as the head has crossed this link.
  const std::int64_t next_request = model_.mode == switching::cut_through ? start + setup + lambda : end + lambda;
  event request = event_of(event_kind::network, m, next_request, next, e.packet);
  request.stage = e.stage + 1;
  request.aux = end;
  request.vc = chosen.vc;
  request.flags = e.flags;
  ctx.push(request);
}

template <bool LinksQueue>
void message_network<LinksQueue>::note_overflow(network_context& ctx, const event& e, link_id l, std::int64_t start,
                                    std::int64_t setup, std::int64_t serial) const {
  const message& m = *e.msg;
  const auto& link = topo_.link_at(l);
  auto t = [](std::int64_t ps) { return ps > latest_time.ps ? std::string("more than that time") : format_time({ps}); };
  ctx.fail(e, "virtual time overflow: the message from PE " + std::to_string(m.src) + " to PE " + std::to_string(m.dst) +
                  " (" + std::to_string(m.bytes) + " bytes) on link " + std::to_string(l) + " (node " +
                  std::to_string(link.from) + " -> " + std::to_string(link.to) + "), starting at " + t(start) +
                  " with start-up " + t(setup) + ", serialization " + t(serial) + " and hop latency " +
                  t(model_.hop_latency.ps) + ", ends past the latest virtual time, " + latest_time_text());
}

template <bool LinksQueue>
void message_network<LinksQueue>::add_to_report(report& r, vtime makespan) const {
  r.links.reserve(links_.size());
  for (std::size_t i = 0; i < links_.size(); ++i) {
    const auto& lk = topo_.link_at(static_cast<link_id>(i));
    const auto& s = links_[i].stats;
    r.links.push_back({static_cast<link_id>(i), lk.from, lk.to, lk.dimension, lk.direction, s.bytes, s.busy,
                       makespan.ps > 0 ? static_cast<double>(s.busy.ps) / static_cast<double>(makespan.ps) : 0.0,
                       s.packets, s.waited, s.wait_total, s.max_queue});
  }
  if (tracing_) add_link_spans(r, spans_);
}

}  // namespace

std::unique_ptr<network> make_message_network(const network_setup& setup) {
  return std::make_unique<message_network<true>>(setup);
}

std::unique_ptr<network> make_contention_free_network(const network_setup& setup) {
  return std::make_unique<message_network<false>>(setup);
}

}  // namespace weft::detail
