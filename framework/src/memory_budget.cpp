#include "weft/memory_budget.hpp"

#include "weft/detail/host_topology.hpp"
#include "weft/units.hpp"

#include <hwloc.h>

#include <cstdio>
#include <iterator>
#include <limits>
#include <stdexcept>
#include <string>

namespace weft {

namespace {
std::int64_t physical_memory_limit() {
  constexpr std::int64_t fallback = std::int64_t{4} << 30;
  std::int64_t total = 0;
  if (hwloc_topology_t t = detail::host_topology())
    if (hwloc_obj_t root = hwloc_get_root_obj(t); root && root->total_memory > 0)
      total = static_cast<std::int64_t>(root->total_memory);
  return total > 0 ? total / 2 : fallback;
}
}  // namespace

std::int64_t default_memory_limit() {
  static const std::int64_t limit = physical_memory_limit();
  return limit;
}

void check_memory(std::int64_t needed_bytes, std::int64_t limit_bytes, std::string_view what) {
  if (needed_bytes <= limit_bytes) return;
  throw std::invalid_argument(std::string(what) + " needs about " + format_memory(needed_bytes) +
                              ", more than --max-memory " + format_memory(limit_bytes) +
                              " (raise it with --max-memory)");
}

std::int64_t estimate_topology_bytes(std::int64_t nodes, std::int64_t links, std::int64_t routing_entries) {
  // Per link: the link (16 B), its CSR id (4 B), the engine's copy of its end (4 B), and while
  // building the per-node list entry (4 B, with vector growth ~2x). Per node: CSR offset, the
  // building vector header (24 B), coordinates and analysis arrays (~32 B).
  constexpr double per_link = 16 + 4 + 4 + 8, per_node = 4 + 24 + 32, per_entry = 4;
  const double bytes = per_link * static_cast<double>(links) + per_node * static_cast<double>(nodes) +
                       per_entry * static_cast<double>(routing_entries);
  constexpr double cap = static_cast<double>(std::numeric_limits<std::int64_t>::max() / 2);
  return static_cast<std::int64_t>(bytes < cap ? bytes : cap);
}

}  // namespace weft
