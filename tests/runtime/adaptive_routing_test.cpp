// Routing that chooses at run time in the message network: an adaptive routing's packet takes, at
// each node, the permitted link that can start it soonest; messages of one pair are still handed
// over in order (MPI's non-overtaking) when they took different paths. Times are by hand.
#define BOOST_TEST_MODULE adaptive routing
#include <boost/test/unit_test.hpp>

#include <sstream>
#include <string>
#include <tuple>
#include <vector>

#include "weft/machine.hpp"
#include "weft/programs/builtin.hpp"
#include "weft/topology_registry.hpp"
#include "weft/output/report_writers.hpp"

namespace {

using weft::vtime;

/// τ = 1 ps per byte: B bytes hold a link for B ps. No α, no λ, store-and-forward.
weft::cost_model bytes_are_picoseconds() {
  weft::cost_model m;
  m.tau = weft::parse_byte_time("1ps", "tau");
  return m;
}

/// PE 0 (node 0 of mesh:2x2) sends `first` bytes then `second` bytes to PE 3 (node 3), both with
/// tag 0; PE 3 receives twice and records the sizes in the order it got them, and when.
struct two_messages {
  two_messages(std::int64_t first_bytes, std::int64_t second_bytes) : first(first_bytes), second(second_bytes) {}
  std::int64_t first, second;
  std::vector<std::int64_t> sizes;
  std::vector<std::int64_t> times;  // ps
  weft::report run(const std::string& routing) {
    weft::machine m("mesh:2x2", bytes_are_picoseconds(), routing);
    return m.run(4, [&](weft::pe& pe) {
      if (pe.rank() == 0) {
        auto a = pe.isend(3, weft::tag{0}, weft::sized(std::int64_t{1}, first));
        auto b = pe.isend(3, weft::tag{0}, weft::sized(std::int64_t{2}, second));
        pe.wait(a);
        pe.wait(b);
      } else if (pe.rank() == 3) {
        for (int i = 0; i < 2; ++i) {
          auto r = pe.recv(0, weft::tag{0});
          sizes.push_back(r.modelled_bytes);
          times.push_back(pe.now().ps);
        }
      }
    });
  }
};

}  // namespace

// Dimension order sends both along X then Y (0 -> 1 -> 3): the second waits for the first on every
// link. Minimal adaptive sends the second along Y first (0 -> 2 -> 3), free at once.
BOOST_AUTO_TEST_CASE(two_messages_on_a_mesh_take_two_paths_only_when_the_routing_adapts) {
  two_messages dor{1000, 1000};
  auto r = dor.run("dimension-order");
  BOOST_TEST(r.status == weft::run_status::ok);
  // first: 0->1 [0,1000], 1->3 [1000,2000]; second: 0->1 [1000,2000], 1->3 [2000,3000]
  BOOST_TEST(dor.times == (std::vector<std::int64_t>{2000, 3000}));
  BOOST_TEST(r.makespan.ps == 3000);

  two_messages adaptive{1000, 1000};
  r = adaptive.run("minimal-adaptive");
  BOOST_TEST(r.status == weft::run_status::ok);
  // second: 0->2 [0,1000], 2->3 [1000,2000]: both arrive at 2000
  BOOST_TEST(adaptive.times == (std::vector<std::int64_t>{2000, 2000}));
  BOOST_TEST(r.makespan.ps == 2000);
  // Links used: 0->1, 1->3 by the first; 0->2, 2->3 by the second (each 1000 bytes once).
  std::int64_t carried = 0;
  for (const auto& l : r.links) carried += l.bytes;
  BOOST_TEST(carried == 4000);
}

// A small message sent after a big one overtakes it on another path, but the receiver gets the big
// one first (same source, same tag): the small one is handed over when the big one arrives.
BOOST_AUTO_TEST_CASE(a_message_that_overtakes_on_another_path_is_handed_over_in_order) {
  two_messages run{2000, 500};
  auto r = run.run("minimal-adaptive");
  BOOST_TEST(r.status == weft::run_status::ok);
  BOOST_TEST(r.conserved);
  // big: 0->1 [0,2000], 1->3 [2000,4000]; small: 0->2 [0,500], 2->3 [500,1000] arrives at 1000,
  // then waits for the big one: both handed over at 4000, in the order they were sent.
  BOOST_TEST(run.sizes == (std::vector<std::int64_t>{2000, 500}));
  BOOST_TEST(run.times == (std::vector<std::int64_t>{4000, 4000}));

  two_messages dor{2000, 500};  // one path: the small one queues behind the big one
  dor.run("dimension-order");
  BOOST_TEST(dor.sizes == (std::vector<std::int64_t>{2000, 500}));
  BOOST_TEST(dor.times == (std::vector<std::int64_t>{4000, 4500}));
}

// The candidates: every productive axis on the adaptive class, then the escape (dimension order,
// dateline classes on a torus).
BOOST_AUTO_TEST_CASE(minimal_adaptive_offers_every_productive_axis_and_the_dimension_order_escape) {
  weft::topology_registry registry;
  weft::register_builtin_topologies(registry);
  weft::routing_registry routings;
  weft::register_builtin_routings(routings);
  auto torus = registry.make("torus:4x4");
  auto routing = routings.make("minimal-adaptive", *torus);
  BOOST_TEST(routing->adaptive());
  BOOST_TEST(routing->vc_classes() == 3);  // dateline escape 0, 1; adaptive 2
  std::vector<weft::hop> out;
  // node 0 = (0,0) to node 10 = (2,2): both axes at half the ring: +x, -x, +y, -y, then escape +x
  routing->next_hops(0, 10, {0, 0, 0, 0}, out);
  BOOST_REQUIRE(out.size() == 5u);
  for (std::size_t i = 0; i < 4; ++i) BOOST_TEST(out[i].vc == 2);
  BOOST_TEST(out[4].link == out[0].link);
  BOOST_TEST(out[4].vc == 0);
  BOOST_TEST(routing->first_hop(0, 10, {0, 0, 0, 0}).vc == 0);  // the escape
  auto mesh = registry.make("mesh:4x4");
  auto on_mesh = routings.make("minimal-adaptive", *mesh);
  BOOST_TEST(on_mesh->vc_classes() == 2);
  out.clear();
  on_mesh->next_hops(0, 5, {0, 0, 0, 0}, out);  // (0,0) -> (1,1): +x, +y, escape +x
  BOOST_TEST(out.size() == 3u);
  BOOST_TEST(!routings.make("dimension-order", *mesh)->adaptive());
}

// Adaptive choices depend only on virtual state: bit-identical reports on 1, 2 and 4 workers,
// with partitions (λ > 0), on a torus (minimal adaptive) and on an SRT (srt-adp's leaps).
BOOST_AUTO_TEST_CASE(adaptive_runs_are_bit_identical_on_any_number_of_workers) {
  weft::cost_model model;
  model.alpha = vtime::ns(100);
  model.tau = weft::parse_bandwidth("4GB/s", "bandwidth");
  model.hop_latency = vtime::ns(10);
  model.mtu = 256;
  for (auto [spec, routing, procs] : {std::tuple{"torus:8x8", "minimal-adaptive", 64},
                                      std::tuple{"srt1d:5,5", "srt-adp", 32}}) {
    weft::machine m(spec, model, routing);
    std::string first;
    for (int workers : {1, 2, 4}) {
      weft::run_options opt;
      opt.workers = workers;
      opt.sharing = weft::sharing_policy::alternate;
      auto r = m.run(procs, weft::programs::alltoall({1024, 2}), opt);
      BOOST_TEST(r.status == weft::run_status::ok);
      std::ostringstream out;
      weft::output::write_json(out, r, /*with_host=*/false);
      if (first.empty()) first = out.str();
      BOOST_TEST((out.str() == first), spec << " on " << workers << " workers");
    }
  }
}

// srt-adp's packets leave DLF's routes where a leap detour is free sooner: the links carry other
// loads, every message still arrives. (Whether that shortens a bulk all-to-all in this
// message-level network depends on the case: on srt1d:8,5 with 64 PEs it ends sooner, with 256
// PEs later, because a detour is longer; seed 002's gains are throughput in a flit network.)
BOOST_AUTO_TEST_CASE(srt_adp_takes_other_links_than_srt_dlf_under_contention) {
  weft::cost_model model;
  model.tau = weft::parse_bandwidth("1GB/s", "bandwidth");
  model.hop_latency = vtime::ns(10);
  auto loads = [&](const char* routing) {
    weft::machine m("srt1d:8,5", model, routing);
    auto r = m.run(64, weft::programs::alltoall({4096, 1}));
    BOOST_TEST(r.status == weft::run_status::ok);
    BOOST_TEST(r.conserved);
    std::vector<std::int64_t> bytes;
    for (const auto& l : r.links) bytes.push_back(l.bytes);
    return bytes;
  };
  const auto dlf = loads("srt-dlf"), adp = loads("srt-adp");
  std::size_t differ = 0;
  for (std::size_t i = 0; i < dlf.size(); ++i) differ += dlf[i] != adp[i] ? 1 : 0;
  BOOST_TEST_MESSAGE("srt1d:8,5: " << differ << " of " << dlf.size() << " links carry other loads under srt-adp");
  BOOST_TEST(differ > 0u);
}
