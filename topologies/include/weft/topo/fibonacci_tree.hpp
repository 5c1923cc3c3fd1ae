#pragma once
// Generalized Fibonacci tree T'_h for delay m, compute time n and arity i (seed 001, §4):
// T'_h joins the root of T'_{h-m} with the roots of (i-1) copies of T'_{h-(m+n)}; the root of
// T'_{h-m} stays the root. T'_h is a single node for 2m+n > h >= m. With m = n = 1, i = 2 this is
// the Fibonacci tree (T_1 = T_2 = one node, T_h = T_{h-1} + T_{h-2}), and node counts follow
//   N_h = N_{h-m} + (i-1) N_{h-(m+n)}  (h >= 2m+n),  1  (2m+n > h >= m),  0  (m > h > 0).
// Every node is a PE. Nodes are numbered as they are created: the root is 0.

#include <cstdint>

#include "weft/topo/rooted_tree.hpp"

namespace weft::topo {

class fibonacci_tree final : public rooted_tree {
 public:
  /// Throws std::invalid_argument unless m >= 1, n >= 1, i >= 2, m <= h <= 2^20 and N_h <= 2^22.
  fibonacci_tree(std::string spec, int h, int m, int n, int i);
  std::string family() const override { return "fib"; }
};

/// Tallest tree `fib:` builds: the bound keeps the size recurrence's table (up to h entries) small.
inline constexpr int max_fibonacci_height = 1 << 20;

/// N_h from the recurrence above (saturates at INT64_MAX / 4); -1 when m < 1 or n < 1 or i < 2.
/// Memory grows with h until N saturates (at most h entries).
std::int64_t fibonacci_tree_size(int h, int m, int n, int i);

}  // namespace weft::topo
