#pragma once
// Channel-dependency graph (Dally & Seitz): a channel is (link, VC class); channel a depends on
// channel b when some packet may hold a and ask for b next. A routing whose dependency graph is
// acyclic cannot deadlock in a wormhole network. Adaptive routings contribute every candidate
// they offer, so the check covers every choice the network may make; a routing with an escape
// network (Duato's protocol, routing::has_escape) contributes its escape hops only.

#include <cstdint>
#include <string>
#include <vector>

#include "weft/topology.hpp"

namespace weft::topo {

struct channel {
  link_id link = -1;
  int vc = 0;
  bool operator==(const channel&) const = default;
};

struct cdg_result {
  bool checked = false;        ///< false when the network was too large to enumerate
  bool acyclic = false;
  std::vector<channel> cycle;  ///< one cycle, first channel repeated at the end, when not acyclic
  std::int64_t channels = 0;       ///< channels that some route uses
  std::int64_t dependencies = 0;   ///< distinct dependency edges
  std::int64_t pairs = 0;          ///< (source, destination) pairs explored
  std::string cycle_text;          ///< the cycle as "a->b (vc 0), b->c (vc 0), ..."
  std::string note;                ///< why it was not checked, if so
  bool escape_only = false;        ///< a Duato routing: only its escape channels were examined
};

/// Explores every (source, destination) pair of compute nodes and every candidate hop the
/// routing offers from every reachable (node, VC) state; skipped (checked = false) when the
/// number of pairs exceeds `pair_limit`. Throws std::runtime_error if a route loops or dead-ends.
cdg_result check_channel_dependencies(const topology& topo, const routing& routing,
                                      std::int64_t pair_limit = std::int64_t{1} << 22);

/// "3->4 (vc 0), 4->5 (vc 0), ..." for printing a cycle.
std::string describe_cycle(const topology& topo, const std::vector<channel>& cycle);

}  // namespace weft::topo
