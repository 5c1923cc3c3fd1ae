// Offered, accepted, latency percentiles and saturation from a log written by hand; the latency
// split read from a network section.
#define BOOST_TEST_MODULE traffic statistics
#include <boost/test/unit_test.hpp>

#include <algorithm>
#include <array>
#include <cmath>
#include <random>
#include <vector>

#include "weft/report.hpp"
#include "weft/traffic/statistics.hpp"

namespace {

using namespace weft::traffic;

/// A sweep's point: load, offered and accepted throughput, average latency, measured packets.
point sweep_point(double load, double offered, double accepted, double latency, std::int64_t packets) {
  point p;
  p.load = load;
  p.offered = offered;
  p.accepted = accepted;
  p.latency = latency;
  p.packets = packets;
  return p;
}

}  // namespace

BOOST_AUTO_TEST_CASE(a_hand_written_log_gives_offered_accepted_and_latencies) {
  // 2 nodes, cycles [0, 10), warmup 2, 1-flit packets, a cycle of 1000 ps.
  schedule s;
  s.run.cycles = 10;
  s.run.warmup = 2;
  s.run.shape.packet_flits = 1;
  s.sends = {{{1, 1}, {4, 1}, {5, 1}}, {{3, 0}}};
  s.packets = 4;
  delivery_log log;
  // Node 1 gets node 0's packets of cycles 1 (warmup: not measured), 4 and 5; node 0 gets node
  // 1's of cycle 3. Latencies of the measured ones: 3, 2 and 11 cycles (the last arrives at 16,
  // after the window).
  log.per_node = {{{1, 3, 6000}}, {{0, 1, 2500}, {0, 4, 6000}, {0, 5, 16000}}};
  const auto p = measure(s, log);
  BOOST_TEST(p.packets == 3);
  BOOST_TEST(p.offered == 3.0 / 16);   // 3 created in cycles [2, 10), 2 nodes x 8 cycles
  BOOST_TEST(p.accepted == 3.0 / 16);  // arrivals at 2.5, 6 and 6 fall in [2, 10)
  BOOST_TEST(p.latency == 16.0 / 3, boost::test_tools::tolerance(1e-12));  // (3 + 2 + 11) / 3
  BOOST_TEST(p.p50 == 3.0);            // sorted 2, 3, 11: the 2nd
  BOOST_TEST(p.p99 == 11.0);
  BOOST_TEST(p.simulated_cycles == 16);  // the drain: up to the arrival at 16,000 ps
  log.per_node[1].back().arrival_ps = 9500;  // all in by cycle 10: the creation window alone
  BOOST_TEST(measure(s, log).simulated_cycles == 10);
}

BOOST_AUTO_TEST_CASE(nearest_rank_percentiles_are_those_of_the_sorted_sample) {
  // Against the definition (the sorted sample's value at max(ceil(q n), 1) - 1) on samples whose
  // values fall in one bucket, in many, at the buckets' edges, far apart, and below zero.
  std::mt19937_64 gen(7);
  const std::vector<double> qs{0.0, 0.01, 0.5, 0.5, 0.9, 0.99, 1.0};
  for (int round = 0; round < 300; ++round) {
    const std::size_t n = 1 + gen() % (round < 100 ? 20 : 5000);
    const int spread = static_cast<int>(gen() % 62);
    std::vector<std::int64_t> sample(n);
    for (auto& v : sample) v = static_cast<std::int64_t>(gen() >> (63 - spread)) + (round % 50 == 0 ? -3 : 0);
    if (round % 7 == 0) sample.assign(n, std::int64_t{4095});  // all equal
    std::vector<std::int64_t> sorted = sample;
    std::sort(sorted.begin(), sorted.end());
    const auto got = nearest_rank_percentiles(sample, qs, 2.0);
    BOOST_TEST_REQUIRE(got.size() == qs.size());
    for (std::size_t k = 0; k < qs.size(); ++k) {
      const auto rank = std::max<std::size_t>(static_cast<std::size_t>(std::ceil(qs[k] * static_cast<double>(n))), 1) - 1;
      BOOST_TEST(got[k] == static_cast<double>(sorted[rank]) / 2.0, "round " << round << ", q " << qs[k]);
    }
  }
  BOOST_TEST(nearest_rank_percentiles({}, std::array{0.5}, 1.0).front() == 0.0);
}

BOOST_AUTO_TEST_CASE(a_log_that_misses_a_packet_is_an_error) {
  schedule s;
  s.sends = {{{1, 1}}, {}};
  s.packets = 1;
  delivery_log log;
  log.per_node = {{}, {}};
  BOOST_CHECK_THROW(measure(s, log), std::logic_error);
}

BOOST_AUTO_TEST_CASE(saturation_is_the_highest_accepted_and_reached_once_latency_passes_three_times_zero_load) {
  std::vector<point> pts(4);
  pts[0] = sweep_point(0.01, 0.01, 0.01, 20, 10);
  pts[1] = sweep_point(0.05, 0.05, 0.05, 40, 10);
  pts[2] = sweep_point(0.10, 0.10, 0.08, 70, 10);
  pts[3] = sweep_point(0.15, 0.15, 0.075, 300, 10);
  auto s = estimate_saturation(pts, 9000);
  BOOST_TEST(s.throughput == 0.08);
  BOOST_TEST(s.reached);
  BOOST_TEST(s.zero_load == 20.0);
  BOOST_TEST(s.knee_load == 0.10);
  pts.resize(2);
  s = estimate_saturation(pts, 9000);
  BOOST_TEST(!s.reached);  // the sweep stopped short: 0.05 is a lower bound
  BOOST_TEST(s.throughput == 0.05);
}

BOOST_AUTO_TEST_CASE(a_point_without_measured_packets_is_neither_the_zero_load_reference_nor_saturated) {
  // Issue 22: a short run at a tiny load measured nothing; its "latency 0" must not become the
  // zero-load reference that makes every later point look saturated.
  std::vector<point> pts(3);
  pts[0] = sweep_point(0.001, 0, 0, 0, 0);
  pts[1] = sweep_point(0.01, 0.01, 0.01, 20, 10);
  pts[2] = sweep_point(0.05, 0.05, 0.05, 25, 10);
  BOOST_TEST(!pts[0].has_latency());
  const auto s = estimate_saturation(pts, 9000);
  BOOST_TEST(s.measured);
  BOOST_TEST(s.zero_load == 20.0);  // the lowest load that has packets
  BOOST_TEST(s.zero_load_offered == 0.01);
  BOOST_TEST(!s.reached);
  BOOST_TEST(!s.past_saturation);
}

BOOST_AUTO_TEST_CASE(a_sweep_where_no_point_measured_packets_has_no_zero_load_latency) {
  std::vector<point> pts(2);
  pts[0] = sweep_point(0.001, 0, 0, 0, 0);
  pts[1] = sweep_point(0.002, 0, 0, 0, 0);
  const auto s = estimate_saturation(pts, 18);
  BOOST_TEST(!s.measured);
  BOOST_TEST(!s.reached);
  BOOST_TEST(s.zero_load == 0.0);
}

namespace {

point with_halves(double offered, double accepted, double early, double late) {
  point p{};
  p.load = p.offered = offered;
  p.accepted = accepted;
  p.latency = (early + late) / 2;
  p.packets = 100;
  p.early_latency = early;
  p.late_latency = late;
  return p;
}

}  // namespace

BOOST_AUTO_TEST_CASE(a_first_point_whose_latency_grows_through_the_run_is_past_saturation) {
  // One point whose packets of the window's second half wait 1800 cycles against 400 in the
  // first (a 2700-cycle window): the queues grow, the load is past saturation.
  const std::vector<point> pts{with_halves(0.9, 0.55, 400, 1800)};
  BOOST_TEST(past_saturation(pts[0], 2700));
  const auto s = estimate_saturation(pts, 2700);
  BOOST_TEST(s.past_saturation);
  BOOST_TEST(s.reached);
  BOOST_TEST(s.knee_load == 0.9);
  BOOST_TEST(s.throughput == 0.55);
}

BOOST_AUTO_TEST_CASE(latencies_that_agree_or_differ_by_little_are_not_past_saturation) {
  BOOST_TEST(!past_saturation(with_halves(0.3, 0.3, 40, 45), 2700));
  BOOST_TEST(!past_saturation(with_halves(0.3, 0.3, 2, 5), 2700));  // 2.5x, but 3 cycles is noise
  point empty{};
  BOOST_TEST(!past_saturation(empty, 2700));  // nothing measured: no verdict
}

// BookSim's saturation (issue 24 §1): the highest offered load whose average latency is at most
// the threshold, every lower measured load passing too.
namespace {

point at(double offered, double latency, std::int64_t packets = 10) {
  point p{};
  p.load = p.offered = p.accepted = offered;
  p.latency = p.early_latency = p.late_latency = latency;
  p.packets = packets;
  return p;
}

// The figure (none: no load passed) and the lowest failing load (none: a lower bound).
latency_saturation check_by_latency(const std::vector<point>& pts, double threshold, std::optional<double> figure,
                                    std::optional<double> first_failing, std::int64_t window_cycles = 9000) {
  const auto s = estimate_saturation_by_latency(pts, threshold, window_cycles);
  BOOST_TEST(s.threshold == threshold);
  BOOST_TEST(s.offered.has_value() == figure.has_value());
  if (figure && s.offered) BOOST_TEST(*s.offered == *figure);
  BOOST_TEST(s.reached() == first_failing.has_value());
  if (first_failing && s.reached()) BOOST_TEST(s.first_failing->offered == *first_failing);
  return s;
}

}  // namespace

BOOST_AUTO_TEST_CASE(saturation_by_latency_is_the_highest_offered_load_at_most_the_threshold) {
  const auto s = check_by_latency({at(0.01, 20), at(0.05, 40), at(0.10, 90), at(0.15, 300)}, 100, 0.10, 0.15);
  BOOST_TEST(s.measured);
  BOOST_TEST(!s.first_failing_grows);
}

BOOST_AUTO_TEST_CASE(a_latency_equal_to_the_threshold_passes_as_in_booksim) {
  // BookSim aborts a run when its latency is above latency_thres, not when it equals it.
  check_by_latency({at(0.01, 20), at(0.05, 100), at(0.10, 100.5)}, 100, 0.05, 0.10);
}

BOOST_AUTO_TEST_CASE(when_every_measured_load_passes_the_figure_is_a_lower_bound) {
  // The sweep stopped short: 0.05 is a lower bound (nothing failed).
  check_by_latency({at(0.01, 20), at(0.05, 40)}, 500, 0.05, std::nullopt);
}

BOOST_AUTO_TEST_CASE(when_the_lowest_measured_load_fails_there_is_no_figure) {
  const auto s = check_by_latency({at(0.30, 700), at(0.40, 900)}, 500, std::nullopt, 0.30);
  BOOST_TEST(s.measured);
}

BOOST_AUTO_TEST_CASE(a_point_without_measured_packets_neither_passes_nor_fails) {
  // Its latency is unknown: never the figure (even as the highest load), never the point that
  // ends the figure (even between two that pass).
  std::vector<point> pts{at(0.01, 20), at(0.03, 0, 0), at(0.05, 30), at(0.10, 0, 0)};
  check_by_latency(pts, 500, 0.05, std::nullopt);
  pts.push_back(at(0.2, 800));
  check_by_latency(pts, 500, 0.05, 0.2);
  // Nothing measured: no figure, nothing reached.
  const auto s = check_by_latency({at(0.001, 0, 0), at(0.002, 0, 0)}, 500, std::nullopt, std::nullopt);
  BOOST_TEST(!s.measured);
}

BOOST_AUTO_TEST_CASE(a_higher_load_under_the_threshold_does_not_forgive_a_lower_one_above_it) {
  // Non-monotonic latencies: 0.10 averages under the threshold but 0.05 did not, so the figure
  // stops at 0.01 (the highest load below which every measured load passes).
  check_by_latency({at(0.01, 20), at(0.05, 600), at(0.10, 90)}, 500, 0.01, 0.05);
}

BOOST_AUTO_TEST_CASE(points_are_taken_by_offered_load_whatever_the_order_they_ran_in) {
  check_by_latency({at(0.15, 700), at(0.01, 20), at(0.10, 90)}, 500, 0.10, 0.15);
  // Two runs at one offered load, one failing: that load is not the figure.
  check_by_latency({at(0.01, 20), at(0.05, 40), at(0.05, 600)}, 500, 0.01, 0.05);
}

BOOST_AUTO_TEST_CASE(a_point_past_saturation_fails_even_when_its_average_is_under_the_threshold) {
  // Its packets of the second half wait 400 cycles against 100 in the first (a 2700-cycle
  // window): the average, 250, is under 500 only because the run was short.
  const auto s = check_by_latency({at(0.01, 20), with_halves(0.2, 0.15, 100, 400)}, 500, 0.01, 0.2, 2700);
  BOOST_TEST(s.first_failing_grows);
}
