#pragma once
// Illiac IV "propagating wraparound" (seed 000, Fig. 2a): P = q*q PEs numbered row-major; PE i
// links to i±1 and i±q (mod P), so all PEs form one chain row after row.
//
//    0 - 1 - 2 - 3 -.        rows continue into the next row (3 -> 4), the last PE into
//    4 - 5 - 6 - 7 -'        PE 0; columns wrap into the next column (12 + 4 = 16 = 0).
//
// Axis labels: dimension 0 = the ±1 links, dimension 1 = the ±q links.

#include "weft/topology.hpp"

namespace weft::topo {

class illiac final : public topology {
 public:
  /// `pes` must be a perfect square q*q with q >= 2; throws std::invalid_argument otherwise.
  illiac(std::string spec, node_id pes);
  std::string family() const override { return "illiac"; }
  std::vector<int> coordinates(node_id n) const override { return {n % side_, n / side_}; }
  std::vector<int> shape() const override { return {side_, side_}; }
  bool vertex_transitive() const override { return true; }  // a circulant graph
  int link_orbit(link_id l) const override;
  int side() const { return side_; }

 private:
  int side_;
};

}  // namespace weft::topo
