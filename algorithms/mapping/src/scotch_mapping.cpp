#include "weft/mapping/scotch_mapping.hpp"

#include "scotch_support.hpp"

#include <algorithm>
#include <climits>
#include <deque>
#include <map>
#include <numeric>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include "weft/topology_registry.hpp"

namespace weft::mapping {

namespace {

std::vector<int> distances_from(const topology& topo, node_id from);

// With switches (trees, fat trees), archBuild0 would bipartition the graph induced by the compute
// nodes, which has no edges: its domains would ignore the switches. Instead the target graph is
// the complete graph of the compute nodes, edge {p, q} weighing their hop distance: archBuild0's
// distance search then reads each distance off one edge (exact), and its bipartitioning cuts the
// long edges first (it cuts inverted weights), so the domains are nodes under one switch.
csr distance_graph(const topology& topo) {
  const int nodes = topo.compute_nodes();
  csr g;
  for (node_id p = 0; p < nodes; ++p) {
    const auto d = distances_from(topo, p);
    for (node_id q = 0; q < nodes; ++q)
      if (q != p) {
        if (d[static_cast<std::size_t>(q)] < 0)
          throw std::invalid_argument("scotch: compute nodes " + std::to_string(p) + " and " + std::to_string(q) + " of " +
                                      topo.spec() + " are not connected");
        g.ends.push_back(q);
        g.loads.push_back(d[static_cast<std::size_t>(q)]);
      }
    g.begin.push_back(static_cast<snum>(g.ends.size()));
  }
  return g;
}

// The task graph: vertex i is task i, edge {i, j} weighs the bytes i and j exchange both ways over
// the whole log (Scotch's graphs are undirected; hop-bytes is symmetric in the direction). Vertices
// tasks..nodes-1 are isolated padding, so that with strict balance every node receives one vertex.
// Weights are divided by their gcd (NAS CG's all become 1) and, only if Scotch's int cost
// Σ weight · distance could still overflow, scaled down further and rounded (recorded in `out`).
csr task_graph(const ccs_result& sets, int nodes, int distance_bound, scotch_mapping& out) {
  std::map<std::pair<int, int>, std::int64_t> pair_bytes;
  for (const auto& m : communication_graph(sets))
    if (m.src != m.dst) pair_bytes[{std::min(m.src, m.dst), std::max(m.src, m.dst)}] += m.bytes;
  std::int64_t unit = 0, total = 0;
  for (const auto& [pair, bytes] : pair_bytes) unit = std::gcd(unit, bytes);
  unit = std::max<std::int64_t>(unit, 1);
  for (const auto& [pair, bytes] : pair_bytes) total += bytes / unit;
  // Each edge is stored twice; keep 2 · total · distance below 2^30 (headroom for Scotch's sums).
  const std::int64_t limit = (std::int64_t{1} << 30) / (2 * std::max(distance_bound, 1));
  if (total > limit) unit *= (total + limit - 1) / limit;
  out.weight_unit = unit;
  std::vector<std::vector<std::pair<snum, snum>>> adj(static_cast<std::size_t>(nodes));
  for (const auto& [pair, bytes] : pair_bytes) {
    // bytes / unit rounded half up, without bytes + unit / 2 (which wraps for bytes near 2^63).
    const auto w = static_cast<snum>(std::max<std::int64_t>(1, bytes / unit + (bytes % unit >= unit - unit / 2 ? 1 : 0)));
    if (bytes % unit != 0) out.weights_rounded = true;
    adj[static_cast<std::size_t>(pair.first)].emplace_back(pair.second, w);
    adj[static_cast<std::size_t>(pair.second)].emplace_back(pair.first, w);
  }
  csr g;
  for (auto& a : adj) {
    std::sort(a.begin(), a.end());
    for (const auto& [to, w] : a) {
      g.ends.push_back(to);
      g.loads.push_back(w);
    }
    g.begin.push_back(static_cast<snum>(g.ends.size()));
  }
  return g;
}

// Hop distances from `from` to every node of `topo` (BFS over links): the repair step's metric.
std::vector<int> distances_from(const topology& topo, node_id from) {
  std::vector<int> d(static_cast<std::size_t>(topo.node_count()), -1);
  std::deque<node_id> queue{from};
  d[static_cast<std::size_t>(from)] = 0;
  while (!queue.empty()) {
    const node_id n = queue.front();
    queue.pop_front();
    for (auto l : topo.out_links(n)) {
      const node_id to = topo.link_at(l).to;
      if (d[static_cast<std::size_t>(to)] < 0) {
        d[static_cast<std::size_t>(to)] = d[static_cast<std::size_t>(n)] + 1;
        queue.push_back(to);
      }
    }
  }
  return d;
}

// Scotch balances loads within its tolerance, not exactly: should it put two vertices on one
// node, the later task moves to the nearest free compute node (lowest id on ties). Counted.
int make_one_per_node(placement& where, const topology& topo) {
  const int nodes = topo.compute_nodes();
  std::vector<char> used(static_cast<std::size_t>(nodes), 0);
  std::vector<std::size_t> extra;
  for (std::size_t t = 0; t < where.size(); ++t) {
    auto& u = used[static_cast<std::size_t>(where[t])];
    if (u) extra.push_back(t);
    u = 1;
  }
  for (auto t : extra) {
    const auto d = distances_from(topo, where[t]);
    node_id best = -1;
    for (node_id n = 0; n < nodes; ++n)
      if (!used[static_cast<std::size_t>(n)] && d[static_cast<std::size_t>(n)] >= 0 &&
          (best < 0 || d[static_cast<std::size_t>(n)] < d[static_cast<std::size_t>(best)]))
        best = n;
    if (best < 0) throw std::runtime_error("Scotch: no free node left for task " + std::to_string(t));
    where[t] = best;
    used[static_cast<std::size_t>(best)] = 1;
  }
  return static_cast<int>(extra.size());
}

}  // namespace

// The machine as Scotch's target when every node computes: its nodes and links (one edge per
// neighbour pair), unit weights. SCOTCH_archBuild0 ("deco 1") bipartitions the nodes recursively
// and stores the BFS distance between every two of them: the exact hop matrix of any topology
// (a minimal static routing, like Tofu's dimension order, crosses that many links).
// Why not SCOTCH_archTorusX / archMeshX: they wrap every axis or none, and the paper's Tofu jobs
// mix both (tofu:1x2x4@4x2x8: Z = 4 of 8 does not wrap, B = 3 does); SCOTCH_archCmpltw weighs
// processors, not distances. A deco target is exact for torus, mesh, Tofu jobs and edge lists alike.
csr machine_graph(const topology& topo) {
  std::vector<std::vector<snum>> adj(static_cast<std::size_t>(topo.node_count()));
  for (const auto& l : topo.links()) {
    adj[static_cast<std::size_t>(l.from)].push_back(l.to);
    adj[static_cast<std::size_t>(l.to)].push_back(l.from);
  }
  csr g;
  for (auto& a : adj) {
    std::sort(a.begin(), a.end());
    a.erase(std::unique(a.begin(), a.end()), a.end());
    g.ends.insert(g.ends.end(), a.begin(), a.end());
    g.begin.push_back(static_cast<snum>(g.ends.size()));
  }
  return g;
}

scotch_mapping scotch_placement(const ccs_result& sets, const topology& topo, std::uint64_t seed) {
  const int tasks = sets.tasks, nodes = topo.compute_nodes();
  if (tasks > nodes)
    throw std::invalid_argument("scotch: " + std::to_string(tasks) + " tasks need as many compute nodes; machine " + topo.spec() +
                                " has " + std::to_string(nodes));
  scotch_mapping out;
  if (tasks == 0) return out;
  if (topo.node_count() > INT_MAX / 4) throw std::invalid_argument("scotch: machine " + topo.spec() + " is too large");

  scotch_context ctx;  // one private, reproducible context
  make_deterministic(ctx.v, seed);

  const bool switches = topo.node_count() > nodes;
  const csr machine = switches ? distance_graph(topo) : machine_graph(topo);
  scotch_graph machine_g;
  machine.build(machine_g.v);
  bound_graph machine_b(ctx.v, machine_g.v);
  scotch_arch arch;
  scotch_strat bipart;  // empty: archBuild0's default bipartitioning strategy
  check(SCOTCH_archBuild0(&arch.v, &machine_b.v, 0, nullptr, &bipart.v), "SCOTCH_archBuild0");

  const csr task = task_graph(sets, nodes, topo.node_count(), out);
  scotch_graph task_g;
  task.build(task_g.v);
  bound_graph task_b(ctx.v, task_g.v);
  scotch_strat map;  // the quality strategy with strict balance: one vertex per node when it can
  check(SCOTCH_stratGraphMapBuild(&map.v, SCOTCH_STRATQUALITY | SCOTCH_STRATBALANCE, nodes, 0.0), "SCOTCH_stratGraphMapBuild");
  std::vector<snum> part(static_cast<std::size_t>(nodes), -1);
  check(SCOTCH_graphMap(&task_b.v, &arch.v, &map.v, part.data()), "SCOTCH_graphMap");

  // A deco target's terminal numbers are the vertex labels given to archBuild0: node ids.
  out.where.assign(part.begin(), part.begin() + tasks);
  for (auto n : out.where)
    if (n < 0 || n >= nodes) throw std::runtime_error("Scotch: SCOTCH_graphMap returned node " + std::to_string(n));
  out.repaired = make_one_per_node(out.where, topo);
  return out;
}

scotch_mapping scotch_placement(const ccs_result& sets, std::string_view machine_spec, std::uint64_t seed) {
  topology_registry registry;
  register_builtin_topologies(registry);
  return scotch_placement(sets, *registry.make(machine_spec), seed);
}

}  // namespace weft::mapping
