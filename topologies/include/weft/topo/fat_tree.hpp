#pragma once
// Fat tree as a k-ary n-tree (Petrini & Vanneschi): k^n compute nodes, n layers of k^(n-1)
// switches; every switch below the top has k links down and k up, so bisection is full.
// fattree:4,2 and fattree:2,4 are full-bisection fat trees of 16 compute nodes.
//
//   compute p has base-k digits p_0 (lowest) .. p_{n-1}; switch (l, w) has digits w_0..w_{n-2}.
//   compute p  <-> switch (0, p / k)
//   switch (l, w) <-> switch (l+1, w') whenever w' equals w except maybe digit l.
//
// Ids: compute nodes 0..k^n-1 first, then switch (l, w) = k^n + l*k^(n-1) + w.
// Coordinates {index within layer, layer} with the top switches at layer 0, compute at layer n.
// Link dimension = switch level of the upper end; direction +1 = up, -1 = down.

#include "weft/topology.hpp"

namespace weft::topo {

class fat_tree final : public topology {
 public:
  /// Throws std::invalid_argument unless k >= 2, n >= 1 and the tree has at most 2^20 compute nodes.
  fat_tree(std::string spec, int k, int n);
  std::string family() const override { return "fattree"; }
  std::vector<int> coordinates(node_id v) const override;
  node_id compute_nodes() const override { return compute_; }
  /// Up n levels and down again: 2n (tree and shortest-path routes are minimal).
  int route_hop_bound() const override { return 2 * n_; }
  std::string default_routing() const override { return "tree"; }
  int arity() const { return k_; }
  int levels() const { return n_; }
  /// Switch layer of `v` (0 = next to the compute nodes), or -1 for a compute node.
  int switch_level(node_id v) const { return v < compute_ ? -1 : (v - compute_) / per_level_; }
  node_id switch_id(int level, int w) const { return compute_ + level * per_level_ + w; }
  /// Digit `i` of x in base k.
  int digit(int x, int i) const;
  int with_digit(int x, int i, int value) const;

 private:
  int k_, n_;
  node_id compute_, per_level_;
  std::vector<int> pow_;
};

}  // namespace weft::topo
