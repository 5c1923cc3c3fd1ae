#include "weft/topo/shortest_path.hpp"

#include <stdexcept>
#include <string>

namespace weft::topo {

shortest_path::shortest_path(const topology& topo) : n_(topo.node_count()) {
  if (n_ > 16384)
    throw std::invalid_argument("shortest-path tables need " + std::to_string(n_) +
                                " squared entries; use a family routing for more than 16384 nodes");
  const auto n = static_cast<std::size_t>(n_);
  next_.assign(n * n, -1);
  dist_.assign(n * n, -1);
  // Reverse adjacency so one BFS per destination fills a column.
  std::vector<std::vector<link_id>> in(n);
  for (link_id l = 0; l < static_cast<link_id>(topo.links().size()); ++l)
    in[static_cast<std::size_t>(topo.link_at(l).to)].push_back(l);
  std::vector<node_id> frontier;
  for (node_id d = 0; d < n_; ++d) {
    auto col = [&](node_id v) { return index(v, d); };
    dist_[col(d)] = 0;
    frontier.assign(1, d);
    for (std::size_t head = 0; head < frontier.size(); ++head) {
      node_id v = frontier[head];
      for (link_id l : in[static_cast<std::size_t>(v)]) {
        node_id u = topo.link_at(l).from;
        if (dist_[col(u)] < 0) {
          dist_[col(u)] = dist_[col(v)] + 1;
          frontier.push_back(u);
        }
      }
    }
    // Deterministic next hop: the lowest-numbered neighbour one step closer.
    for (node_id u = 0; u < n_; ++u) {
      if (u == d) continue;
      if (dist_[col(u)] < 0)
        throw std::invalid_argument("topology '" + topo.spec() + "' is not connected: node " +
                                    std::to_string(u) + " cannot reach node " + std::to_string(d));
      node_id best = -1;
      for (link_id l : topo.out_links(u)) {
        node_id v = topo.link_at(l).to;
        if (dist_[col(v)] == dist_[col(u)] - 1 && (best < 0 || v < best)) {
          best = v;
          next_[col(u)] = l;
        }
      }
    }
  }
}

}  // namespace weft::topo
