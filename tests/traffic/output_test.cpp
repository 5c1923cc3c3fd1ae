// A sweep's table row, CSV and JSON when a point measured no packet (issue 22): no latency is
// printed as a number, and the saturation line never takes that point for a zero-load reference.
// Both saturation figures (issue 24 §1) in the text, the CSV's '#' lines and the JSON.
#define BOOST_TEST_MODULE traffic output
#include <boost/test/unit_test.hpp>

#include <nlohmann/json.hpp>
#include <sstream>

#include "weft/traffic/output.hpp"

namespace {

using namespace weft::traffic;

point measured(double load, double latency, std::int64_t packets) {
  point p{};
  p.load = p.offered = p.accepted = load;
  p.latency = p.p50 = p.p99 = latency;
  p.packets = packets;
  return p;
}

// Both figures of the sweep, as run_sweep computes them.
sweep finished(std::string routing, std::vector<point> points, std::int64_t window_cycles, double threshold = 500) {
  sweep s;
  s.routing = std::move(routing);
  s.points = std::move(points);
  s.sat = estimate_saturation(s.points, window_cycles);
  s.sat_by_latency = estimate_saturation_by_latency(s.points, threshold, window_cycles);
  return s;
}

sweep with_an_empty_first_point() {
  return finished("dimension-order", {measured(0.001, 0, 0), measured(0.01, 20, 10)}, 9000);
}

}  // namespace

BOOST_AUTO_TEST_CASE(a_point_without_packets_prints_dashes_and_says_why) {
  std::ostringstream out;
  print_table_row(out, measured(0.001, 0, 0), false);
  BOOST_TEST(out.str() ==
             "  0.0010    0.0010    0.0010          -         -         -        0  no packet measured: no latency (raise "
             "--cycles or --load)\n");
}

BOOST_AUTO_TEST_CASE(the_csv_leaves_the_latency_of_an_empty_point_empty) {
  std::ostringstream out;
  write_csv(out, {with_an_empty_first_point()});
  BOOST_TEST(out.str() ==
             "routing,load,offered,accepted,latency,p50,p99,packets\n"
             "dimension-order,0.001,0.001000,0.001000,,,,0\n"
             "dimension-order,0.01,0.010000,0.010000,20.0000,20.0000,20.0000,10\n"
             "# saturation dimension-order 0.010000 saturated=false\n"
             "# saturation_by_latency dimension-order 0.010000 saturated_by_latency=false latency_threshold=500\n");
}

BOOST_AUTO_TEST_CASE(the_json_has_null_latencies_and_measured_false_for_an_empty_point) {
  std::ostringstream out;
  write_json(out, run_description{}, {with_an_empty_first_point()});
  const auto j = nlohmann::json::parse(out.str());
  const auto& empty = j["points"][0];
  BOOST_TEST(empty["measured"] == false);
  BOOST_TEST(empty["latency"].is_null());
  BOOST_TEST(empty["p50"].is_null());
  BOOST_TEST(empty["p99"].is_null());
  BOOST_TEST(j["points"][1]["measured"] == true);
  BOOST_TEST(j["routings"][0]["zero_load_latency"] == 20.0);  // the lowest load with packets
  BOOST_TEST(j["routings"][0]["saturated"] == false);
  BOOST_TEST(j["routings"][0]["past_saturation"] == false);
  BOOST_TEST(j["routings"][0]["saturation_by_latency"] == 0.01);  // a lower bound: every load passed
  BOOST_TEST(j["routings"][0]["saturated_by_latency"] == false);
  BOOST_TEST(j["saturation_by_latency"] == 0.01);
  BOOST_TEST(j["latency_threshold"] == 500.0);
}

BOOST_AUTO_TEST_CASE(the_saturation_line_names_an_unknown_and_a_past_saturation_sweep) {
  const sweep none = finished("r", {measured(0.001, 0, 0)}, 18);
  std::ostringstream out;
  print_saturation(out, none);
  BOOST_TEST(out.str() ==
             "saturation r: unknown (no point measured a packet: raise --cycles or --load)\n"
             "saturation r by latency: unknown (no point measured a packet)\n");

  point p = measured(0.9, 1100, 2500);
  p.accepted = 0.55;
  p.early_latency = 400;
  p.late_latency = 1800;
  const sweep past = finished("r", {p}, 2700);
  out.str("");
  print_saturation(out, past);
  BOOST_TEST(out.str() ==
             "saturation r: below offered 0.9000 flits/node/cycle (the lowest measured load is already past saturation: "
             "its latency grows through the run and it accepted 0.5500; lower --load to find the knee)\n"
             "saturation r by latency: none of the loads averaged at most 500 cycles (offered 0.9000 averaged 1100.00; "
             "lower --load to find it)\n");
}

BOOST_AUTO_TEST_CASE(the_latency_figure_is_reached_a_lower_bound_or_none) {
  // The two figures differ: 0.10 passed 3x the zero load, yet averages under the 100-cycle threshold.
  point knee = measured(0.15, 300, 10);
  knee.accepted = 0.12;
  const sweep reached = finished("r", {measured(0.01, 20, 10), measured(0.10, 90, 10), knee}, 9000, 100);
  std::ostringstream out;
  print_saturation(out, reached);
  BOOST_TEST(out.str() ==
             "saturation r: 0.1200 flits/node/cycle (highest accepted; latency passed 3x the zero-load 20.00 cycles from "
             "offered 0.1000)\n"
             "saturation r by latency: 0.1000 flits/node/cycle (highest offered averaging at most 100 cycles; offered 0.1500 "
             "averaged 300.00)\n");

  const sweep short_of_it = finished("r", {measured(0.01, 20, 10), measured(0.10, 50, 10)}, 9000, 250.5);
  out.str("");
  print_saturation(out, short_of_it);
  BOOST_TEST(out.str() ==
             "saturation r: at least 0.1000 flits/node/cycle (latency never passed 3x the zero-load 20.00 cycles: raise "
             "--load to reach it)\n"
             "saturation r by latency: at least 0.1000 flits/node/cycle (every measured load averaged at most 250.5 cycles: "
             "raise --load to reach it)\n");

  // The lowest load averages under the threshold, but its latency grows through the run.
  point growing = measured(0.2, 250, 100);
  growing.early_latency = 100;
  growing.late_latency = 400;
  const sweep none = finished("r", {growing}, 2700);
  out.str("");
  print_saturation(out, none);
  BOOST_TEST(out.str().ends_with(
      "saturation r by latency: none of the loads averaged at most 500 cycles (offered 0.2000 is past saturation: its "
      "latency grows through the run; lower --load to find it)\n"));
  std::ostringstream csv, json;
  write_csv(csv, {none});
  BOOST_TEST(csv.str().ends_with("# saturation_by_latency r none saturated_by_latency=true latency_threshold=500\n"));
  write_json(json, run_description{}, {none});
  const auto j = nlohmann::json::parse(json.str());
  BOOST_TEST(j["routings"][0]["saturation_by_latency"].is_null());
  BOOST_TEST(j["routings"][0]["saturated_by_latency"] == true);
  BOOST_TEST(j["saturation_by_latency"].is_null());
}
