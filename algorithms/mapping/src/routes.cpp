#include "weft/mapping/routes.hpp"

#include <stdexcept>

#include "weft/topology_registry.hpp"

namespace weft::mapping {

machine_routes::machine_routes(const topology& topo, const routing& r) {
  if (r.adaptive())
    throw std::invalid_argument("routing " + r.name() + " is adaptive: the mapping objectives need a static route per pair of nodes (Morie & Nanri, §4.4)");
  nodes_ = topo.compute_nodes();
  if (nodes_ > max_nodes)
    throw std::invalid_argument("machine " + topo.spec() + " has " + std::to_string(nodes_) +
                                " compute nodes; the route table of the mapping objectives allows at most " +
                                std::to_string(max_nodes));
  links_ = static_cast<int>(topo.links().size());
  description_ = topo.spec() + " (routing " + r.name() + ")";
  for (const auto& l : topo.links()) ends_.emplace_back(l.from, l.to);
  begin_.reserve(static_cast<std::size_t>(nodes_) * static_cast<std::size_t>(nodes_) + 1);
  begin_.push_back(0);
  for (node_id p = 0; p < nodes_; ++p)
    for (node_id q = 0; q < nodes_; ++q) {
      if (p != q) walk_route(topo, r, p, q, [&](const hop& h) { path_.push_back(h.link); });
      diameter_ = std::max(diameter_, static_cast<int>(static_cast<std::int64_t>(path_.size()) - begin_.back()));
      begin_.push_back(static_cast<std::int64_t>(path_.size()));
    }
}

machine_routes machine_routes::from_spec(std::string_view spec, std::string_view routing_name) {
  topology_registry topologies;
  register_builtin_topologies(topologies);
  routing_registry routings;
  register_builtin_routings(routings);
  // The table's limit, checked from the spec's size before building it (a hypercube:24 took a
  // minute to build only to be refused here). Families without a size are small or read from a file.
  if (const auto [nodes, links] = topologies.size(spec); nodes > max_nodes)
    throw std::invalid_argument("machine " + std::string(spec) + " has " + std::to_string(nodes) +
                                " compute nodes; the route table of the mapping objectives allows at most " +
                                std::to_string(max_nodes));
  auto topo = topologies.make(spec);
  const std::string name = routing_name.empty() ? topo->default_routing() : std::string(routing_name);
  auto r = routings.make(name, *topo);
  return machine_routes(*topo, *r);
}

std::string machine_routes::link_name(link_id l) const {
  const auto& [from, to] = ends_[static_cast<std::size_t>(l)];
  return std::to_string(from) + "->" + std::to_string(to);
}

}  // namespace weft::mapping
