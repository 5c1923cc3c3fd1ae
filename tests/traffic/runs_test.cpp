// Traffic on the emulated machine: real PEs, real messages. At a load so low that no two packets
// are ever in the network together, every latency is the message network's zero-load formula;
// every packet arrives with its payload checked; and the results are the same on 1, 2 and 4 workers.
#define BOOST_TEST_MODULE traffic runs
#include <boost/test/data/test_case.hpp>
#include <boost/test/unit_test.hpp>

#include <algorithm>
#include <sstream>

#include "weft/machine.hpp"
#include "weft/traffic/output.hpp"
#include "weft/traffic/run.hpp"
#include "weft/traffic/traffic_pe_program.hpp"

namespace {

using namespace weft::traffic;
namespace data = boost::unit_test::data;

/// 16 GB/s links (a 256-byte packet holds a link 16 cycles of 1 ns) and 1 ns per hop: a packet
/// crossing h links store-and-forward takes h x 17 cycles when alone.
weft::cost_model sixteen_gigabytes() {
  weft::cost_model m;
  m.tau = weft::parse_bandwidth("16GB/s", "--bandwidth");
  m.hop_latency = weft::vtime::ns(1);
  return m;
}

pattern uniform_on(const weft::machine& m) { return pattern::parse("uniform", node_grid::of(m.topo()), m.topo().spec()); }

/// A run of `cycles` cycles, the first `warmup` not measured.
params cycles_from(std::int64_t cycles, std::int64_t warmup) {
  params run;
  run.cycles = cycles;
  run.warmup = warmup;
  return run;
}

weft::run_options workers(int n) {
  weft::run_options o;
  o.workers = n;
  return o;
}

}  // namespace

BOOST_AUTO_TEST_CASE(at_a_load_where_packets_never_meet_the_average_latency_is_the_zero_load_formula) {
  weft::machine m("ring:8", sixteen_gigabytes());
  const auto p = uniform_on(m);
  params run = cycles_from(20000, 2000);
  // The longest route on ring:8 is 4 hops = 68 cycles. Take the first seed whose schedule never
  // has two packets within 68 cycles of each other: then no packet ever waits for a link.
  schedule s;
  for (run.seed = 1; run.seed < 200; ++run.seed) {
    s = build_schedule(p, 0.002, run);
    std::vector<std::int64_t> all;
    for (const auto& node : s.sends)
      for (const auto& snd : node) all.push_back(snd.cycle);
    std::sort(all.begin(), all.end());
    bool apart = all.size() >= 10;
    for (std::size_t i = 1; i < all.size(); ++i) apart = apart && all[i] - all[i - 1] >= 68;
    if (apart) break;
  }
  BOOST_TEST_REQUIRE(run.seed < 200);
  // Expected from the schedule: each measured packet takes hops(src, dst) x 17 cycles.
  std::int64_t total_ps = 0, measured = 0;
  for (weft::node_id src = 0; src < s.nodes(); ++src)
    for (const auto& snd : s.sends[static_cast<std::size_t>(src)])
      if (s.measured(snd.cycle)) {
        total_ps += weft::walk_route(m.topo(), m.route(), src, snd.dest, [](const weft::hop&) {}) * 17000;
        ++measured;
      }
  const auto r = run_point(m, p, 0.002, run, workers(2));
  BOOST_TEST_REQUIRE(r.rep.status == weft::run_status::ok);
  BOOST_TEST(r.measured.packets == measured);
  BOOST_TEST(r.measured.latency == static_cast<double>(total_ps) / static_cast<double>(measured) / 1000.0);
  BOOST_TEST(!r.measured.queueing.has_value());  // the message network has no split
}

BOOST_AUTO_TEST_CASE(every_created_packet_is_received_with_its_payload_checked) {
  weft::machine m("torus:4x4", sixteen_gigabytes());
  const params run = cycles_from(3000, 300);
  const auto s = build_schedule(uniform_on(m), 0.3, run);
  const auto r = run_point(m, uniform_on(m), 0.3, run, workers(2));
  BOOST_TEST_REQUIRE(r.rep.status == weft::run_status::ok);
  BOOST_TEST(r.rep.conserved);
  BOOST_TEST(r.rep.sent == static_cast<std::uint64_t>(s.packets));
  BOOST_TEST(r.rep.received == static_cast<std::uint64_t>(s.packets));
  std::int64_t flits = 0;
  for (const auto& l : r.rep.links) flits += l.bytes;
  BOOST_TEST(flits > 0);
  BOOST_TEST(r.measured.offered > 0.25);
  BOOST_TEST(r.measured.offered < 0.35);
  // What it cost here (no figure asserted: wall time): the point holds its run, and its rate is
  // the topology's routers times its simulated cycles over the point's time.
  BOOST_TEST(r.host.run_wall_seconds == r.rep.host.wall_seconds);
  BOOST_TEST(r.host.wall_seconds >= r.host.run_wall_seconds);
  BOOST_TEST(r.host.run_wall_seconds > 0);
  BOOST_TEST(r.host.router_cycles_per_second * r.host.wall_seconds == 16.0 * static_cast<double>(r.measured.simulated_cycles),
             boost::test_tools::tolerance(1e-9));
}

BOOST_AUTO_TEST_CASE(a_schedule_whose_receipt_is_not_what_was_sent_fails_the_run) {
  // The receiver checks what it got against the schedule's receipt (count and fingerprint): a
  // receipt changed after the schedule was drawn fails that PE, and the report says so.
  weft::machine m("ring:4", sixteen_gigabytes());
  const params run = cycles_from(100, 10);
  auto forged = std::make_shared<schedule>(build_schedule(uniform_on(m), 0.5, run));
  const auto packets = forged->receipts[1].packets;
  BOOST_TEST_REQUIRE(packets > 0);
  forged->receipts[1].fingerprint += 1;
  auto log = std::make_shared<delivery_log>();
  auto rep = m.run(4, make_traffic_program(forged, log), workers(1));
  BOOST_TEST((rep.status == weft::run_status::failed));
  BOOST_TEST(rep.problems.front().find("node 1 received the " + std::to_string(packets) +
                                       " packets the schedule sends it, but the schedule's receipt for them says") != std::string::npos,
             rep.problems.front());
}

BOOST_AUTO_TEST_CASE(deliveries_are_checked_packet_by_packet_where_the_receipt_differs) {
  weft::machine m("ring:4", sixteen_gigabytes());
  const params run = cycles_from(100, 10);
  const auto s = build_schedule(uniform_on(m), 0.5, run);
  const auto expected = s.receives_of(2);
  BOOST_TEST_REQUIRE(expected.size() > 2u);
  std::vector<delivery> got;
  for (const auto& e : expected) got.push_back({e.source, static_cast<packet_cycle>(e.cycle), 0});
  std::reverse(got.begin(), got.end());  // in any order
  BOOST_CHECK_NO_THROW(check_deliveries(2, s, got));
  auto changed = got;
  changed.back().cycle += 1000;  // the (source, cycle)-first packet, from a cycle no packet has
  const auto& first = expected.front();
  BOOST_CHECK_EXCEPTION(check_deliveries(2, s, changed), std::runtime_error, [&](const std::runtime_error& e) {
    const std::string want = "node 2 received the packet of node " + std::to_string(first.source) + " created in cycle " +
                             std::to_string(first.cycle + 1000) + " where the schedule has node " + std::to_string(first.source) +
                             ", cycle " + std::to_string(first.cycle);
    BOOST_TEST(std::string(e.what()).find(want) == 0u, e.what());
    return true;
  });
  auto missing = got;
  missing.erase(missing.begin());  // the last packet by (source, cycle)
  BOOST_CHECK_EXCEPTION(check_deliveries(2, s, missing), std::runtime_error, [&](const std::runtime_error& e) {
    BOOST_TEST(std::string(e.what()) == "node 2 received " + std::to_string(expected.size() - 1) + " packets where the schedule sends it " +
                                            std::to_string(expected.size()));
    return true;
  });
}

namespace {

/// A short sweep (two loads) of uniform traffic under SRT's adaptive routing, as JSON, less what
/// each point cost on this host.
std::string srt_sweep_json(const weft::run_options& options) {
  weft::machine m("srt1d:5,5", sixteen_gigabytes(), "srt-adp");
  const params run = cycles_from(2000, 200);
  std::vector<sweep> sweeps{run_sweep(m, uniform_on(m), {0.05, 0.3}, run, options)};
  BOOST_TEST(sweeps.front().host.size() == 2u);
  sweeps.front().host.clear();  // what each point cost here (wall time) is no part of the comparison
  std::ostringstream out;
  write_json(out, {"uniform", m.topo().spec(), "message", m.topo().compute_nodes(), run}, sweeps);
  return out.str();
}

}  // namespace

BOOST_DATA_TEST_CASE(a_sweep_is_the_same_on_one_two_and_four_workers, data::make({2, 4}), n) {
  const auto one = srt_sweep_json(workers(1));
  BOOST_TEST(one.find("\"points\"") != std::string::npos);
  BOOST_TEST(srt_sweep_json(workers(n)) == one);
}

BOOST_DATA_TEST_CASE(a_sweep_is_the_same_with_shared_fiber_stacks, data::make({1, 2}), n) {
  auto shared = workers(n);
  shared.shared_stacks = true;
  BOOST_TEST(srt_sweep_json(shared) == srt_sweep_json(workers(1)));
}
