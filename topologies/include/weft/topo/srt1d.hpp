#pragma once
// 1D-SRT(n, T) (seed 002, Definition 1): a ring of N = 2^n nodes plus bypass links by level.
//
//   1D-SRT(5,5), 32 nodes: odd nodes link ±2, nodes 2 mod 4 link ±4, 4 mod 8 link ±8,
//   8 and 24 link each other (±16); 0 and 16 keep only their ring links.
//
// T = n basic, T = n-2 LongSpan, T = n-3 ShortSpan. Link dimension = level (0 = ring link).

#include "weft/topo/srt_network.hpp"

namespace weft::topo {

class srt1d final : public srt_network {
 public:
  /// Throws std::invalid_argument unless 1 <= n <= 24 and 1 <= T <= n.
  srt1d(std::string spec, int n, int T);
  std::string family() const override { return "srt1d"; }
  std::vector<int> coordinates(node_id v) const override { return {v}; }
  std::vector<int> shape() const override { return {side()}; }
};

}  // namespace weft::topo
