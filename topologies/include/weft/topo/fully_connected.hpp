#pragma once
// Fully connected: every node has a direct link to every other node (one hop everywhere).

#include "weft/topology.hpp"

namespace weft::topo {

class fully_connected final : public topology {
 public:
  fully_connected(std::string spec, node_id nodes);
  std::string family() const override { return "full"; }
  std::string default_routing() const override { return "direct"; }
  int route_hop_bound() const override { return 1; }
  bool vertex_transitive() const override { return true; }
  int link_orbit(link_id l) const override;
};

}  // namespace weft::topo

namespace weft::topo {

/// One hop straight to the destination; O(1) per hop on a fully connected graph.
class direct_routing final : public deterministic_routing {
 public:
  /// Throws std::invalid_argument unless every two compute nodes of `topo` are neighbours.
  explicit direct_routing(const topology& topo);
  std::string name() const override { return "direct"; }
  hop first_hop(node_id current, node_id dst, const route_state& state) const override;
  bool translation_invariant() const override { return true; }

 private:
  const topology& topo_;
  bool complete_;  // links laid out as fully_connected builds them
};

}  // namespace weft::topo
