#pragma once
// Where each node of a topology is drawn, shared by its DOT and SVG drawings (weft topo --dot,
// --svg): one layout per family, in drawing units of one grid step between neighbours.

#include <vector>

#include "weft/topology.hpp"

namespace weft::topo::drawing {

struct point {
  double x = 0, y = 0;
};

enum class layout { circle, grid2, grid3, layers };

// One grid step between neighbouring nodes, and the margin around the drawing.
inline constexpr double grid_step = 40;
inline constexpr double margin = 40;

layout choose_layout(const topology& t);
/// Node positions, and the canvas size in `size`.
std::vector<point> place(const topology& t, layout kind, point& size);
/// The colour of a link of dimension (axis or level) `dimension`: grey for 0, then the series
/// palette, so a torus's X links are grey and its Y links blue.
const char* dimension_colour(int dimension);
/// For every link, the link back (find_link(to, from)), or -1 where there is none.
std::vector<link_id> reverse_links(const topology& t);

/// Each linked pair once: the link from the lower id, or the only one. `back` is reverse_links(t).
template <class F>
void for_each_pair(const topology& t, const std::vector<link_id>& back, F&& f) {
  for (link_id l = 0; l < static_cast<link_id>(t.links().size()); ++l) {
    const auto& lk = t.link_at(l);
    bool reverse = back[static_cast<std::size_t>(l)] >= 0;
    if (reverse && lk.to < lk.from) continue;
    f(l, lk, reverse);
  }
}

}  // namespace weft::topo::drawing
