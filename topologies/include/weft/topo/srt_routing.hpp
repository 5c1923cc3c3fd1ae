#pragma once
// Routing on 1D- and 2D-SRT (seed 002), dimension order x then y, each axis routed on its ring:
//
// - recursive: FindMedLevel picks a link level L for the distance; the route goes from the source
//   to the first level-L node ahead, rides level-L bypass links to the last level-L node before
//   the destination, and finishes; both end pieces are routed the same way, recursively. We only
//   move toward the destination (the shorter way round, + on a tie), so the route is monotonic.
//   The paper's figure of the 0 -> 15 example on 32 nodes is not in the OCR text; this reading
//   gives 0, 1, 3, 4, 12, 13, 15 (see docs/topologies.md).
//   The whole route is a function of (source, destination): next_hops re-derives it from
//   route_state::source in O(log N) without allocating, so every hop agrees with the first.
// - dlf: the same path with VC classes: a packet starts each axis on VC 0 and moves up one class
//   when it crosses the round-trip loop (the wrap between N-1 and 0), as in the paper's channel
//   numbering (v, m, l), m = n going up and N-1-n going down. Needs >= 2 VCs.
// - adp: dlf first, then the same-dimension detour (leap) when the current node is Leapable
//   ((cur < dst and cur < (N-1)/2 - 2^l/2) or (cur > dst and cur > (N-1)/2 + 2^l/2)) and
//   |dst - cur| > 2^l/2: jump with the node's own level-l link toward (and past) the destination.
//   Where the packet enters an axis (its source; in 2D also the node where it turns to y) it
//   offers the recursive hop on every VC class the rest of the axis leaves room for (a class the
//   wrap cannot push past the last one), and the leap on every class (from a Leapable node
//   nothing wraps): our safe reading of "take any free VC at injection". Elsewhere a packet
//   keeps its class, the leap included, and moves up one only at the wrap.

#include <string>

#include "weft/topo/srt_network.hpp"

namespace weft::topo {

class srt_routing final : public routing {
 public:
  enum class mode { recursive, dlf, adp };
  /// `vcs` >= 2 for dlf/adp (ignored for recursive); throws std::invalid_argument otherwise.
  srt_routing(const srt_network& net, mode m, int vcs = 2);
  std::string name() const override;
  void next_hops(node_id current, node_id dst, const route_state& state,
                 std::vector<hop>& out) const override;
  int vc_classes() const override { return mode_ == mode::recursive ? 1 : vcs_; }
  bool adaptive() const override { return mode_ == mode::adp; }

 private:
  const srt_network& net_;
  mode mode_;
  int vcs_;
};

/// The recursive route on one ring from s to d in direction dir, seen at position cur: 1 for a
/// ring step, 2 for the bypass link of cur, 0 if cur is not on that route.
int srt_recursive_step(const srt_ring& ring, int s, int d, int cur, int dir);

}  // namespace weft::topo
