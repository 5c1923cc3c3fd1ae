#pragma once
// The memory a topology takes once built, estimated from its spec alone, so that every command
// (topo, and each one that builds a machine) refuses a topology that would not fit --max-memory
// in an instant, with the same line, instead of building it for a minute first.

#include <cstdint>
#include <string_view>

#include "weft/topology_registry.hpp"

namespace weft {

/// Bytes `spec` takes built with `routing` (empty: the family's own): its links and nodes, and a
/// table routing's per-(node, destination) entries. -1 when the family gives no size (its own
/// size limits keep it small, or it is read from a file). Throws like the factory on a bad spec.
std::int64_t estimate_topology_build_bytes(const topology_registry& topologies, std::string_view spec,
                                           std::string_view routing);

/// Throws std::invalid_argument "topology SPEC needs about X GiB, more than --max-memory Y GiB
/// (raise it with --max-memory)" when the estimate exceeds `limit_bytes`; nothing otherwise.
void check_topology_memory(const topology_registry& topologies, std::string_view spec, std::string_view routing,
                           std::int64_t limit_bytes);

}  // namespace weft
