// The JSON report follows docs/report.md and the trace is valid Chrome trace JSON.
#define BOOST_TEST_MODULE report formats
#include <boost/test/unit_test.hpp>
#include <nlohmann/json.hpp>
#include <sstream>

#include <type_traits>

#include "weft/link_model.hpp"
#include "weft/machine.hpp"
#include "weft/programs/builtin.hpp"
#include "weft/output/report_writers.hpp"
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
  weft::output::write_json(out, traced_pingpong());
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

// Issue 23 §4: a script reads the model back as numbers in SI units, and the report names the
// weft and the command line that wrote it.
BOOST_AUTO_TEST_CASE(the_json_report_carries_the_model_in_si_units_and_its_invocation) {
  auto model = weft_test::unit_bytes();  // tau 1 ps per byte
  model.alpha = weft::vtime::us(2);
  model.hop_latency = weft::vtime::ticks(2100);  // 2.1 ns: exactly 2.1e-09 s (divided, not multiplied by 1e-12)
  model.o_send = weft::vtime::ns(100);
  model.flops = weft::flop_rate{2e9};
  model.mtu = 4096;
  weft::machine m("ring:4", model);
  const char* argv[] = {"weft", "run", "pingpong", "--alpha", "2us"};
  weft::output::record_command_line(argv);
  std::ostringstream out;
  weft::output::write_json(out, m.run(2, weft::programs::pingpong({100, 1})));
  const auto j = nlohmann::json::parse(out.str());
  BOOST_TEST(j["schema_version"] == "1.1");
  BOOST_TEST(j["weft"]["version"] == std::string(weft::output::weft_version()));
  BOOST_TEST(j["weft"]["command_line"] == nlohmann::json({"weft", "run", "pingpong", "--alpha", "2us"}));
  const auto& wire = j["model"]["wire"];
  BOOST_TEST(wire["network"] == "message");
  BOOST_TEST(wire["alpha_s"].get<double>() == 2e-6);
  BOOST_TEST(wire["tau_s_per_byte"].get<double>() == 1e-12);
  BOOST_TEST(wire["bandwidth_bytes_per_s"].get<double>() == 1e12);
  BOOST_TEST(wire["hop_latency_s"].get<double>() == 2.1e-9);
  BOOST_TEST(wire["mtu_bytes"] == 4096);
  BOOST_TEST(wire["switching"] == "store-and-forward");
  BOOST_TEST(wire["ports"] == "all-port");
  const auto& host = j["model"]["host"];
  BOOST_TEST(host["o_send_s"].get<double>() == 100e-9);
  BOOST_TEST(host["flops_per_s"].get<double>() == 2e9);
  BOOST_TEST(host["memory_bytes_per_s"].is_null());  // no memory model: no bandwidth
  BOOST_TEST(host["memory_s_per_byte"].is_null());
  BOOST_TEST(host["short_max_bytes"] == -1);
  // Without the host's figures, the invocation's go too: the rest is the deterministic part.
  std::ostringstream virtual_part;
  weft::output::write_json(virtual_part, m.run(2, weft::programs::pingpong({100, 1})), false);
  const auto v = nlohmann::json::parse(virtual_part.str());
  BOOST_TEST(!v.contains("weft"));
  BOOST_TEST(!v.contains("host"));
  BOOST_TEST(v.contains("model"));
}

BOOST_AUTO_TEST_CASE(a_host_without_a_flop_rate_writes_null_not_zero) {
  weft::machine m("ring:4", weft_test::unit_bytes());
  std::ostringstream out;
  weft::output::write_json(out, m.run(2, weft::programs::pingpong({100, 1})), false);
  BOOST_TEST(nlohmann::json::parse(out.str())["model"]["host"]["flops_per_s"].is_null());
}

// The cost model's name until November 2026 still compiles (deprecated) and is the same type.
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wdeprecated-declarations"
static_assert(std::is_same_v<weft::link_model, weft::cost_model>);
#pragma GCC diagnostic pop

BOOST_AUTO_TEST_CASE(the_trace_lists_pe_spans_and_link_occupancy) {
  std::ostringstream out;
  weft::output::write_trace(out, traced_pingpong());
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
