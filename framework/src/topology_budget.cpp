#include "weft/topology_budget.hpp"

#include <algorithm>
#include <string>

#include "weft/memory_budget.hpp"

namespace weft {

std::int64_t estimate_topology_build_bytes(const topology_registry& topologies, std::string_view spec,
                                           std::string_view routing) {
  const auto [nodes, links] = topologies.size(spec);
  if (nodes < 0) return -1;
  // Table routings keep one entry per (node, destination) pair (capped where the table is
  // built lazily); family routings a few per link. illiac's every routing is a table.
  const bool table = routing.starts_with("shortest-path") || spec.starts_with("illiac:");
  const std::int64_t entries = table ? std::min<std::int64_t>(nodes, 1 << 16) * nodes * 2 : 2 * links;
  return estimate_topology_bytes(nodes, links, entries);
}

void check_topology_memory(const topology_registry& topologies, std::string_view spec, std::string_view routing,
                           std::int64_t limit_bytes) {
  if (const auto bytes = estimate_topology_build_bytes(topologies, spec, routing); bytes >= 0)
    check_memory(bytes, limit_bytes, "topology " + std::string(spec));
}

}  // namespace weft
