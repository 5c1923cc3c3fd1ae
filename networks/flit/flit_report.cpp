// The flit network's figures: the per-link fields every network fills (bytes are payload bytes,
// as on any network; flits beside them: docs/report.md) and its own "network" section: flits per
// link and VC, blocked cycles per router, packet latency (queueing and in the network), accepted
// throughput.
#include "flit_network.hpp"

namespace weft::detail::flit {

namespace {

log2_histogram trimmed(const latency_histogram& h) {
  std::size_t used = h.buckets.size();
  while (used > 0 && h.buckets[used - 1] == 0) --used;
  return {{h.buckets.begin(), h.buckets.begin() + static_cast<std::ptrdiff_t>(used)}, h.total};
}

}  // namespace

void flit_network::add_to_report(report& r, vtime makespan) const {
  const std::int64_t cycles = std::max<std::int64_t>(1, (makespan.ps + cycle_ - 1) / cycle_);
  r.links.reserve(link_counters_.size());
  for (link_id l = 0; l < links_; ++l) {
    const auto& lk = topo_.link_at(l);
    const auto& s = link_counters_[static_cast<std::size_t>(l)];
    r.links.push_back({l, lk.from, lk.to, lk.dimension, lk.direction, s.bytes,
                       {s.flits * cycle_}, makespan.ps > 0 ? static_cast<double>(s.flits * cycle_) / static_cast<double>(makespan.ps) : 0.0,
                       s.packets, s.waited, {s.wait_cycles * cycle_}, s.max_queue, s.flits});
  }

  partition_counters all;
  for (const auto& p : parts_) {
    all.injected_flits += p.injected_flits;
    all.ejected_flits += p.ejected_flits;
    all.packets += p.packets;
    for (std::size_t b = 0; b < all.queueing.buckets.size(); ++b) {
      all.queueing.buckets[b] += p.queueing.buckets[b];
      all.network.buckets[b] += p.network.buckets[b];
    }
    all.queueing.total += p.queueing.total;
    all.network.total += p.network.total;
  }
  cycle_network_figures c;
  c.cycle = {cycle_};
  c.cycles = cycles;
  c.configuration = {{"vcs", vcs_},
                     {"vc_classes", classes_},
                     {"buffer_flits", buffer_},
                     {"flit_bytes", params_.flit_bytes},
                     {"packet_flits", params_.packet_flits}};
  if (params_.booksim)
    c.configuration.insert(c.configuration.end(), {{"routing_delay", params_.routing_delay},
                                                   {"vc_alloc_delay", params_.vc_alloc_delay},
                                                   {"sw_alloc_delay", params_.sw_alloc_delay},
                                                   {"st_delay", params_.st_delay},
                                                   {"link_delay", params_.link_delay},
                                                   {"credit_delay", params_.credit_delay},
                                                   {"injection_delay", params_.injection_delay},
                                                   {"ejection_delay", params_.ejection_delay},
                                                   {"wait_for_tail_credit", params_.wait_for_tail_credit}});
  else
    c.configuration.insert(c.configuration.end(), {{"router_delay", params_.router_delay},
                                                   {"link_delay", params_.link_delay},
                                                   {"credit_delay", params_.credit_delay}});
  c.injected_flits = all.injected_flits;
  c.ejected_flits = all.ejected_flits;
  c.packets = all.packets;
  c.accepted_throughput =
      static_cast<double>(all.ejected_flits) / static_cast<double>(nodes_) / static_cast<double>(cycles);
  c.queueing = trimmed(all.queueing);
  c.in_network = trimmed(all.network);
  for (link_id l = 0; l < links_; ++l) {
    if (vcs_ == 1) {  // its one VC's flits are the link's
      c.link_vc_flits.push_back({link_counters_[static_cast<std::size_t>(l)].flits});
      continue;
    }
    const auto first = vc_flits_.begin() + static_cast<std::ptrdiff_t>(l) * vcs_;
    c.link_vc_flits.emplace_back(first, first + vcs_);
  }
  for (const auto& router : routers_) c.router_blocked_cycles.push_back(router.blocked_cycles);
  r.network.kind = "flit";
  r.network.cycles = std::move(c);
  if (tracing_) add_link_spans(r, spans_);
}

}  // namespace weft::detail::flit
