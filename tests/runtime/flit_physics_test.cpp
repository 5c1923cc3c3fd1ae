// The flit network against physics, under saturating synthetic traffic (weft::traffic, the
// library behind `weft traffic`; docs/routing.md): no run carries more than the bisection lets
// through; the SRT routings of seed 002 never deadlock however hard they are driven, while the
// same traffic deadlocks a ring whose routing has a cycle of channels. Every assertion is exact:
// a bound, a status, a count; never a wall-clock time.
// (flit_network_test.cpp has the closed forms at zero load and one hand-made deadlock.)
#define BOOST_TEST_MODULE flit physics
#include <boost/test/data/test_case.hpp>
#include <boost/test/unit_test.hpp>

#include <sstream>
#include <string>

#include "weft/machine.hpp"
#include "weft/traffic/run.hpp"

namespace {

using namespace weft::traffic;
namespace bdata = boost::unit_test::data;

weft::cost_model flit_model(int vcs, int buffer = 8, int router_delay = 3) {
  weft::cost_model m;
  m.network = "flit";
  m.params.set("vcs", vcs);
  m.params.set("buffer", buffer);
  m.flit.packet_flits = 16;
  m.params.set("router_delay", router_delay);
  return m;  // cycle 1 ns, 16-byte flits, link 1, credit 1 cycles
}

weft::run_options one_worker() {
  weft::run_options o;
  o.workers = 1;
  return o;
}

/// Uniform traffic at `load` flits/node/cycle for `cycles` cycles (measured from a tenth of them).
point_run uniform(const weft::machine& m, double load, std::int64_t cycles) {
  params run;
  run.cycles = cycles;
  run.warmup = cycles / 10;
  const auto p = pattern::parse("uniform", node_grid::of(m.topo()), m.topo().spec());
  return run_point(m, p, load, run, one_worker());
}

}  // namespace

// A 16x16 mesh cut in two halves of 128 nodes by 16 links each way. Under uniform traffic half of
// what a node sends crosses the cut, so 256 nodes x a/2 flits a cycle must fit in 16 flits a
// cycle each way: a <= 16 / 128 x 2 = 0.25 flits/node/cycle, whatever the buffers and pipeline.
// Offered 0.4, above the bound, with the most generous router we have (deep buffers, 1-cycle
// pipeline): accepted stays at or below 0.25.
BOOST_DATA_TEST_CASE(no_run_carries_more_than_the_bisection_of_a_16x16_mesh,
                     bdata::make({std::string("dimension-order"), std::string("minimal-adaptive")}), routing) {
  const int vcs = routing == "minimal-adaptive" ? 2 : 1;
  const weft::machine m("mesh:16x16", flit_model(vcs, 32, 1), routing);
  const auto r = uniform(m, 0.4, 3000);
  BOOST_TEST_REQUIRE(r.rep.status == weft::run_status::ok);
  BOOST_TEST(r.measured.offered > 0.25);
  BOOST_TEST(r.measured.accepted <= 0.25, "accepted " << r.measured.accepted);
  BOOST_TEST(r.measured.accepted > 0.0);
}

// Seed 002, Theorems 1 and 2: DLF (monotonic, one class up at the wrap) and ADP (DLF plus the
// same-dimension leap) are deadlock-free. Drive 32-node SRTs, basic (T = 5) and ShortSpan
// (T = n - 3 = 2, the paper's kind), at a flit per node per cycle, far past saturation, for 10^5
// cycles: every packet arrives (run_point checks each one against the schedule). ADP with 4
// classes on 4 VCs takes any class at injection, the paper's ADP(4).
BOOST_DATA_TEST_CASE(srt_dlf_and_adp_never_deadlock_under_saturation_for_100000_cycles,
                     bdata::make({std::string("srt1d:5,5 srt-dlf 2"), std::string("srt1d:5,5 srt-adp 2"),
                                  std::string("srt1d:5,2 srt-adp:4 4")}),
                     setup) {
  std::istringstream in(setup);
  std::string spec, routing;
  int vcs = 0;
  in >> spec >> routing >> vcs;
  const weft::machine m(spec, flit_model(vcs), routing);
  const auto r = uniform(m, 1.0, 100000);
  const std::string why = r.rep.problems.empty() ? std::string() : r.rep.problems.front();
  BOOST_TEST_REQUIRE(r.rep.status == weft::run_status::ok, why);
  BOOST_TEST(r.measured.offered > r.measured.accepted + 0.2);  // far past saturation
  BOOST_TEST(r.measured.packets > 0);
}

// The same saturating traffic on a ring whose only channel class is used all the way round
// (dimension order, 1 VC: a cycle of channels) jams, and the run says so with the cycle it found;
// dateline classes on 2 VCs carry it all. (flit_network_test has four hand-placed packets; this
// is random traffic finding the cycle by itself.)
BOOST_AUTO_TEST_CASE(the_same_traffic_deadlocks_a_ring_with_a_cyclic_routing_and_one_vc) {
  const weft::machine cyclic("ring:8", flit_model(1), "dimension-order");
  const auto jam = uniform(cyclic, 0.5, 100000);
  BOOST_TEST(jam.rep.status == weft::run_status::network_deadlock);
  BOOST_TEST(jam.rep.exit_code() == 7);
  BOOST_TEST_REQUIRE(!jam.rep.problems.empty());
  BOOST_TEST(jam.rep.problems.front().find("packets wait in a cycle of") != std::string::npos, jam.rep.problems.front());
  BOOST_TEST(jam.rep.problems.front().find("(routing dimension-order on ring:8, 1 VC)") != std::string::npos,
             jam.rep.problems.front());

  const weft::machine dateline("ring:8", flit_model(2), "dateline");
  BOOST_TEST(uniform(dateline, 0.5, 100000).rep.status == weft::run_status::ok);
}
