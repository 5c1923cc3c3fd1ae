#pragma once
// k-ary n-cubes: ring, mesh, torus, hypercube, PAX and mixed mesh/torus axes (Tofu) share one
// class.
//
//   torus:4x4        mesh:4x4          ring:8 == torus:8     kncube:4x3:tm (axis 0 torus,
//   o-o-o-o          o-o-o-o                                 axis 1 mesh)
//   | | | |  + wrap  | | | |
//   o-o-o-o          o-o-o-o
//
// Node numbering is row-major with axis 0 varying fastest: id = x0 + k0*(x1 + k1*(x2 ...)).

#include <string>
#include <string_view>
#include <vector>

#include "weft/topology.hpp"

namespace weft::topo {

class kary_ncube final : public topology {
 public:
  /// `wrap[d]` chooses torus (true) or mesh (false) along axis d. Throws std::invalid_argument
  /// for an empty shape or a size < 1.
  kary_ncube(std::string spec, std::string family, std::vector<int> shape, std::vector<bool> wrap,
             std::string default_routing = "dimension-order");

  std::string family() const override { return family_; }
  std::vector<int> coordinates(node_id n) const override;
  std::vector<int> shape() const override { return shape_; }
  std::string default_routing() const override { return default_routing_; }
  /// Every axis wraps (or has at most 2 nodes, where mesh and torus coincide).
  /// Σ (k−1) over the axes: every routing on a k-ary n-cube is minimal along each axis.
  int route_hop_bound() const override;
  bool vertex_transitive() const override;
  int link_orbit(link_id l) const override;

  const std::vector<bool>& wraps() const { return wrap_; }
  node_id node_at(const std::vector<int>& coords) const;

 private:
  std::string family_;
  std::vector<int> shape_;
  std::vector<bool> wrap_;
  std::string default_routing_;
};

/// Parses "8x8x4" into {8, 8, 4}; throws std::invalid_argument naming the bad part.
std::vector<int> parse_shape(std::string_view text, std::string_view what);

/// Parses a per-axis wraparound string such as "tttmtm" (t = torus, m = mesh) for `axes` axes.
std::vector<bool> parse_wraps(std::string_view text, std::size_t axes, std::string_view what);

}  // namespace weft::topo
