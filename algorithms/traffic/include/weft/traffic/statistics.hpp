#pragma once
// What one load point measured, BookSim's way: packets created in [warmup, cycles) are the
// measured ones (their latency, arrival − creation, in cycles); offered is what was created in
// that window, accepted what arrived in it (any packet), both in flits/node/cycle.

#include <cstdint>
#include <optional>
#include <span>
#include <vector>

#include "weft/traffic/traffic_pe_program.hpp"
#include "weft/traffic/schedule.hpp"

namespace weft::traffic {

struct point {
  double load = 0;       ///< requested
  double offered = 0;    ///< created in the window
  double accepted = 0;   ///< delivered in the window
  double latency = 0;    ///< average over measured packets, cycles (meaningless when packets == 0)
  double p50 = 0, p99 = 0;  ///< nearest-rank percentiles, cycles (likewise)
  std::int64_t packets = 0;  ///< measured packets; 0: the point has no latency (shown empty, never 0.00)
  /// Cycles the run simulated: the `cycles` packets are created in, then the drain, up to the
  /// cycle the last packet arrived by (BookSim's "Time taken" counts its drain too).
  std::int64_t simulated_cycles = 0;
  /// Average latency of the measured packets created in the first and in the second half of the
  /// window, cycles: below saturation they agree, past it the queues grow and the second is larger.
  double early_latency = 0, late_latency = 0;
  /// Whether the point measured any packet: a short run at a tiny load may create none in its
  /// window, and an average of nothing must not read as "latency 0".
  bool has_latency() const { return packets > 0; }
  /// The network's own split of latency (whole run, every packet), when its report has one.
  std::optional<double> queueing, network;
};

/// Throws std::logic_error if the log does not hold every packet of the schedule.
point measure(const schedule& s, const delivery_log& log);

/// Nearest rank: for each q in [0, 1], the smallest value with at least q of `sample` at or below
/// it (the value at index max(ceil(q n), 1) - 1 of the sorted sample), divided by `unit`; 0 for
/// an empty sample. The values are counted by their top 12 bits (at most 4,096 buckets, ordered
/// as the values are), so each rank is found in its bucket and selected among that bucket's values
/// alone: std::nth_element over the whole sample, once a rank, was 0.8 % of a loaded run
/// (161,000 latencies), a full sort 1.7 %. A sample with a negative value is selected among whole.
std::vector<double> nearest_rank_percentiles(const std::vector<std::int64_t>& sample, std::span<const double> qs, double unit);

/// The saturation throughput of a sweep: the highest accepted throughput of any point. It is
/// `reached` when some point's average latency passes 3× the zero-load latency (the latency of
/// the lowest load that measured packets; points without packets are never compared); otherwise
/// the sweep stopped short of saturation and the value is a lower bound. When that lowest point
/// already falls far behind its offered load (see past_saturation), no point of the sweep is a
/// zero-load reference: the sweep starts `past_saturation` and its latencies compare to nothing.
struct saturation {
  double throughput = 0;
  bool reached = false;
  bool measured = false;         ///< some point measured packets (else there is no zero-load latency)
  bool past_saturation = false;  ///< the lowest measured point is already past saturation
  double zero_load = 0;    ///< average latency at the lowest load with packets, cycles (0: none)
  double zero_load_offered = 0;  ///< the offered load of that point
  double knee_load = 0;    ///< lowest offered load whose latency passed 3× zero load (0: none)
};
/// `window_cycles`: the measured window (cycles − warmup), to tell a network falling behind from
/// a short run whose last packets arrive after the window.
saturation estimate_saturation(const std::vector<point>& points, std::int64_t window_cycles);

/// BookSim2's saturation: the highest offered load whose average packet latency (`point::latency`:
/// creation to arrival, so source queueing included) is not above a threshold, BookSim's
/// `latency_thres` (its default 500 cycles). BookSim finds it by bisection, which assumes latency
/// grows with load; a sweep may not be monotonic, so the figure is the highest offered load L such
/// that *every* measured point offered at most L passes: a lower load that failed is not forgiven
/// by a higher one that passed. A point passes when it measured packets, its average latency is at
/// most the threshold (BookSim aborts when it is above: `cur_latency > _latency_thres`), and it is
/// not past saturation (a latency that grows through the run is only below the threshold because
/// the run was short). Points without measured packets have no latency: they neither pass nor fail.
struct latency_saturation {
  double threshold = 500;  ///< cycles
  /// The figure, offered flits/node/cycle; none when the lowest measured point already fails (or
  /// no point measured a packet).
  std::optional<double> offered;
  /// The lowest measured point that fails: the sweep reached the figure. Without one, every
  /// measured point passed and the figure is a lower bound (the sweep stopped short).
  std::optional<point> first_failing;
  bool first_failing_grows = false;  ///< that point fails because it is past saturation
  bool measured = false;             ///< some point measured packets
  bool reached() const { return first_failing.has_value(); }
};
/// `threshold` in cycles (> 0); `window_cycles` as for estimate_saturation.
latency_saturation estimate_saturation_by_latency(const std::vector<point>& points, double threshold,
                                                  std::int64_t window_cycles);

/// A point past saturation: its queues grow through the window, so packets created in its second
/// half wait more than 1.5× as long as those of its first half (and at least `window_cycles` / 20
/// cycles longer, so that noise on tiny latencies is no verdict). Below saturation the two agree.
bool past_saturation(const point& p, std::int64_t window_cycles);

}  // namespace weft::traffic
