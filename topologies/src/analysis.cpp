#include "weft/topo/analysis.hpp"

#include <algorithm>
#include <bit>
#include <cmath>
#include <limits>
#include <cstdio>
#include <numeric>
#include <ostream>
#include <stdexcept>

namespace weft::topo {

std::vector<int> bfs_distances(const topology& topo, node_id source) {
  std::vector<int> dist(static_cast<std::size_t>(topo.node_count()), -1);
  std::vector<node_id> queue{source};
  queue.reserve(static_cast<std::size_t>(topo.node_count()));
  dist[static_cast<std::size_t>(source)] = 0;
  for (std::size_t h = 0; h < queue.size(); ++h) {
    node_id v = queue[h];
    for (link_id l : topo.out_links(v)) {
      node_id w = topo.link_at(l).to;
      if (dist[static_cast<std::size_t>(w)] < 0) {
        dist[static_cast<std::size_t>(w)] = dist[static_cast<std::size_t>(v)] + 1;
        queue.push_back(w);
      }
    }
  }
  return dist;
}

namespace {

using mask = std::uint32_t;

/// Links from side A (bits set) to side B.
std::int64_t cut_links(const topology& topo, const std::vector<char>& in_a) {
  std::int64_t cut = 0;
  for (const auto& l : topo.links()) cut += in_a[static_cast<std::size_t>(l.from)] && !in_a[static_cast<std::size_t>(l.to)];
  return cut;
}

/// Puts switches (nodes past the compute nodes) on the side holding most of their neighbours.
void place_switches(const topology& topo, std::vector<char>& in_a) {
  for (int round = 0; round < 4; ++round)
    for (node_id v = topo.compute_nodes(); v < topo.node_count(); ++v) {
      int a = 0, b = 0;
      for (link_id l : topo.out_links(v)) (in_a[static_cast<std::size_t>(topo.link_at(l).to)] ? a : b)++;
      in_a[static_cast<std::size_t>(v)] = a > b;
    }
}

/// Best of a few balanced cuts: id halves, BFS-order halves, and the middle of each grid axis.
std::int64_t heuristic_bisection(const topology& topo) {
  const node_id c = topo.compute_nodes();
  const auto n = static_cast<std::size_t>(topo.node_count());
  std::int64_t best = -1;
  auto consider = [&](std::vector<char> in_a) {
    place_switches(topo, in_a);
    auto cut = cut_links(topo, in_a);
    if (best < 0 || cut < best) best = cut;
  };
  std::vector<char> in_a(n, 0);
  for (node_id v = 0; v < c / 2; ++v) in_a[static_cast<std::size_t>(v)] = 1;
  consider(in_a);
  auto dist = bfs_distances(topo, 0);
  std::vector<node_id> order(static_cast<std::size_t>(c));
  std::iota(order.begin(), order.end(), 0);
  std::stable_sort(order.begin(), order.end(), [&](node_id x, node_id y) {
    return dist[static_cast<std::size_t>(x)] < dist[static_cast<std::size_t>(y)];
  });
  std::fill(in_a.begin(), in_a.end(), 0);
  for (node_id i = 0; i < c / 2; ++i) in_a[static_cast<std::size_t>(order[static_cast<std::size_t>(i)])] = 1;
  consider(in_a);
  auto shape = topo.shape();
  for (std::size_t d = 0; d < shape.size(); ++d) {
    if (shape[d] % 2 != 0 || c != topo.node_count()) continue;
    std::fill(in_a.begin(), in_a.end(), 0);
    for (node_id v = 0; v < c; ++v) in_a[static_cast<std::size_t>(v)] = topo.coordinates(v)[d] < shape[d] / 2;
    consider(in_a);
  }
  return best;
}

/// Routes every destination from each listed source along first candidates, adding to `load`.
/// Returns the hops walked.
std::int64_t route_all_from(const topology& topo, const routing& r, const std::vector<node_id>& sources,
                            std::vector<double>& load) {
  std::int64_t hops = 0;
  const node_id c = topo.compute_nodes();
  for (node_id s : sources)
    for (node_id d = 0; d < c; ++d)
      if (d != s)
        hops += walk_route(topo, r, s, d, [&](const hop& h) { load[static_cast<std::size_t>(h.link)] += 1.0; });
  return hops;
}

std::vector<node_id> sample(node_id c, int count) {
  std::vector<node_id> s;
  for (int i = 0; i < count; ++i) s.push_back(static_cast<node_id>(static_cast<std::int64_t>(i) * c / count));
  s.erase(std::unique(s.begin(), s.end()), s.end());
  return s;
}

void analyse_distances(const topology& topo, const analysis_options& opt, analysis& a) {
  const node_id c = topo.compute_nodes();
  std::vector<node_id> sources;
  if (topo.vertex_transitive() && c == topo.node_count()) {
    sources = {0};
    a.distance_method = "exact (vertex-transitive: BFS from node 0)";
  } else if (static_cast<std::int64_t>(c) * static_cast<std::int64_t>(topo.node_count() + a.links) <= opt.exact_pairs * 16) {
    sources.resize(static_cast<std::size_t>(c));
    std::iota(sources.begin(), sources.end(), 0);
    a.distance_method = "exact (BFS from every compute node)";
  } else {
    // As many evenly spaced sources as the work budget allows, at most sample_sources.
    const std::int64_t per_bfs = std::max<std::int64_t>(1, topo.node_count() + a.links);
    const auto count = static_cast<int>(std::clamp<std::int64_t>(opt.work_steps / per_bfs, 1, opt.sample_sources));
    sources = sample(c, count);
    a.distance_method = "estimate (BFS from " + std::to_string(sources.size()) + " sampled sources; diameter is a lower bound)";
  }
  double sum = 0;
  std::int64_t pairs = 0;
  for (node_id s : sources) {
    auto dist = bfs_distances(topo, s);
    for (node_id d = 0; d < c; ++d) {
      if (d == s) continue;
      int x = dist[static_cast<std::size_t>(d)];
      if (x < 0) throw std::runtime_error("topology '" + topo.spec() + "' is not connected: node " + std::to_string(s) +
                                          " cannot reach node " + std::to_string(d));
      a.diameter = std::max(a.diameter, x);
      sum += x;
      ++pairs;
    }
  }
  a.average_distance = pairs ? sum / static_cast<double>(pairs) : 0.0;
}

void analyse_load(const topology& topo, const routing& r, const analysis_options& opt, analysis& a) {
  const node_id c = topo.compute_nodes();
  const std::int64_t pairs = static_cast<std::int64_t>(c) * (c - 1);
  a.link_loads.assign(static_cast<std::size_t>(a.links), 0.0);
  bool orbits = topo.vertex_transitive() && r.translation_invariant() && c == topo.node_count();
  for (link_id l = 0; orbits && l < static_cast<link_id>(a.links); ++l) orbits = topo.link_orbit(l) >= 0;
  std::int64_t hops = 0;
  bool exact = true;
  // Walking a route costs its length; the average distance (known by now) estimates it.
  const double per_route = std::max(1.0, a.average_distance);
  const auto affordable = static_cast<std::int64_t>(static_cast<double>(opt.work_steps) / per_route);
  if (pairs <= opt.exact_pairs && pairs <= affordable) {
    std::vector<node_id> all(static_cast<std::size_t>(c));
    std::iota(all.begin(), all.end(), 0);
    hops = route_all_from(topo, r, all, a.link_loads);
    a.load_method = "exact (all " + std::to_string(pairs) + " ordered pairs routed)";
  } else if (orbits && c <= affordable) {
    // Translation symmetry: a link's load is what the routes from node 0 put on its orbit.
    std::vector<double> from0(a.link_loads.size(), 0.0);
    hops = route_all_from(topo, r, {0}, from0) * c;
    std::vector<double> per_orbit;
    for (link_id l = 0; l < static_cast<link_id>(a.links); ++l) {
      auto o = static_cast<std::size_t>(topo.link_orbit(l));
      if (o >= per_orbit.size()) per_orbit.resize(o + 1, 0.0);
      per_orbit[o] += from0[static_cast<std::size_t>(l)];
    }
    for (link_id l = 0; l < static_cast<link_id>(a.links); ++l)
      a.link_loads[static_cast<std::size_t>(l)] = per_orbit[static_cast<std::size_t>(topo.link_orbit(l))];
    a.load_method = "exact (translation symmetry: routes from node 0, summed per link orbit)";
  } else {
    // Evenly spaced sources, each to evenly spaced destinations, within the work budget.
    auto sources = sample(c, opt.sample_sources);
    const auto per_source = std::clamp<std::int64_t>(affordable / static_cast<std::int64_t>(sources.size()), 1, c);
    auto destinations = sample(c, static_cast<int>(per_source));
    std::int64_t routed = 0;
    for (node_id s : sources)
      for (node_id d : destinations)
        if (d != s) {
          hops += walk_route(topo, r, s, d, [&](const hop& h) { a.link_loads[static_cast<std::size_t>(h.link)] += 1.0; });
          ++routed;
        }
    double scale = routed ? static_cast<double>(pairs) / static_cast<double>(routed) : 0.0;
    for (auto& x : a.link_loads) x *= scale;
    hops = static_cast<std::int64_t>(static_cast<double>(hops) * scale);
    a.load_method = "estimate (" + std::to_string(routed) + " sampled pairs routed, scaled)";
    exact = false;
  }
  if (!a.link_loads.empty()) {
    a.max_load = *std::max_element(a.link_loads.begin(), a.link_loads.end());
    a.mean_load = std::accumulate(a.link_loads.begin(), a.link_loads.end(), 0.0) / static_cast<double>(a.links);
  }
  a.average_route_length = pairs ? static_cast<double>(hops) / static_cast<double>(pairs) : 0.0;
  if (!exact) a.bisection_lower = 0;
}

}  // namespace

std::int64_t exact_bisection(const topology& topo) {
  const auto n = static_cast<int>(topo.node_count());
  if (n > 30) throw std::invalid_argument("exact bisection needs at most 30 nodes, not " + std::to_string(n));
  const node_id c = topo.compute_nodes();
  std::vector<mask> adj(static_cast<std::size_t>(n), 0);
  for (const auto& l : topo.links()) adj[static_cast<std::size_t>(l.from)] |= mask{1} << l.to;
  const mask compute = c >= 32 ? ~mask{0} : (mask{1} << c) - 1;
  const int half = static_cast<int>(c) / 2;
  std::int64_t best = -1;
  const mask all = n == 32 ? ~mask{0} : (mask{1} << n) - 1;
  for (mask a = 0; a <= all; ++a) {
    if (std::popcount(a & compute) != half) {
      if (a == all) break;
      continue;
    }
    std::int64_t cut = 0;
    for (mask rest = a; rest; rest &= rest - 1) cut += std::popcount(adj[static_cast<std::size_t>(std::countr_zero(rest))] & ~a & all);
    if (best < 0 || cut < best) best = cut;
    if (a == all) break;
  }
  return best;
}

analysis analyse(const topology& topo, const routing& r, const analysis_options& opt) {
  analysis a;
  a.spec = topo.spec();
  a.family = topo.family();
  a.routing = r.name();
  a.nodes = topo.node_count();
  a.compute_nodes = topo.compute_nodes();
  a.links = static_cast<std::int64_t>(topo.links().size());
  a.vc_classes = r.vc_classes();
  a.min_degree = a.nodes ? std::numeric_limits<int>::max() : 0;
  for (node_id v = 0; v < a.nodes; ++v) {
    int d = static_cast<int>(topo.out_links(v).size());
    a.min_degree = std::min(a.min_degree, d);
    a.max_degree = std::max(a.max_degree, d);
  }
  analyse_distances(topo, opt, a);
  analyse_load(topo, r, opt, a);
  if (a.nodes <= opt.exact_bisection_nodes && a.nodes <= 30) {
    a.bisection_lower = a.bisection_upper = exact_bisection(topo);
    a.bisection_method = "exact (every balanced split of the compute nodes)";
  } else {
    a.bisection_upper = heuristic_bisection(topo);
    bool exact_load = a.load_method.rfind("exact", 0) == 0;
    const auto c = static_cast<std::int64_t>(a.compute_nodes);
    // Any balanced split sends |A||B| messages of the all-to-all across it, each over at least
    // one crossing link, and no link carries more than max_load of them.
    a.bisection_lower = exact_load && a.max_load > 0
                            ? static_cast<std::int64_t>(std::ceil(static_cast<double>((c / 2) * (c - c / 2)) / a.max_load - 1e-9))
                            : 0;
    a.bisection_method = std::string("bounds: upper = best of id-order, BFS-order and mid-axis cuts; lower = ") +
                         (exact_load ? "|A||B| / max all-to-all link load" : "not known (loads were sampled)");
  }
  if (opt.check_deadlock)
    a.deadlock = check_channel_dependencies(topo, r, opt.exact_pairs);
  else
    a.deadlock.note = "not checked (disabled)";
  return a;
}

void print_table(std::ostream& out, const analysis& a) {
  char buf[256];
  auto row = [&](const char* name, const std::string& value) {
    std::snprintf(buf, sizeof buf, "%-22s ", name);
    out << buf << value << "\n";
  };
  auto num = [&](double x) {
    std::snprintf(buf, sizeof buf, "%.4g", x);
    return std::string(buf);
  };
  row("topology", a.spec + "  (" + a.family + ")");
  row("routing", a.routing + "  (" + std::to_string(a.vc_classes) + " VC class" + (a.vc_classes == 1 ? "" : "es") + ")");
  row("nodes", std::to_string(a.nodes) + (a.compute_nodes != a.nodes ? "  (" + std::to_string(a.compute_nodes) + " compute, " +
                                                                            std::to_string(a.nodes - a.compute_nodes) + " switches)"
                                                                      : ""));
  row("directed links", std::to_string(a.links));
  row("degree min / max", std::to_string(a.min_degree) + " / " + std::to_string(a.max_degree));
  row("diameter", std::to_string(a.diameter) + "  [" + a.distance_method + "]");
  row("average distance", num(a.average_distance));
  row("average route length", num(a.average_route_length) + "  (hops under " + a.routing + ")");
  row("bisection width",
      (a.bisection_lower == a.bisection_upper ? std::to_string(a.bisection_upper)
                                              : std::to_string(a.bisection_lower) + " .. " + std::to_string(a.bisection_upper)) +
          " links  [" + a.bisection_method + "]");
  row("all-to-all link load", "max " + num(a.max_load) + ", mean " + num(a.mean_load) + " messages  [" + a.load_method + "]");
  if (!a.deadlock.checked)
    row("channel dependencies", a.deadlock.note);
  else if (a.deadlock.acyclic && a.deadlock.escape_only)
    row("channel dependencies", "escape network acyclic: deadlock-free by Duato's protocol  (" +
                                    std::to_string(a.deadlock.channels) + " escape channels, " +
                                    std::to_string(a.deadlock.dependencies) + " dependencies)");
  else if (a.deadlock.acyclic)
    row("channel dependencies", "acyclic: deadlock-free for this routing  (" + std::to_string(a.deadlock.channels) +
                                    " channels, " + std::to_string(a.deadlock.dependencies) + " dependencies)");
  else
    row("channel dependencies", "CYCLE of " + std::to_string(a.deadlock.cycle.size() - 1) +
                                    " channels, deadlock possible: " + a.deadlock.cycle_text);
}

}  // namespace weft::topo
