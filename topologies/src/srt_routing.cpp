#include "weft/topo/srt_routing.hpp"

#include <algorithm>
#include <stdexcept>

namespace weft::topo {

namespace {

int mod(int x, int n) { return ((x % n) + n) % n; }

/// The shorter way round from p to q; + on a tie.
int direction(int p, int q, int n) { return mod(q - p, n) <= n / 2 ? +1 : -1; }

}  // namespace

int srt_recursive_step(const srt_ring& ring, int s, int d, int cur, int dir) {
  const int n = ring.size();
  for (;;) {
    int dist = mod(dir * (d - s), n);
    int off = mod(dir * (cur - s), n);
    if (dist == 0 || off >= dist) return 0;
    // The recursion ends where the piece's two ends are linked ("until a node connected to the
    // source is found"): take that bypass instead of splitting the piece further.
    if (int own = ring.level(s); own >= 1 && own <= ring.max_level() && (1 << own) == dist) return off == 0 ? 2 : 0;
    int level = std::min(srt_find_med_level(dist), ring.max_level());
    int a = -1, b = -1;
    // Fall back to lower levels when no pair of level-L nodes lies between the ends (only
    // possible near the ends of short pieces, or on T-limited rings).
    for (; level >= 1; --level) {
      a = ring.first_of_level(s, dir, level);
      if (a < 0 || a > dist) continue;
      int span = 1 << level;
      b = a + (dist - a) / span * span;
      if (b > a) break;
    }
    if (level < 1) return 1;
    if (off < a) {  // the source-side piece s -> a
      d = mod(s + dir * a, n);
      continue;
    }
    if (off < b) return (off - a) % (1 << level) == 0 ? 2 : 0;
    s = mod(s + dir * b, n);  // the destination-side piece b -> d
  }
}

srt_routing::srt_routing(const srt_network& net, mode m, int vcs) : net_(net), mode_(m), vcs_(vcs) {
  if (m != mode::recursive && (vcs < 2 || vcs > 16))
    throw std::invalid_argument(name() + ": " + std::to_string(vcs) +
                                " virtual channels; the deadlock-free SRT routings need 2..16");
}

std::string srt_routing::name() const {
  switch (mode_) {
    case mode::recursive: return "srt-recursive";
    case mode::dlf: return "srt-dlf";
    case mode::adp: return "srt-adp";
  }
  return "srt";
}

void srt_routing::next_hops(node_id current, node_id dst, const route_state& state,
                            std::vector<hop>& out) const {
  const int n = net_.side();
  for (int axis = 0; axis < net_.dims(); ++axis) {
    int p = net_.position(current, axis);
    int q = net_.position(dst, axis);
    if (p == q) continue;
    auto ring = net_.ring(current, axis);
    // Earlier axes are done and later ones untouched, so the source's position on this axis is
    // where the packet entered this ring.
    int s = net_.position(state.source, axis);
    int dir = direction(s, q, n);
    int step = srt_recursive_step(ring, s, q, p, dir);
    if (step == 0) {  // off the source's route (after a detour): route afresh from here
      dir = direction(p, q, n);
      step = srt_recursive_step(ring, p, q, p, dir);
    }
    link_id next = net_.link_toward(current, axis, dir, step == 2);
    int span = step == 2 ? 1 << ring.level(p) : 1;
    if (mode_ == mode::recursive) {
      out.push_back({next, 0});
      return;
    }
    bool first = p == s;
    int base = first ? 0 : state.vc;
    int crossing = (dir > 0 ? p + span >= n : p - span < 0) ? 1 : 0;
    out.push_back({next, std::min(base + crossing, vcs_ - 1)});
    if (mode_ != mode::adp) return;
    if (first) {  // any other class the rest of this axis leaves room for
      bool wraps = dir > 0 ? q < p : q > p;
      for (int v = 1; v + (wraps ? 1 : 0) < vcs_; ++v) out.push_back({next, std::min(v + crossing, vcs_ - 1)});
    }
    int level = ring.level(p);
    if (level < 1 || level > ring.max_level()) return;
    int reach = 1 << level;
    int dist = mod(dir * (q - p), n);
    bool leapable = dir > 0 ? 2 * p < n - 1 - reach : 2 * p > n - 1 + reach;
    if (!leapable || 2 * dist <= reach) return;
    link_id leap = net_.link_toward(current, axis, dir, true);
    if (leap < 0 || leap == next) return;
    // Where the packet enters the axis it may take any free class (the paper's §3.4), the leap as
    // well as the recursive hop: from a Leapable node neither the leap (2p + 2^l < N - 1 going +)
    // nor the rest of the axis (the destination lies within N/2 on the same side) crosses the
    // wrap, so every class keeps the channel numbers ascending. Elsewhere the class is fixed.
    if (!first) {
      out.push_back({leap, base});
      return;
    }
    for (int v = 0; v < vcs_; ++v) out.push_back({leap, v});
    return;
  }
}

}  // namespace weft::topo
