#include "weft/topo/tree_routing.hpp"

#include <stdexcept>

namespace weft::topo {

tree_routing::tree_routing(const topology& topo)
    : topo_(topo), tree_(dynamic_cast<const rooted_tree*>(&topo)), fat_(dynamic_cast<const fat_tree*>(&topo)) {
  if (!tree_ && !fat_)
    throw std::invalid_argument("routing tree needs a tree, fib or fattree topology, not '" + topo.spec() + "'");
  if (tree_) {
    up_.assign(static_cast<std::size_t>(topo.node_count()), -1);
    for (node_id v = 0; v < topo.node_count(); ++v)
      if (tree_->parent(v) >= 0) up_[static_cast<std::size_t>(v)] = *topo.find_link(v, tree_->parent(v));
  }
}

void tree_routing::next_hops(node_id current, node_id dst, const route_state&, std::vector<hop>& out) const {
  if (current == dst) return;
  if (tree_) {
    if (tree_->in_subtree(current, dst))
      out.push_back({*topo_.find_link(current, tree_->child_toward(current, dst)), 0});
    else
      out.push_back({up_[static_cast<std::size_t>(current)], 0});
    return;
  }
  const auto& f = *fat_;
  const int k = f.arity(), n = f.levels();
  // The destination as a switch position: level `dl` (-1 for a compute node) and digits t_j
  // (for compute d, t_j = digit j+1 of d, the digits its level-0 switch has).
  int dl = f.switch_level(dst);
  int t = dl < 0 ? dst / k : dst - f.switch_id(dl, 0);
  int level = f.switch_level(current);
  node_id next;
  if (level < 0) {
    next = f.switch_id(0, current / k);
  } else {
    int w = current - f.switch_id(level, 0);
    bool below = level > dl;  // the destination hangs below (level, w) when the digits above match
    for (int j = level; j + 1 < n && below; ++j) below = f.digit(w, j) == f.digit(t, j);
    if (below)
      next = level == 0 ? dst : f.switch_id(level - 1, f.with_digit(w, level - 1, f.digit(t, level - 1)));
    else if (level + 1 == n)  // top switch, destination not below: only switch targets get here
      next = f.switch_id(level - 1, f.with_digit(w, level - 1, f.digit(t, level - 1)));
    else  // d-mod-k: the up link named by the destination's own digit at this level
      next = f.switch_id(level + 1, f.with_digit(w, level, dl < 0 ? f.digit(dst, level) : f.digit(t, level)));
  }
  out.push_back({*topo_.find_link(current, next), 0});
}

}  // namespace weft::topo
