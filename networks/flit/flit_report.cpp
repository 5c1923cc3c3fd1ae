// The flit network's figures: the per-link fields every network fills (in flits: docs/report.md)
// and its own "network" section: flits per link and VC, blocked cycles per router, packet
// latency (queueing and in the network), accepted throughput.
#include <fmt/format.h>

#include <nlohmann/json.hpp>

#include "flit_network.hpp"

namespace weft::detail::flit {

namespace {

nlohmann::ordered_json histogram_json(const latency_histogram& h, std::int64_t packets) {
  std::size_t used = h.buckets.size();
  while (used > 0 && h.buckets[used - 1] == 0) --used;
  return {{"mean", packets > 0 ? static_cast<double>(h.total) / static_cast<double>(packets) : 0.0},
          {"histogram", std::vector<std::uint64_t>(h.buckets.begin(), h.buckets.begin() + static_cast<std::ptrdiff_t>(used))}};
}

}  // namespace

void flit_network::add_to_report(report& r, vtime makespan) const {
  const std::int64_t cycles = std::max<std::int64_t>(1, (makespan.ps + cycle_ - 1) / cycle_);
  auto share = [&](std::int64_t flits) { return static_cast<double>(flits) / static_cast<double>(cycles); };
  r.links.reserve(link_counters_.size());
  for (link_id l = 0; l < links_; ++l) {
    const auto& lk = topo_.link_at(l);
    const auto& s = link_counters_[static_cast<std::size_t>(l)];
    r.links.push_back({l, lk.from, lk.to, lk.dimension, lk.direction, s.flits * params_.flit_bytes,
                       {s.flits * cycle_}, makespan.ps > 0 ? static_cast<double>(s.flits * cycle_) / static_cast<double>(makespan.ps) : 0.0,
                       s.packets, s.waited, {s.wait_cycles * cycle_}, s.max_queue});
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
  using nlohmann::ordered_json;
  ordered_json links = ordered_json::array();
  for (link_id l = 0; l < links_; ++l) {
    ordered_json vcs = ordered_json::array();
    for (std::int32_t v = 0; v < vcs_; ++v) {
      const std::int64_t f = vc_flits_[static_cast<std::size_t>(l * vcs_ + v)];
      vcs.push_back({{"flits", f}, {"utilization", share(f)}});
    }
    const std::int64_t f = link_counters_[static_cast<std::size_t>(l)].flits;
    links.push_back({{"id", l}, {"flits", f}, {"utilization", share(f)}, {"vcs", std::move(vcs)}});
  }
  ordered_json routers = ordered_json::array();
  for (node_id n = 0; n < nodes_; ++n)
    routers.push_back({{"node", n}, {"blocked_cycles", routers_[static_cast<std::size_t>(n)].blocked_cycles}});
  ordered_json j{
      {"kind", "flit"},
      {"cycle", cycle_},
      {"cycles", cycles},
      {"vcs", vcs_},
      {"vc_classes", classes_},
      {"buffer_flits", buffer_},
      {"flit_bytes", params_.flit_bytes},
      {"packet_flits", params_.packet_flits},
      {"router_delay", params_.router_delay},
      {"link_delay", params_.link_delay},
      {"credit_delay", params_.credit_delay},
      {"flits", {{"injected", all.injected_flits}, {"ejected", all.ejected_flits},
                 {"in_network", all.injected_flits - all.ejected_flits}}},
      {"packets", all.packets},
      {"accepted_throughput", static_cast<double>(all.ejected_flits) / static_cast<double>(nodes_) /
                                  static_cast<double>(cycles)},
      {"latency", {{"unit", "cycles"},
                   {"buckets", "bucket 0 counts 0 cycles, bucket i counts [2^(i-1), 2^i)"},
                   {"queueing", histogram_json(all.queueing, all.packets)},
                   {"network", histogram_json(all.network, all.packets)}}},
      {"links", std::move(links)},
      {"routers", std::move(routers)}};
  r.network_json = j.dump();
  if (tracing_) add_link_spans(r, spans_);
  std::int64_t blocked = 0;
  for (const auto& router : routers_) blocked += router.blocked_cycles;
  const auto mean = [&](const latency_histogram& h) {
    return all.packets > 0 ? static_cast<double>(h.total) / static_cast<double>(all.packets) : 0.0;
  };
  r.network_summary = fmt::format(
      "flit network: {} flits in {} packets, accepted {:.4f} flits/node/cycle over {} cycles; packet latency "
      "{:.1f} cycles ({:.1f} queueing at the source + {:.1f} in the network); {} router-cycles blocked",
      all.ejected_flits, all.packets, static_cast<double>(all.ejected_flits) / static_cast<double>(nodes_) /
                                         static_cast<double>(cycles),
      cycles, mean(all.queueing) + mean(all.network), mean(all.queueing), mean(all.network), blocked);
}

}  // namespace weft::detail::flit
