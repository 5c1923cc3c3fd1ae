#include "weft/mapping/machine_partition.hpp"

#include <algorithm>
#include <climits>
#include <cstdint>
#include <stdexcept>
#include <string>

#include "scotch_support.hpp"

namespace weft::mapping {

namespace {

std::vector<int> scotch_parts(const topology& topo, int parts) {
  if (topo.node_count() > INT_MAX / 4) throw std::invalid_argument("--partition scotch: machine " + topo.spec() + " is too large");
  // Each neighbour pair is one edge weighing its directed links (1 or 2): the cut Scotch keeps
  // small is the links whose events wait for a window's end. Weighting links by the shortest-path
  // load of uniform traffic was tried and cut worse (mesh:16x16 in 2: 46 links and 37440 border
  // events of an all-to-all, against 32 and 32768 for these weights and for blocks).
  std::vector<std::vector<std::pair<snum, snum>>> adj(static_cast<std::size_t>(topo.node_count()));
  for (const auto& k : topo.links()) {
    if (k.from == k.to) continue;
    adj[static_cast<std::size_t>(k.from)].emplace_back(k.to, 1);
    adj[static_cast<std::size_t>(k.to)].emplace_back(k.from, 1);
  }
  csr g;
  for (auto& a : adj) {
    std::sort(a.begin(), a.end());
    std::size_t out = 0;  // parallel links and both directions become one weighted edge
    for (std::size_t i = 0; i < a.size(); ++i) {
      if (out > 0 && a[out - 1].first == a[i].first) a[out - 1].second += a[i].second;
      else a[out++] = a[i];
    }
    a.resize(out);
    for (const auto& [to, w] : a) {
      g.ends.push_back(to);
      g.loads.push_back(w);
    }
    g.begin.push_back(static_cast<snum>(g.ends.size()));
  }
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
