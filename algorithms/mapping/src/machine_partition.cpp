#include "weft/mapping/machine_partition.hpp"

#include <climits>
#include <cstdint>
#include <stdexcept>
#include <string>

#include "scotch_support.hpp"

namespace weft::mapping {

namespace {

std::vector<int> scotch_parts(const topology& topo, int parts) {
  if (topo.node_count() > INT_MAX / 4) throw std::invalid_argument("--partition scotch: machine " + topo.spec() + " is too large");
  // One edge of weight 1 per neighbour pair: the cut Scotch keeps small is the links whose events
  // wait for a window's end. Weighting links by the shortest-path load of uniform traffic was tried
  // and cut worse (mesh:16x16 in 2: 46 links and 37440 border events of an all-to-all, against 32
  // and 32768 for unit weights and for blocks).
  const csr g = machine_graph(topo);
  scotch_context ctx;
  make_deterministic(ctx.v, 1);
  scotch_graph graph;
  g.build(graph.v);
  bound_graph bound(ctx.v, graph.v);
  scotch_strat strat;
  check(SCOTCH_stratGraphMapBuild(&strat.v, SCOTCH_STRATQUALITY | SCOTCH_STRATBALANCE, parts, 0.03),
        "SCOTCH_stratGraphMapBuild");
  std::vector<snum> part(static_cast<std::size_t>(topo.node_count()), -1);
  check(SCOTCH_graphPart(&bound.v, parts, &strat.v, part.data()), "SCOTCH_graphPart");
  std::vector<int> out(part.begin(), part.end());
  for (int p : out)
    if (p < 0 || p >= parts) throw std::runtime_error("Scotch: SCOTCH_graphPart returned part " + std::to_string(p));
  return out;
}

}  // namespace

partition_method parse_partition_method(std::string_view text) {
  if (text == "blocks") return partition_method::blocks;
  if (text == "scotch") return partition_method::scotch;
  throw std::invalid_argument("--partition '" + std::string(text) + "' is not valid (blocks, scotch)");
}

std::vector<int> partition_nodes(const topology& topo, int parts, partition_method method) {
  const node_id n = topo.node_count();
  if (parts < 1 || parts > n)
    throw std::invalid_argument("partition: " + std::to_string(parts) + " parts of " + std::to_string(n) + " nodes");
  if (method == partition_method::scotch && parts > 1) return scotch_parts(topo, parts);
  std::vector<int> part(static_cast<std::size_t>(n));
  for (node_id i = 0; i < n; ++i)  // as the engine's own split (engine::set_active_partitions)
    part[static_cast<std::size_t>(i)] = static_cast<int>(static_cast<std::int64_t>(i) * parts / n);
  return part;
}

}  // namespace weft::mapping
