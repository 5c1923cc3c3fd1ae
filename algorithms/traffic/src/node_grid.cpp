#include <cstddef>
#include <functional>
#include <numeric>

#include "weft/traffic/pattern.hpp"

namespace weft::traffic {

node_grid node_grid::ring(node_id nodes) {
  node_grid g;
  g.shape = {static_cast<int>(nodes)};
  for (node_id n = 0; n < nodes; ++n) {
    g.coords.push_back({static_cast<int>(n)});
    g.node_at.push_back(n);
  }
  return g;
}

node_id node_grid::at(const std::vector<int>& c) const {
  std::size_t index = 0;
  for (std::size_t d = shape.size(); d-- > 0;) index = index * static_cast<std::size_t>(shape[d]) + static_cast<std::size_t>(c[d]);
  return node_at[index];
}

node_grid node_grid::of(const topology& topo) {
  const node_id nodes = topo.compute_nodes();
  const auto shape = topo.shape();
  const auto product = std::accumulate(shape.begin(), shape.end(), std::int64_t{1}, std::multiplies<>());
  if (shape.empty() || product != nodes) return ring(nodes);
  node_grid g;
  g.shape = shape;
  g.node_at.assign(static_cast<std::size_t>(nodes), -1);
  for (node_id n = 0; n < nodes; ++n) {
    auto c = topo.coordinates(n);
    if (c.size() != shape.size()) return ring(nodes);
    std::size_t index = 0;
    for (std::size_t d = shape.size(); d-- > 0;) {
      if (c[d] < 0 || c[d] >= shape[d]) return ring(nodes);
      index = index * static_cast<std::size_t>(shape[d]) + static_cast<std::size_t>(c[d]);
    }
    if (g.node_at[index] >= 0) return ring(nodes);  // not a bijection: the ids are all we have
    g.node_at[index] = n;
    g.coords.push_back(std::move(c));
  }
  return g;
}

}  // namespace weft::traffic
