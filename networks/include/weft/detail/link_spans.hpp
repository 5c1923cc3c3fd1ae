#pragma once
// The link occupancy a network records for --trace, gathered from its partitions.

#include <vector>

#include "weft/report.hpp"
#include "weft/topology.hpp"

namespace weft::detail {

/// One interval during which a link carried a packet (recorded only when tracing).
struct link_span {
  link_id link;
  int src, dst;  ///< PEs
  vtime begin, end;
};
/// Adds every partition's spans to r.trace.links, ordered by (begin, link): the same on any
/// partitioning (a link's spans come in order from the one partition that owns it).
void add_link_spans(report& r, const std::vector<std::vector<link_span>>& per_partition);

}  // namespace weft::detail
