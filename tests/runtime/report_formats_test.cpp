// The JSON report follows docs/report.md and the trace is valid Chrome trace JSON.
#define BOOST_TEST_MODULE report formats
#include <boost/test/unit_test.hpp>
#include <nlohmann/json.hpp>
#include <sstream>

#include "weft/machine.hpp"
#include "weft/programs/builtin.hpp"
#include "weft_test/unit_bytes.hpp"

namespace {
weft::report traced_pingpong() {
  auto model = weft_test::unit_bytes();
  model.alpha = weft::vtime::ticks(10);
  weft::machine m("ring:4", model);
  weft::run_options opt;
  opt.trace = true;
  opt.program_name = "pingpong";
  return m.run(2, weft::programs::pingpong({100, 2}), opt);
}
}  // namespace

BOOST_AUTO_TEST_CASE(the_json_report_has_the_documented_fields) {
  std::ostringstream out;
  traced_pingpong().write_json(out);
  auto j = nlohmann::json::parse(out.str());
  BOOST_TEST(j["schema"] == "weft.report/1");
  BOOST_TEST(j["program"] == "pingpong");
  BOOST_TEST(j["status"] == "ok");
  BOOST_TEST(j["makespan"] == 4 * 110);
  BOOST_TEST(j["messages"]["conserved"] == true);
  BOOST_TEST(j["pes"].size() == 2u);
  BOOST_TEST(j["pes"][0]["wait"] == 4 * 110 - 0);
  BOOST_TEST(j["links"].size() == 8u);
  BOOST_TEST(j["links"][0]["bytes"] == 200);
  BOOST_TEST(j["hop_histogram"][1] == 4);
  BOOST_TEST(j.contains("host"));
  BOOST_TEST(j["host"]["workers"].get<int>() >= 1);
}

BOOST_AUTO_TEST_CASE(the_trace_lists_pe_spans_and_link_occupancy) {
  std::ostringstream out;
  traced_pingpong().write_trace(out);
  auto j = nlohmann::json::parse(out.str());
  int link_spans = 0, waits = 0;
  for (const auto& e : j["traceEvents"]) {
    if (e["ph"] != "X") continue;
    if (e["pid"] == 2) ++link_spans;
    if (e["pid"] == 1 && e["name"] == "wait") ++waits;
  }
  BOOST_TEST(link_spans == 4);
  BOOST_TEST(waits == 4);
}
