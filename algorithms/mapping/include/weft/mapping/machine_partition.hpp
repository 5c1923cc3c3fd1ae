#pragma once
// How an emulation's nodes are split into the engine's partitions (one per worker thread): each
// partition commits the events of its nodes, and every event that crosses to another partition
// waits for the window's end. Fewer links cut, fewer such events. The split never shows in a
// result (the engine's determinism contract, weft/detail/engine.hpp), only in the run's speed.

#include <string_view>
#include <vector>

#include "weft/topology.hpp"

namespace weft::mapping {

enum class partition_method {
  blocks,  ///< contiguous blocks of node ids, the topology's own order (the engine's default)
  scotch,  ///< Scotch's graph partitioner on the topology: balanced parts, few links between them
};

/// "blocks" or "scotch"; throws std::invalid_argument naming the value and the allowed ones.
partition_method parse_partition_method(std::string_view text);

/// Each node's partition (0..parts-1) of `topo` split `parts` ways by `method`. With scotch
/// the nodes are balanced within 3 % and each directed link weighs 1 in the cut; the answer is
/// deterministic.
/// Throws std::invalid_argument when parts < 1 or parts > the node count.
std::vector<int> partition_nodes(const topology& topo, int parts, partition_method method);

}  // namespace weft::mapping
