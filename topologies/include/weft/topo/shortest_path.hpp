#pragma once
// Shortest-path routing tables for any graph: BFS from every destination; among equal-length
// next hops the one with the lowest neighbour id wins, so routes are deterministic.

#include <vector>

#include "weft/topology.hpp"

namespace weft::topo {

class shortest_path final : public deterministic_routing {
 public:
  /// Builds an N×N next-hop table (N ≤ 16,384); throws std::invalid_argument if the graph is
  /// larger or not strongly connected.
  explicit shortest_path(const topology& topo);
  std::string name() const override { return "shortest-path"; }
  hop first_hop(node_id current, node_id dst, const route_state&) const override {
    return {next_[index(current, dst)], 0};
  }
  int distance(node_id a, node_id b) const { return dist_[index(a, b)]; }

 private:
  std::size_t index(node_id cur, node_id dst) const {
    return static_cast<std::size_t>(cur) * static_cast<std::size_t>(n_) + static_cast<std::size_t>(dst);
  }
  node_id n_;
  std::vector<link_id> next_;     // next_[cur * n + dst]
  std::vector<std::int32_t> dist_;  // dist_[cur * n + dst]
};

}  // namespace weft::topo
