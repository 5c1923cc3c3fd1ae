#pragma once
// A rooted tree given by a parent array; the base of the switch tree (tree:) and the Fibonacci
// tree (fib:). Coordinates are {index within its layer, depth} (root at depth 0), which is what
// the SVG drawing lays out. Link dimension = depth of the lower end; direction +1 = down, -1 = up.

#include <vector>

#include "weft/topology.hpp"

namespace weft::topo {

class rooted_tree : public topology {
 public:
  node_id root() const { return root_; }
  node_id parent(node_id n) const { return parent_[static_cast<std::size_t>(n)]; }
  int depth(node_id n) const { return depth_[static_cast<std::size_t>(n)]; }
  /// True when `d` lies in the subtree of `n` (n itself included).
  bool in_subtree(node_id n, node_id d) const;
  /// The child of `n` whose subtree holds `d` (requires in_subtree(n, d) and n != d), O(log degree).
  node_id child_toward(node_id n, node_id d) const;
  std::vector<int> coordinates(node_id n) const override;
  node_id compute_nodes() const override { return compute_; }
  /// Up to the root and down: twice the height (a tree has one path between two nodes).
  int route_hop_bound() const override { return 2 * height_; }
  std::string default_routing() const override { return "tree"; }

 protected:
  /// `parent[root] == -1`; exactly one root. Nodes 0..compute-1 are compute nodes.
  rooted_tree(std::string spec, std::vector<node_id> parent, node_id compute);

 private:
  node_id root_ = 0;
  int height_ = 0;
  node_id compute_;
  std::vector<node_id> parent_;
  std::vector<int> depth_, layer_index_;
  std::vector<std::int32_t> tin_, tout_;         // Euler-tour interval of each subtree
  std::vector<std::int32_t> child_begin_;        // CSR of children sorted by tin
  std::vector<node_id> children_;
};

/// Switch tree "tree:f1,f2,...": a root switch with f1 children, each with f2 children, ...;
/// the last layer holds the compute nodes, numbered first (0..C-1, left to right), then the
/// switches bottom-up. tree:2,3 is seed 004's example: switches A, B with three nodes each under
/// a top switch C (compute 0..5, A = 6, B = 7, C = 8).
class switch_tree final : public rooted_tree {
 public:
  switch_tree(std::string spec, std::vector<int> fanouts);
  std::string family() const override { return "tree"; }
};

}  // namespace weft::topo
