#include "weft/topo/rooted_tree.hpp"

#include <algorithm>
#include <stdexcept>
#include <string>

namespace weft::topo {

rooted_tree::rooted_tree(std::string spec, std::vector<node_id> parent, node_id compute)
    : topology(std::move(spec), static_cast<node_id>(parent.size())), compute_(compute), parent_(std::move(parent)) {
  const auto n = parent_.size();
  std::vector<std::int32_t> count(n + 1, 0);
  int roots = 0;
  for (std::size_t v = 0; v < n; ++v) {
    if (parent_[v] < 0) {
      root_ = static_cast<node_id>(v);
      ++roots;
    } else {
      ++count[static_cast<std::size_t>(parent_[v]) + 1];
    }
  }
  if (roots != 1) throw std::invalid_argument("topology '" + this->spec() + "' is not a tree with one root");
  child_begin_.assign(n + 1, 0);
  for (std::size_t v = 0; v < n; ++v) child_begin_[v + 1] = child_begin_[v] + count[v + 1];
  children_.resize(n - 1);
  auto fill = child_begin_;
  for (std::size_t v = 0; v < n; ++v)
    if (parent_[v] >= 0) children_[static_cast<std::size_t>(fill[static_cast<std::size_t>(parent_[v])]++)] = static_cast<node_id>(v);
  // Iterative DFS: depth, Euler intervals, layer order (children in id order).
  depth_.assign(n, 0);
  tin_.assign(n, 0);
  tout_.assign(n, 0);
  std::vector<std::pair<node_id, std::int32_t>> stack{{root_, child_begin_[static_cast<std::size_t>(root_)]}};
  std::int32_t clock = 0;
  tin_[static_cast<std::size_t>(root_)] = clock++;
  while (!stack.empty()) {
    auto& [v, next] = stack.back();
    if (next < child_begin_[static_cast<std::size_t>(v) + 1]) {
      node_id c = children_[static_cast<std::size_t>(next++)];
      depth_[static_cast<std::size_t>(c)] = depth_[static_cast<std::size_t>(v)] + 1;
      height_ = std::max(height_, depth_[static_cast<std::size_t>(c)]);
      tin_[static_cast<std::size_t>(c)] = clock++;
      stack.push_back({c, child_begin_[static_cast<std::size_t>(c)]});
    } else {
      tout_[static_cast<std::size_t>(v)] = clock;
      stack.pop_back();
    }
  }
  // Layer index in DFS order, so a drawing has no crossing tree edges.
  std::vector<node_id> order(n);
  for (std::size_t v = 0; v < n; ++v) order[static_cast<std::size_t>(tin_[v])] = static_cast<node_id>(v);
  std::vector<int> per_depth(n + 1, 0);
  layer_index_.assign(n, 0);
  for (node_id v : order) layer_index_[static_cast<std::size_t>(v)] = per_depth[static_cast<std::size_t>(depth_[static_cast<std::size_t>(v)])]++;
  // One parent per node: the links are distinct, and skipping add_link's duplicate scan keeps
  // a switch with a million children linear instead of quadratic.
  for (std::size_t v = 0; v < n; ++v)
    if (parent_[v] >= 0) {
      add_new_link(parent_[v], static_cast<node_id>(v), depth_[v], +1);
      add_new_link(static_cast<node_id>(v), parent_[v], depth_[v], -1);
    }
  finalize();
}

bool rooted_tree::in_subtree(node_id n, node_id d) const {
  auto i = static_cast<std::size_t>(n);
  auto t = tin_[static_cast<std::size_t>(d)];
  return tin_[i] <= t && t < tout_[i];
}

node_id rooted_tree::child_toward(node_id n, node_id d) const {
  // Children are stored in id order but their tins increase with it (DFS visits them in order).
  auto b = children_.begin() + child_begin_[static_cast<std::size_t>(n)];
  auto e = children_.begin() + child_begin_[static_cast<std::size_t>(n) + 1];
  auto t = tin_[static_cast<std::size_t>(d)];
  auto it = std::upper_bound(b, e, t, [&](std::int32_t x, node_id c) { return x < tin_[static_cast<std::size_t>(c)]; });
  return *(it - 1);
}

std::vector<int> rooted_tree::coordinates(node_id n) const {
  return {layer_index_[static_cast<std::size_t>(n)], depth_[static_cast<std::size_t>(n)]};
}

namespace {

std::vector<node_id> switch_tree_parents(const std::string& spec, const std::vector<int>& fanouts, node_id& compute) {
  long long total = 1, layer = 1;
  for (int f : fanouts) {
    if (f < 1)
      throw std::invalid_argument("topology '" + spec + "': fan-out " + std::to_string(f) + " must be at least 1");
    layer *= f;
    total += layer;
    if (total > (1LL << 24)) throw std::invalid_argument("topology '" + spec + "' has more than 2^24 nodes");
  }
  compute = static_cast<node_id>(layer);
  // Layers bottom-up: compute nodes 0..C-1, then each switch layer, the root last.
  std::vector<long long> first(fanouts.size() + 1);  // first id of each depth
  long long next = 0, width = layer;
  for (std::size_t d = fanouts.size() + 1; d-- > 0;) {
    first[d] = next;
    next += width;
    if (d > 0) width /= fanouts[d - 1];
  }
  std::vector<node_id> parent(static_cast<std::size_t>(total), -1);
  width = 1;
  for (std::size_t d = 1; d <= fanouts.size(); ++d) {
    width *= fanouts[d - 1];
    for (long long i = 0; i < width; ++i)
      parent[static_cast<std::size_t>(first[d] + i)] = static_cast<node_id>(first[d - 1] + i / fanouts[d - 1]);
  }
  return parent;
}

}  // namespace

switch_tree::switch_tree(std::string spec, std::vector<int> fanouts)
    : rooted_tree(spec,
                  [&] {
                    node_id c = 0;
                    auto p = switch_tree_parents(spec, fanouts, c);
                    return p;
                  }(),
                  [&] {
                    long long c = 1;
                    for (int f : fanouts) c *= std::max(f, 1);
                    return static_cast<node_id>(c);
                  }()) {}

}  // namespace weft::topo
