#pragma once
// Shifted Recursive Torus (seed 002, Kawai, Inoguchi & Horiguchi): what 1D- and 2D-SRT share.
//
// A ring of N = 2^n positions u carries levels: u has level l when
//   (u - 2^(l-1)) mod min(2^l, 2^T) == 0,
// taking the smallest such l in 1..n, and level 0 when there is none. A level-l node also links
// to u ± 2^l. "Smallest l" is our reading of the definition: it is what makes T change only the
// links of nodes 0, N/4, N/2, 3N/4 as the paper says (T = n basic, T = n-2 LongSpan adds 0<->N/2,
// T = n-3 ShortSpan swaps N/4<->3N/4 for the square 0, N/4, N/2, 3N/4), and it keeps every
// 2D-SRT node at degree <= 8. Taking every l that matches would give 0 mod 2^T nodes several
// bypass links, breaking both.
//
// In 2D-SRT(n, T, s_x) node (x, y) uses u = x + s_x*y (mod N) and links ±2^l along x and y.

#include <cstdint>
#include <vector>

#include "weft/topology.hpp"

namespace weft::topo {

/// Level of ring position `u` in an SRT with 2^n positions and parameter T (see above).
int srt_level(std::uint32_t u, int n, int T);

/// FindMedLevel (seed 002, Fig. 2) for a ring distance sp >= 0: the link level recursive
/// routing uses to cover sp.
int srt_find_med_level(int sp);

/// One axis ring of an SRT seen from the routing: position p has level srt_level(coef*p + shift).
struct srt_ring {
  int n = 0;
  int T = 0;
  int coef = 1;
  int shift = 0;
  int size() const { return 1 << n; }
  int level(int p) const;
  /// Smallest offset o >= 0 such that position p + dir*o has level `lvl`, or -1 if none.
  int first_of_level(int p, int dir, int lvl) const;
  /// Highest level whose bypass links exist (span 2^l < N).
  int max_level() const;
};

/// Base of 1D and 2D SRT: keeps, per node and axis, the ring and bypass links by direction so
/// routing finds them in O(1).
class srt_network : public topology {
 public:
  int n() const { return n_; }
  int T() const { return T_; }
  int shift() const { return sx_; }
  int dims() const { return dims_; }
  int side() const { return 1 << n_; }
  /// Level of a node (the level of its u).
  int level(node_id node) const;
  /// The ring of `axis` through `node`.
  srt_ring ring(node_id node, int axis) const;
  /// Position of `node` along `axis`, and the node at another position of the same ring.
  int position(node_id node, int axis) const;
  node_id with_position(node_id node, int axis, int p) const;
  /// Link from `node` along `axis` and `dir` covering `span` (1 = ring link, else the bypass).
  link_id link_toward(node_id node, int axis, int dir, bool bypass) const;
  std::string default_routing() const override { return "srt-dlf"; }

 protected:
  srt_network(std::string spec, int dims, int n, int T, int sx);
  /// Adds ring and bypass links for every node, then indexes them; call from the constructor.
  void build();

 private:
  int dims_, n_, T_, sx_;
  std::vector<link_id> slots_;  // [node][axis][ring+, ring-, bypass+, bypass-]
};

/// Validates SRT parameters: 1 <= n <= max_n, 1 <= T <= n, 0 <= sx < 2^n.
void check_srt_parameters(const std::string& spec, int n, int T, int sx, int max_n);

}  // namespace weft::topo
