#include "weft/topo/fibonacci_tree.hpp"

#include <limits>
#include <stdexcept>
#include <string>
#include <vector>

namespace weft::topo {

std::int64_t fibonacci_tree_size(int h, int m, int n, int i) {
  if (m < 1 || n < 1 || i < 2 || h < 0) return -1;
  if (h < m) return 0;
  if (h < 2 * static_cast<std::int64_t>(m) + n) return 1;
  constexpr std::int64_t cap = std::numeric_limits<std::int64_t>::max() / 4;
  // N_k never decreases in k, so once it saturates so does N_h: the table stops there instead of
  // holding h entries (fib:2000000000 would ask for 16 GB).
  std::vector<std::int64_t> size;
  for (int k = 0; k <= h; ++k) {
    std::int64_t s = 0;
    if (k == 0 || k < m) s = 0;
    else if (k < 2 * m + n) s = 1;
    else {
      auto a = size[static_cast<std::size_t>(k - m)];
      auto b = size[static_cast<std::size_t>(k - m - n)];
      s = (b > cap / i) ? cap : std::min(cap, a + (i - 1) * b);
    }
    if (s == cap) return cap;
    size.push_back(s);
  }
  return size.back();
}

namespace {

std::vector<node_id> fibonacci_parents(const std::string& spec, int h, int m, int n, int i) {
  if (m < 1)
    throw std::invalid_argument("topology '" + spec + "': delay m = " + std::to_string(m) +
                                " must be at least 1 (fib:h,m,n,i with m, n >= 1, i >= 2)");
  if (n < 1)
    throw std::invalid_argument("topology '" + spec + "': compute time n = " + std::to_string(n) +
                                " must be at least 1 (fib:h,m,n,i)");
  if (i < 2)
    throw std::invalid_argument("topology '" + spec + "': arity i = " + std::to_string(i) +
                                " must be at least 2 (fib:h,m,n,i)");
  if (h > max_fibonacci_height)
    throw std::invalid_argument("topology '" + spec + "': height h = " + std::to_string(h) + " must be at most " +
                                std::to_string(max_fibonacci_height) + " (fib:h,m,n,i)");
  if (h < m)
    throw std::invalid_argument("topology '" + spec + "': height h = " + std::to_string(h) +
                                " must be at least m = " + std::to_string(m) + " (the tree is empty below m)");
  auto size = fibonacci_tree_size(h, m, n, i);
  if (size > (1 << 22))
    throw std::invalid_argument("topology '" + spec + "' would have " + std::to_string(size) +
                                " nodes; at most 2^22 are allowed");
  std::vector<node_id> parent;
  parent.reserve(static_cast<std::size_t>(size));
  // Recursion depth is h/m <= h, small next to 2^22 nodes.
  auto build = [&](auto& self, int height) -> node_id {
    if (height < 2 * m + n) {
      parent.push_back(-1);
      return static_cast<node_id>(parent.size() - 1);
    }
    node_id root = self(self, height - m);
    for (int c = 1; c < i; ++c) {
      node_id sub = self(self, height - m - n);
      parent[static_cast<std::size_t>(sub)] = root;
    }
    return root;
  };
  build(build, h);
  return parent;
}

}  // namespace

fibonacci_tree::fibonacci_tree(std::string spec, int h, int m, int n, int i)
    : rooted_tree(spec, fibonacci_parents(spec, h, m, n, i), static_cast<node_id>(fibonacci_tree_size(h, m, n, i))) {}

}  // namespace weft::topo
