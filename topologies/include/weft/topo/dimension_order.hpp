#pragma once
// Dimension-order routing on k-ary n-cubes: correct one axis completely, then the next, in a
// configurable axis order (Tofu uses X, Y, Z, A, C, B). On a torus axis the shorter way round
// is taken; a tie (k even, distance k/2) goes in the + direction. On a hypercube this is e-cube.
//
// With `dateline` the routing uses two VC classes: a packet travels on VC 0 along an axis until
// it crosses that axis' wraparound link (the dateline), and on VC 1 from there to the end of the
// axis; the next axis starts again on VC 0. That breaks the ring cycles of a torus.
//
// `minimal-adaptive` (Duato's protocol) offers every productive hop (each axis still to correct,
// both ways round a torus axis at exactly half its length) on an adaptive VC class of its own, and
// last the dimension-order hop as the escape on the classes below it (dateline classes on a
// torus). The escape network alone is acyclic, so the routing is deadlock-free with buffers;
// first_hop is the escape hop, the deterministic baseline.
//
// `booksim_dateline` is BookSim2's dim_order routing on a torus (routefunc.cpp, dor_next_torus
// and dim_order_torus at commit 28f4329), for runs beside it: a tie is split per packet (BookSim
// draws it at random; here a hash of source, destination and axis decides, the same for every
// hop of the axis), and the VC class is chosen when the packet enters an axis, for the whole
// axis: going +, class 1 if it will cross the wraparound; going -, class 1 if it will not (BookSim's
// test `dest < cur` for both). Each class alone is acyclic, every route being minimal.

#include <cstdint>
#include <string>
#include <vector>

#include "weft/topo/kary_ncube.hpp"

namespace weft::topo {

class dimension_order final : public routing {
 public:
  enum class mode { deterministic, dateline, minimal_adaptive, booksim_dateline };
  /// `axis_order` lists every axis once; empty means 0, 1, 2, ...
  dimension_order(const kary_ncube& topo, std::vector<int> axis_order = {}, mode m = mode::deterministic,
                  std::string name = "dimension-order");
  std::string name() const override { return name_; }
  void next_hops(node_id current, node_id dst, const route_state& state, std::vector<hop>& out) const override;
  hop first_hop(node_id current, node_id dst, const route_state& state) const override;
  bool adaptive() const override { return adaptive_; }
  bool has_escape() const override { return adaptive_; }
  int vc_classes() const override { return (dateline_ ? 2 : 1) + (adaptive_ ? 1 : 0); }
  bool translation_invariant() const override { return true; }
  /// Only the dateline classes (and BookSim's tie split) read where the packet started or its class.
  bool reads_state() const override { return dateline_ || booksim_; }
  const std::vector<int>& axis_order() const { return axis_order_; }

 private:
  /// Which way axis `a` still goes from `current` to `dst`: the shorter way round a torus, + on
  /// a tie, when both ways are as short (`both_minimal`).
  struct axis_move {
    bool needed = false;
    bool plus = false;
    bool both_minimal = false;
  };
  axis_move move_along(node_id current, node_id dst, std::size_t a) const;

  std::vector<int> axis_order_;
  std::vector<int> shape_;   // cached: next_hops must not allocate
  std::vector<char> wrap_;
  // coord_[node * dims + axis]: coordinates precomputed, so a hop costs no division.
  std::vector<std::int32_t> coord_;
  bool dateline_;
  bool adaptive_;
  bool booksim_;  // mode::booksim_dateline
  bool binary_ascending_ = false;  // hypercube in axis order 0,1,2..: the lowest differing bit
  std::string name_;
  // next_link_[node * 2 * dims + 2 * axis + (dir < 0)] : the link along that axis and direction
  std::vector<link_id> next_link_;
};

/// Parses an axis order "0,1,2,3,5,4" (or letters "XYZACB" for up to 6 axes, Tofu style).
std::vector<int> parse_axis_order(std::string_view text, int dims);

}  // namespace weft::topo
