#pragma once
// Where a packet goes: the synthetic traffic patterns of BookSim (src/traffic.cpp), on the
// compute nodes of a machine. Permutations (transpose, bit-complement, bit-reversal, shuffle,
// tornado, neighbour) are tables computed once; uniform and hotspot draw from the source's own
// random stream. A packet whose destination is its source is not created.
//
//   bit-complement, 8 nodes:  3 = 011  ->  100 = 4
//   tornado on ring:8:        x -> x + 3 (mod 8)     neighbour: x -> x + 1 (mod 8)

#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "weft/topology.hpp"
#include "weft/report.hpp"
#include "weft/traffic/message_log.hpp"
#include "weft/traffic/random.hpp"

namespace weft::traffic {

/// The grid a pattern may use: a topology's shape and coordinates when it has them (mesh,
/// torus, hypercube, SRT, Illiac), else the node ids as one ring.
struct node_grid {
  std::vector<int> shape;                  ///< size along each axis (product = nodes)
  std::vector<std::vector<int>> coords;    ///< per node
  std::vector<node_id> node_at;            ///< mixed-radix index of coordinates (axis 0 fastest) -> node

  /// One ring of `nodes` nodes.
  static node_grid ring(node_id nodes);
  /// The topology's own coordinates when its shape covers exactly its compute nodes, else a ring.
  static node_grid of(const topology& topo);
  node_id nodes() const { return static_cast<node_id>(coords.size()); }
  node_id at(const std::vector<int>& c) const;
};

class pattern {
 public:
  /// "uniform", "transpose", ..., "hotspot[:FRACTION[:NODE]]". Throws std::invalid_argument for
  /// an unknown name (listing the known ones), a bad hotspot, an unreadable trace or a
  /// node count the pattern cannot use (naming the count and what it needs).
  /// "trace:FILE" replays the messages of a `weft run --messages FILE` (message_log.hpp).
  static pattern parse(std::string_view spec, const node_grid& grid, const std::string& machine_name);

  const std::string& spec() const { return spec_; }
  node_id nodes() const { return nodes_; }
  bool random() const { return table_.empty() && !trace_; }
  /// The messages a trace pattern replays (with their file lines); null for the synthetic patterns.
  const message_trace* trace() const { return trace_.get(); }
  /// The destination of a packet created at `source`; draws from `rng` for uniform and hotspot.
  /// Equal to `source` means: no packet.
  node_id destination(node_id source, random_stream& rng) const;

 private:
  std::string spec_;
  node_id nodes_ = 0;
  std::vector<node_id> table_;  ///< permutations: destination of each source
  double hot_fraction_ = 0;     ///< hotspot: share of packets to hot_node_
  node_id hot_node_ = -1;       ///< -1: uniform
  std::shared_ptr<const message_trace> trace_;  ///< trace:FILE
};

/// "uniform, transpose, bit-complement, bit-reversal, shuffle, tornado, neighbour, hotspot[:FRACTION[:NODE]]"
std::string known_patterns();

/// The permutations alone, for tests and docs: destination of `source` among `n` = 2^bits nodes.
node_id bit_complement(node_id source, int bits);
node_id bit_reversal(node_id source, int bits);
node_id shuffle(node_id source, int bits);
/// Swaps the high and low halves of the bits (needs an even bit count).
node_id bit_transpose(node_id source, int bits);

}  // namespace weft::traffic
