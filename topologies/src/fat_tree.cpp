#include "weft/topo/fat_tree.hpp"

#include <stdexcept>
#include <string>

namespace weft::topo {

namespace {

node_id fat_tree_size(const std::string& spec, int k, int n) {
  if (k < 2) throw std::invalid_argument("topology '" + spec + "': arity k = " + std::to_string(k) + " must be at least 2 (fattree:k,n)");
  if (n < 1) throw std::invalid_argument("topology '" + spec + "': levels n = " + std::to_string(n) + " must be at least 1 (fattree:k,n)");
  long long c = 1;
  for (int i = 0; i < n; ++i) {
    c *= k;
    if (c > (1 << 20)) throw std::invalid_argument("topology '" + spec + "' has more than 2^20 compute nodes");
  }
  return static_cast<node_id>(c + static_cast<long long>(n) * (c / k));
}

}  // namespace

fat_tree::fat_tree(std::string spec, int k, int n) : topology(spec, fat_tree_size(spec, k, n)), k_(k), n_(n) {
  pow_.assign(static_cast<std::size_t>(n) + 1, 1);
  for (int i = 1; i <= n; ++i) pow_[static_cast<std::size_t>(i)] = pow_[static_cast<std::size_t>(i) - 1] * k;
  compute_ = pow_[static_cast<std::size_t>(n)];
  per_level_ = pow_[static_cast<std::size_t>(n) - 1];
  for (node_id p = 0; p < compute_; ++p) {
    add_link(p, switch_id(0, p / k), 0, +1);
    add_link(switch_id(0, p / k), p, 0, -1);
  }
  for (int l = 0; l + 1 < n; ++l)
    for (int w = 0; w < per_level_; ++w)
      for (int v = 0; v < k; ++v) {
        node_id up = switch_id(l + 1, with_digit(w, l, v));
        add_link(switch_id(l, w), up, l + 1, +1);
        add_link(up, switch_id(l, w), l + 1, -1);
      }
  finalize();
}

int fat_tree::digit(int x, int i) const { return x / pow_[static_cast<std::size_t>(i)] % k_; }

int fat_tree::with_digit(int x, int i, int value) const {
  return x + (value - digit(x, i)) * pow_[static_cast<std::size_t>(i)];
}

std::vector<int> fat_tree::coordinates(node_id v) const {
  if (v < compute_) return {v, n_};
  int l = switch_level(v);
  return {(v - compute_) % per_level_, n_ - 1 - l};
}

}  // namespace weft::topo
