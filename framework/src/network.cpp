// What every network shares: the registry a run chooses from, the check of a routing against a
// network, and the link spans of a trace.
#include <algorithm>
#include <memory>
#include <vector>

#include "flit_network.hpp"
#include "message_network.hpp"
#include "weft/detail/network.hpp"

namespace weft::detail {

void add_link_spans(report& r, const std::vector<std::vector<link_span>>& per_partition) {
  std::vector<link_span> all;
  for (const auto& part : per_partition) all.insert(all.end(), part.begin(), part.end());
  std::stable_sort(all.begin(), all.end(), [](const link_span& a, const link_span& b) {
    return a.begin != b.begin ? a.begin < b.begin : a.link < b.link;
  });
  for (const auto& s : all) r.trace.links.push_back({s.link, s.src, s.dst, s.begin, s.end});
}

void register_builtin_networks(network_registry& registry) {
  registry.add({"message", "message-level links: FIFO per link, alpha + tau per byte + hop latency, packets of --mtu",
                &make_message_network});
  registry.add({"flit", "flit-level wormhole routers: virtual channels, credits, --vcs --buffer --cycle ...",
                [](const network_setup& s) { return std::make_unique<flit::flit_network>(s); },
                &flit::flit_network::check});
}

void check_network(const routing& routes, const wire_model& wire) {
  if (const auto& entry = builtin_networks().find(wire.network); entry.check) entry.check(routes, wire);
}

const network_registry& builtin_networks() {
  static const network_registry registry = [] {
    network_registry r("network");
    register_builtin_networks(r);
    return r;
  }();
  return registry;
}

}  // namespace weft::detail
