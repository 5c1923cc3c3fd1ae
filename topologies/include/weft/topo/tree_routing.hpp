#pragma once
// Tree routing: up to the nearest common ancestor, then down. On a rooted tree (tree:, fib:) the
// path is unique. On a fat tree (fattree:) any ancestor at the common level will do; we take
// the up link chosen by the destination's digit (d-mod-k), which is deterministic and spreads an
// all-to-all evenly over the top switches.

#include "weft/topo/fat_tree.hpp"
#include "weft/topo/rooted_tree.hpp"

namespace weft::topo {

class tree_routing final : public routing {
 public:
  /// Throws std::invalid_argument unless `topo` is a rooted tree or a fat tree.
  explicit tree_routing(const topology& topo);
  std::string name() const override { return "tree"; }
  void next_hops(node_id current, node_id dst, const route_state& state,
                 std::vector<hop>& out) const override;

 private:
  const topology& topo_;
  const rooted_tree* tree_;
  const fat_tree* fat_;
  std::vector<link_id> up_;  // rooted tree: link to the parent
};

}  // namespace weft::topo
