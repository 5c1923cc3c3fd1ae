// Offered, accepted, latency percentiles and saturation from a log written by hand; the latency
// split read from a network section.
#define BOOST_TEST_MODULE traffic statistics
#include <boost/test/unit_test.hpp>

#include "weft/report.hpp"
#include "weft/traffic/statistics.hpp"

namespace {

using namespace weft::traffic;

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
  pts[0] = {0.01, 0.01, 0.01, 20, 0, 0, 10};
  pts[1] = {0.05, 0.05, 0.05, 40, 0, 0, 10};
  pts[2] = {0.10, 0.10, 0.08, 70, 0, 0, 10};
  pts[3] = {0.15, 0.15, 0.075, 300, 0, 0, 10};
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
  pts[0] = {0.001, 0, 0, 0, 0, 0, 0};
  pts[1] = {0.01, 0.01, 0.01, 20, 0, 0, 10};
  pts[2] = {0.05, 0.05, 0.05, 25, 0, 0, 10};
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
  pts[0] = {0.001, 0, 0, 0, 0, 0, 0};
  pts[1] = {0.002, 0, 0, 0, 0, 0, 0};
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
