#pragma once
// 2D-SRT(n, T, s_x) (seed 002, Definition 2): an N x N torus (N = 2^n) whose rows are 1D-SRTs
// shifted by s_x per row; node (x, y) has the level of u = x + s_x*y and links ±2^l along both
// x and y. Node id = x + N*y (x fastest, like the k-ary n-cubes). Link dimension = level.

#include "weft/topo/srt_network.hpp"

namespace weft::topo {

class srt2d final : public srt_network {
 public:
  /// Throws std::invalid_argument unless 1 <= n <= 15, 1 <= T <= n and 0 <= s_x < 2^n.
  srt2d(std::string spec, int n, int T, int sx);
  std::string family() const override { return "srt2d"; }
  std::vector<int> coordinates(node_id v) const override { return {position(v, 0), position(v, 1)}; }
  std::vector<int> shape() const override { return {side(), side()}; }
};

}  // namespace weft::topo
