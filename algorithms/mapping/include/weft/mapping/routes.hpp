#pragma once
// Static routes between every ordered pair of compute nodes of a machine, computed once from its
// topology and deterministic routing (seed 004 §4.4: the objectives need to know in advance which
// directed links each message crosses, so the routing must be static and its axis order known).

#include <cstdint>
#include <memory>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "weft/topology.hpp"

namespace weft::mapping {

class machine_routes {
 public:
  /// The most compute nodes a table holds: it grows as nodes^2 (4096: 16 M pairs).
  static constexpr int max_nodes = 4096;
  /// Routes every ordered pair of compute nodes with `r`. Throws std::invalid_argument when `r`
  /// is adaptive (no static route to count contention on) or the machine has more than 4096
  /// compute nodes (the table grows as nodes^2).
  machine_routes(const topology& topo, const routing& r);
  /// Builds the topology from a spec ("tofu:1x2x4", "torus:4x4") and its routing (empty: the
  /// family's default, e.g. dimension-order:XYZACB on Tofu).
  static machine_routes from_spec(std::string_view spec, std::string_view routing_name = {});

  int nodes() const { return nodes_; }                 ///< compute nodes
  int links() const { return links_; }                 ///< directed links of the topology
  const std::string& description() const { return description_; }
  /// The directed links from compute node p to q, in order (empty when p == q).
  std::span<const link_id> route(node_id p, node_id q) const {
    const auto k = static_cast<std::size_t>(p) * static_cast<std::size_t>(nodes_) + static_cast<std::size_t>(q);
    return {path_.data() + begin_[k], path_.data() + begin_[k + 1]};
  }
  int hops(node_id p, node_id q) const { return static_cast<int>(route(p, q).size()); }
  /// The most hops of any route.
  int diameter() const { return diameter_; }
  /// "from->to" of a link, for reports.
  std::string link_name(link_id l) const;

 private:
  int nodes_ = 0, links_ = 0, diameter_ = 0;
  std::string description_;
  std::vector<std::int64_t> begin_;  // CSR over pairs p * nodes + q
  std::vector<link_id> path_;
  std::vector<std::pair<node_id, node_id>> ends_;
};

}  // namespace weft::mapping
