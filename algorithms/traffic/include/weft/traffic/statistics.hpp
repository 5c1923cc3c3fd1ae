#pragma once
// What one load point measured, BookSim's way: packets created in [warmup, cycles) are the
// measured ones (their latency, arrival − creation, in cycles); offered is what was created in
// that window, accepted what arrived in it (any packet), both in flits/node/cycle.

#include <cstdint>
#include <optional>
#include <vector>

#include "weft/traffic/program.hpp"
#include "weft/traffic/schedule.hpp"

namespace weft::traffic {

struct point {
  double load = 0;       ///< requested
  double offered = 0;    ///< created in the window
  double accepted = 0;   ///< delivered in the window
  double latency = 0;    ///< average over measured packets, cycles
  double p50 = 0, p99 = 0;  ///< nearest-rank percentiles, cycles
  std::int64_t packets = 0;  ///< measured packets
  /// The network's own split of latency (whole run, every packet), when its report has one.
  std::optional<double> queueing, network;
};

/// Throws std::logic_error if the log does not hold every packet of the schedule.
point measure(const schedule& s, const delivery_log& log);

/// The saturation throughput of a sweep: the highest accepted throughput of any point. It is
/// `reached` when some point's average latency passes 3× the zero-load latency (the latency of
/// the lowest load); otherwise the sweep stopped short of saturation and the value is a lower bound.
struct saturation {
  double throughput = 0;
  bool reached = false;
  double zero_load = 0;    ///< average latency at the lowest load, cycles
  double knee_load = 0;    ///< lowest offered load whose latency passed 3× zero load (0: none)
};
saturation estimate_saturation(const std::vector<point>& points);

}  // namespace weft::traffic
