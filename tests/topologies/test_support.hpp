#pragma once
// Helpers shared by the topology tests: registries and an "every pair routes" walker.

#include <memory>
#include <set>
#include <string>

#include "weft/topology_registry.hpp"

namespace weft::test {

struct registries {
  topology_registry topologies;
  routing_registry routings;
  registries() {
    register_builtin_topologies(topologies);
    register_builtin_routings(routings);
  }
  std::unique_ptr<topology> make(const std::string& spec) const { return topologies.make(spec); }
  std::unique_ptr<routing> route(const std::string& name, const topology& t) const {
    return routings.make(name.empty() ? t.default_routing() : name, t);
  }
};

/// Node sequence of the route from src to dst along first candidates (src included).
inline std::vector<node_id> route_nodes(const topology& t, const routing& r, node_id src, node_id dst) {
  std::vector<node_id> nodes{src};
  for (const auto& h : route_path(t, r, src, dst)) nodes.push_back(t.link_at(h.link).to);
  return nodes;
}

/// True when no node repeats and the route ends at dst.
inline bool loop_free_and_arrives(const topology& t, const routing& r, node_id src, node_id dst) {
  auto nodes = route_nodes(t, r, src, dst);
  std::set<node_id> seen(nodes.begin(), nodes.end());
  return seen.size() == nodes.size() && nodes.back() == dst;
}

}  // namespace weft::test
