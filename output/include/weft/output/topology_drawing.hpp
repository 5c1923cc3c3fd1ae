#pragma once
// Drawings of a topology: Graphviz DOT for any graph, and a self-contained SVG laid out by family:
//
//   ring, srt1d, 1D grids   nodes on a circle; bypass links as chords, coloured by level
//   2D grids (mesh, torus,  nodes on the grid from coordinates(); wraparound and bypass links as
//   pax, illiac, srt2d)     arcs so they do not hide the grid
//   3D grids                an oblique projection of the grid
//   tree, fib, fattree      layers from coordinates() = {index in layer, layer}, root on top
//   anything else           a circle
//
// Edges present in both directions are drawn once (in a heatmap, once per direction). Colour = link dimension (axis or level).
// They live in output/ (weft_output) because the SVG is drawn with its toolkit; they keep the
// namespace weft::topo of what they draw.

#include <iosfwd>
#include <vector>

#include "weft/topology.hpp"

namespace weft::topo {

/// Graphviz: "graph" with one edge per linked pair when every link has its reverse, else
/// "digraph". Grid families carry pos attributes (use neato -n). With `loads` (one value per
/// link), edges are labelled with their all-to-all load.
void write_dot(std::ostream& out, const topology& topo, const std::vector<double>* loads = nullptr);

/// SVG drawing; throws std::invalid_argument above 16,384 nodes (nothing readable remains).
/// With `heat` (one value in [0, 1] per link, e.g. utilization), every directed link is coloured
/// from white to dark red, a pair's two directions side by side, and a legend is added: a heatmap.
void write_svg(std::ostream& out, const topology& topo, const std::vector<double>* heat = nullptr,
               const char* heat_label = "link utilization");

}  // namespace weft::topo
