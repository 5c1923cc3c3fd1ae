// A sweep's table row, CSV and JSON when a point measured no packet (issue 22): no latency is
// printed as a number, and the saturation line never takes that point for a zero-load reference.
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

sweep with_an_empty_first_point() {
  sweep s;
  s.routing = "dimension-order";
  s.points = {measured(0.001, 0, 0), measured(0.01, 20, 10)};
  s.sat = estimate_saturation(s.points, 9000);
  return s;
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
             "dimension-order,0.01,0.010000,0.010000,20.0000,20.0000,20.0000,10\n");
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
}

BOOST_AUTO_TEST_CASE(the_saturation_line_names_an_unknown_and_a_past_saturation_sweep) {
  sweep none;
  none.routing = "r";
  none.points = {measured(0.001, 0, 0)};
  none.sat = estimate_saturation(none.points, 18);
  std::ostringstream out;
  print_saturation(out, none);
  BOOST_TEST(out.str() == "saturation r: unknown (no point measured a packet: raise --cycles or --load)\n");

  sweep past;
  past.routing = "r";
  point p = measured(0.9, 1100, 2500);
  p.accepted = 0.55;
  p.early_latency = 400;
  p.late_latency = 1800;
  past.points = {p};
  past.sat = estimate_saturation(past.points, 2700);
  out.str("");
  print_saturation(out, past);
  BOOST_TEST(out.str() ==
             "saturation r: below offered 0.9000 flits/node/cycle (the lowest measured load is already past saturation: "
             "its latency grows through the run and it accepted 0.5500; lower --load to find the knee)\n");
}
