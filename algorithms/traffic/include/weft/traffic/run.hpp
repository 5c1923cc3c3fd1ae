#pragma once
// Runs traffic on the emulated machine: one run per load point, one PE per compute node, the
// same schedule (same seed) for every routing so their curves compare like with like.

#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "weft/machine.hpp"
#include "weft/traffic/statistics.hpp"

namespace weft::traffic {

/// What the runs keep in flight, for the memory estimate (machine::check_run): at worst every
/// packet of the heaviest load waits at its destination, which receives only after sending.
traffic_hint memory_hint(node_id nodes, double max_load, const params& run);
/// The same for a run of exactly `packets` packets (a replayed trace).
traffic_hint memory_hint_for_packets(node_id nodes, std::int64_t packets, const params& run);

/// What one point cost on this host (never part of a comparison between runs).
struct point_host {
  /// Wall time of the whole point: its schedule drawn, its run (the network built in it) and its
  /// statistics. BookSim2's "Total run time" times its Run(), which draws the traffic and
  /// gathers the statistics as it goes, its network built before (docs/traffic.md, "Output").
  double wall_seconds = 0;
  double run_wall_seconds = 0;  ///< the run alone (report::host.wall_seconds)
  /// The topology's nodes (switches too: each is a router) times the point's simulated cycles,
  /// over wall_seconds.
  double router_cycles_per_second = 0;
};

struct point_run {
  point measured;  ///< valid when the report's status is ok
  report rep;
  point_host host;  ///< set when the run ended ok
};

/// One load point. The report is returned as it is when the run did not end ok (deadlock,
/// failed PE, interrupted): the caller shows it.
point_run run_point(const machine& m, const pattern& p, double load, const params& run, const run_options& options);

struct sweep {
  std::string routing;
  std::vector<point> points;
  std::vector<point_host> host;  ///< each point's, in the order of `points` (empty: not timed)
  saturation sat;                    ///< the peak accepted throughput
  latency_saturation sat_by_latency;  ///< BookSim's: the highest offered load under the latency threshold
  std::optional<report> stopped;  ///< the report of the run that did not end ok, if any
};

/// Every load in turn on `m`; `on_point` sees each point as it is measured, with its run's report.
sweep run_sweep(const machine& m, const pattern& p, const std::vector<double>& loads, const params& run,
                const run_options& options, const std::function<void(const point_run&)>& on_point = {});

}  // namespace weft::traffic
