#include "weft/topo/fully_connected.hpp"

#include <stdexcept>
#include <vector>

namespace weft::topo {

fully_connected::fully_connected(std::string spec, node_id nodes) : topology(spec, nodes) {
  if (nodes < 1 || nodes > 8192)
    throw std::invalid_argument("topology '" + spec + "': node count " + std::to_string(nodes) +
                                " must be between 1 and 8192");
  for (node_id a = 0; a < nodes; ++a)
    for (node_id b = 0; b < nodes; ++b) add_new_link(a, b);
  finalize();
}

int fully_connected::link_orbit(link_id l) const {
  // Translation by t maps a->b onto a+t -> b+t: the orbit is the offset (b - a) mod N.
  const auto& lk = link_at(l);
  return (lk.to - lk.from + node_count()) % node_count();
}

}  // namespace weft::topo

namespace weft::topo {

namespace {

/// Refuses a graph where two compute nodes lack a link: "direct" would otherwise fail only when
/// a route met them, in the middle of a run.
void require_fully_connected(const topology& topo) {
  const node_id c = topo.compute_nodes();
  std::vector<node_id> degree(static_cast<std::size_t>(c), 0);
  for (const auto& l : topo.links())
    if (l.from < c && l.to < c) ++degree[static_cast<std::size_t>(l.from)];  // links are never duplicated
  for (node_id a = 0; a < c; ++a) {
    if (degree[static_cast<std::size_t>(a)] == c - 1) continue;
    for (node_id b = 0; b < c; ++b)
      if (b != a && !topo.find_link(a, b))
        throw std::invalid_argument("routing direct needs a fully connected graph: nodes " + std::to_string(a) +
                                    " and " + std::to_string(b) + " of '" + topo.spec() + "' are not neighbours");
  }
}

}  // namespace

direct_routing::direct_routing(const topology& topo)
    : topo_(topo), complete_(dynamic_cast<const fully_connected*>(&topo) != nullptr) {
  if (!complete_) require_fully_connected(topo);
}

hop direct_routing::first_hop(node_id current, node_id dst, const route_state&) const {
  if (current == dst) return {};
  if (complete_) {
    // fully_connected adds, for each source a, links to every b != a in increasing order.
    auto n = static_cast<link_id>(topo_.node_count());
    return {current * (n - 1) + (dst < current ? dst : dst - 1), 0};
  }
  if (auto l = topo_.find_link(current, dst)) return {*l, 0};
  throw std::invalid_argument("routing direct: nodes " + std::to_string(current) + " and " +
                              std::to_string(dst) + " are not neighbours in '" + topo_.spec() + "'");
}

}  // namespace weft::topo
