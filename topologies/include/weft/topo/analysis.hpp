#pragma once
// What `weft topo` reports about a topology and a routing: size, degrees, distances, bisection
// width, the link load of a uniform all-to-all, and the channel-dependency (deadlock) check.
// Exact wherever that is affordable; otherwise each figure says how it was obtained.

#include <cstdint>
#include <iosfwd>
#include <string>
#include <vector>

#include "weft/topo/cdg.hpp"
#include "weft/topology.hpp"

namespace weft::topo {

struct analysis_options {
  std::int64_t exact_pairs = std::int64_t{1} << 22;  ///< all-pairs work above this is sampled
  int sample_sources = 64;                           ///< sources used when sampling
  std::int64_t work_steps = std::int64_t{1} << 24;   ///< BFS steps / route hops per figure: seconds, not hours
  int exact_bisection_nodes = 24;                    ///< exhaustive bisection up to this many nodes
  bool check_deadlock = true;
};

struct analysis {
  std::string spec, family, routing;
  node_id nodes = 0, compute_nodes = 0;
  std::int64_t links = 0;
  int min_degree = 0, max_degree = 0;  ///< out-degree over all nodes
  int vc_classes = 1;

  int diameter = 0;               ///< over pairs of compute nodes
  double average_distance = 0.0;  ///< over ordered pairs of distinct compute nodes
  std::string distance_method;

  std::int64_t bisection_lower = 0, bisection_upper = 0;  ///< links crossing, one direction
  std::string bisection_method;

  double max_load = 0.0, mean_load = 0.0;  ///< messages per link for one all-to-all
  double average_route_length = 0.0;       ///< hops per message under the routing
  std::string load_method;
  std::vector<double> link_loads;          ///< per link (exact or estimated)

  cdg_result deadlock;
};

/// Analyses `topo` under `routing`. Throws std::runtime_error if the routing loops or dead-ends.
analysis analyse(const topology& topo, const routing& routing, const analysis_options& options = {});

/// The human summary: one "name  value" line per figure.
void print_table(std::ostream& out, const analysis& a);

/// Hop distances from `source` to every node by breadth-first search (-1 = unreachable).
std::vector<int> bfs_distances(const topology& topo, node_id source);

/// Minimum number of links from one side to the other over all splits of the compute nodes into
/// halves (switches may go to either side); exhaustive, for node_count() <= 30 only.
std::int64_t exact_bisection(const topology& topo);

}  // namespace weft::topo
