#pragma once
// Every packet of one run, drawn once before it starts, outside the PEs: a Bernoulli process per
// node per cycle (a packet with probability load / packet_flits), its destination from the
// pattern. Each node draws from its own stream of (seed, node), so the schedule depends on the
// seed alone: not on the worker count, the routing or the order anything runs in.

#include <cstdint>
#include <vector>

#include "weft/traffic/params.hpp"
#include "weft/traffic/pattern.hpp"

namespace weft::traffic {

struct send {
  std::int64_t cycle = 0;  ///< creation cycle
  node_id dest = 0;
};

struct expected_packet {
  node_id source = 0;
  std::int64_t cycle = 0;
  friend auto operator<=>(const expected_packet&, const expected_packet&) = default;
};

struct schedule {
  params run;
  double load = 0;                                 ///< requested, flits/node/cycle
  std::vector<std::vector<send>> sends;            ///< per source, by creation cycle
  std::vector<std::vector<expected_packet>> receives;  ///< per destination, sorted
  std::int64_t packets = 0;

  node_id nodes() const { return static_cast<node_id>(sends.size()); }
  bool measured(std::int64_t cycle) const { return cycle >= run.warmup && cycle < run.cycles; }
};

/// Throws std::invalid_argument for bad params or a load outside (0, 1].
schedule build_schedule(const pattern& p, double load, const params& run);

/// Packets a schedule of `nodes` nodes is expected to hold at `load`, plus six standard
/// deviations: what the memory estimate assumes before the schedule is drawn.
std::int64_t packets_bound(node_id nodes, double load, const params& run);

}  // namespace weft::traffic
