#pragma once
// Properties every topology that parses must have, shared by the spec and the edge-list
// harnesses. A violated property aborts (libFuzzer records the input as a crash).

#include <cstdio>
#include <cstdlib>
#include <set>
#include <stdexcept>
#include <utility>
#include <vector>

#include "weft/topology.hpp"
#include "weft/topology_registry.hpp"

namespace weft::fuzz {

[[noreturn]] inline void fail(const char* what, const std::string& spec) {
  std::fprintf(stderr, "property violated: %s (spec '%s')\n", what, spec.c_str());
  std::abort();
}

/// The largest node count any family documents (k-ary n-cubes: 2^30).
inline constexpr node_id documented_node_limit = node_id{1} << 30;

/// Links stay inside the graph, no self-loops, no duplicate ordered pairs, the adjacency index
/// matches the link list, compute nodes come first, and every node reaches every other.
inline void check_structure(const topology& t) {
  const std::string& spec = t.spec();
  const node_id n = t.node_count();
  if (n < 1 || n > documented_node_limit) fail("node count outside 1..2^30", spec);
  if (t.compute_nodes() < 1 || t.compute_nodes() > n) fail("compute nodes outside 1..node count", spec);
  std::set<std::pair<node_id, node_id>> pairs;
  std::size_t indexed = 0;
  for (const auto& l : t.links()) {
    if (l.from < 0 || l.from >= n || l.to < 0 || l.to >= n) fail("link endpoint outside the graph", spec);
    if (l.from == l.to) fail("self-loop", spec);
    if (!pairs.insert({l.from, l.to}).second) fail("two links between the same ordered pair", spec);
  }
  for (node_id v = 0; v < n; ++v)
    for (link_id id : t.out_links(v)) {
      ++indexed;
      if (id < 0 || static_cast<std::size_t>(id) >= t.links().size() || t.link_at(id).from != v)
        fail("out_links lists a link of another node", spec);
      // find_link scans the node's links: checked where that stays cheap (not on wide switches).
      if (t.out_links(v).size() <= 64 && t.find_link(v, t.link_at(id).to) != id)
        fail("find_link disagrees with out_links", spec);
    }
  if (indexed != t.links().size()) fail("out_links misses links", spec);
  // Strongly connected: everything reachable from 0 forwards and backwards.
  for (bool reverse : {false, true}) {
    std::vector<std::vector<node_id>> next(static_cast<std::size_t>(n));
    for (const auto& l : t.links())
      next[static_cast<std::size_t>(reverse ? l.to : l.from)].push_back(reverse ? l.from : l.to);
    std::vector<char> seen(static_cast<std::size_t>(n), 0);
    std::vector<node_id> queue{0};
    seen[0] = 1;
    for (std::size_t h = 0; h < queue.size(); ++h)
      for (node_id w : next[static_cast<std::size_t>(queue[h])])
        if (!seen[static_cast<std::size_t>(w)]) seen[static_cast<std::size_t>(w)] = 1, queue.push_back(w);
    if (queue.size() != static_cast<std::size_t>(n)) fail("not strongly connected", spec);
  }
}

/// Follows the routing's first candidate from `src` to `dst`: every candidate leaves the
/// current node on a real link with a VC class the routing has, and the route arrives within
/// the hop bound the rest of weft assumes (route_hop_limit).
inline void check_route(const topology& t, const routing& r, node_id src, node_id dst) {
  route_state state{src, 0, 0, 0};
  std::vector<hop> candidates;
  for (node_id at = src; at != dst;) {
    candidates.clear();
    r.next_hops(at, dst, state, candidates);
    if (candidates.empty()) fail("no next hop before the destination", t.spec() + " | " + r.name());
    for (const hop& h : candidates) {
      if (h.link < 0 || static_cast<std::size_t>(h.link) >= t.links().size() || t.link_at(h.link).from != at)
        fail("a candidate hop does not leave the current node", t.spec() + " | " + r.name());
      if (h.vc < 0 || h.vc >= r.vc_classes()) fail("a hop on a VC class the routing lacks", t.spec() + " | " + r.name());
    }
    const hop h = r.first_hop(at, dst, state);
    if (h.link != candidates.front().link || h.vc != candidates.front().vc)
      fail("first_hop differs from the first of next_hops", t.spec() + " | " + r.name());
    at = t.link_at(h.link).to;
    state.vc = h.vc;
    if (++state.hops > route_hop_limit(t)) fail("route exceeds the hop bound", t.spec() + " | " + r.name());
  }
}

/// Routes every compute node to and from a few fixed ones (all pairs would be quadratic).
inline void check_routes(const topology& t, const routing& r) {
  const node_id c = t.compute_nodes();
  for (node_id a : {node_id{0}, c - 1, c / 2, c / 3})
    for (node_id b = 0; b < c; ++b) {
      check_route(t, r, a, b);
      check_route(t, r, b, a);
    }
}

}  // namespace weft::fuzz
