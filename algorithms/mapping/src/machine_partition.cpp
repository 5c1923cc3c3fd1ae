#include "weft/mapping/machine_partition.hpp"

#include <algorithm>
#include <climits>
#include <cstdint>
#include <deque>
#include <stdexcept>
#include <string>

#include "scotch_support.hpp"

namespace weft::mapping {

namespace {

// Each directed link's load when every sampled source sends to every node along one shortest
// path (a BFS tree's): what minimal routings of uniform traffic put on the links, up to ties.
// Sampled every ceil(n / 64)-th node, so a 10^5-node machine costs 64 BFS passes.
std::vector<std::int64_t> sampled_link_loads(const topology& topo) {
  const node_id n = topo.node_count();
  std::vector<std::int64_t> load(static_cast<std::size_t>(static_cast<link_id>(topo.links().size())), 0);
  const node_id step = std::max<node_id>(1, (n + 63) / 64);
  std::vector<link_id> via(static_cast<std::size_t>(n));
  std::vector<node_id> order;
  for (node_id s = 0; s < n; s += step) {
    std::fill(via.begin(), via.end(), link_id{-1});
    order.assign(1, s);
    for (std::size_t i = 0; i < order.size(); ++i)
      for (auto l : topo.out_links(order[i])) {
        const node_id to = topo.link_at(l).to;
        if (to != s && via[static_cast<std::size_t>(to)] < 0) {
          via[static_cast<std::size_t>(to)] = l;
          order.push_back(to);
        }
      }
    // Farthest first: each node adds its own route and what passed through it to its tree link.
    std::vector<std::int64_t> through(static_cast<std::size_t>(n), 1);
    for (auto it = order.rbegin(); it != order.rend(); ++it) {
      const link_id l = via[static_cast<std::size_t>(*it)];
      if (l < 0) continue;
      load[static_cast<std::size_t>(l)] += through[static_cast<std::size_t>(*it)];
      through[static_cast<std::size_t>(topo.link_at(l).from)] += through[static_cast<std::size_t>(*it)];
    }
  }
  return load;
}

std::vector<int> scotch_parts(const topology& topo, int parts) {
  if (topo.node_count() > INT_MAX / 4) throw std::invalid_argument("--partition scotch: machine " + topo.spec() + " is too large");
  const auto load = sampled_link_loads(topo);
  // Undirected: both directions of a pair add up, as the events they carry both cross the cut.
  std::vector<std::vector<std::pair<snum, std::int64_t>>> adj(static_cast<std::size_t>(topo.node_count()));
  for (link_id l = 0; l < static_cast<link_id>(topo.links().size()); ++l) {
    const auto& k = topo.link_at(l);
    if (k.from == k.to) continue;
    adj[static_cast<std::size_t>(k.from)].emplace_back(k.to, load[static_cast<std::size_t>(l)]);
    adj[static_cast<std::size_t>(k.to)].emplace_back(k.from, load[static_cast<std::size_t>(l)]);
  }
  std::int64_t heaviest = 1;
  for (auto& a : adj) {
    std::sort(a.begin(), a.end());
    std::size_t out = 0;  // merge parallel links and both directions into one weighted edge
    for (std::size_t i = 0; i < a.size(); ++i) {
      if (out > 0 && a[out - 1].first == a[i].first) a[out - 1].second += a[i].second;
      else a[out++] = a[i];
    }
    a.resize(out);
    for (const auto& [to, w] : a) heaviest = std::max(heaviest, w);
  }
  // Weights 1..1024 (1 + load, scaled): Scotch sums them in ints.
  const double scale = heaviest > 1023 ? 1023.0 / static_cast<double>(heaviest) : 1.0;
  csr g;
  for (const auto& a : adj) {
    for (const auto& [to, w] : a) {
      g.ends.push_back(to);
      g.loads.push_back(1 + static_cast<snum>(static_cast<double>(w) * scale));
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
