// The same program on the same machine gives a bit-identical virtual report on 1, 2 and 4
// worker threads, run after run.
#define BOOST_TEST_MODULE determinism
#include <boost/test/data/test_case.hpp>
#include <boost/test/unit_test.hpp>
#include <sstream>

#include "weft/machine.hpp"
#include "weft/programs/builtin.hpp"
#include "weft_test/virtual_json.hpp"

namespace bdata = boost::unit_test::data;

namespace {

weft::cost_model physical() {
  weft::cost_model m;
  m.alpha = weft::vtime::ns(500);
  m.tau = weft::parse_bandwidth("3.5GB/s", "test");
  m.hop_latency = weft::vtime::ns(40);
  m.o_send = weft::vtime::ns(100);
  m.o_recv = weft::vtime::ns(150);
  return m;
}

// Any-source receives, polling with test() and compute: every source of ordering freedom.
void racy_gather(weft::pe& p) {
  if (p.rank() == 0) {
    std::uint64_t sum = 0;  // an order-sensitive hash: wraps around (unsigned, so defined)
    for (int i = 1; i < p.size(); ++i) {
      auto r = p.irecv(weft::any_source, weft::tag{5});
      while (!p.test(r)) p.compute(weft::vtime::ns(30));
      sum = sum * 31 + static_cast<std::uint64_t>(p.wait(r).as<int>());
    }
    p.send(1, weft::tag{6}, sum);
  } else {
    p.compute(weft::vtime::ns(10 * ((p.rank() * 7919) % 13)));
    p.send(0, weft::tag{5}, p.rank());
    if (p.rank() == 1) p.recv(0, weft::tag{6});
  }
  p.barrier();
}

using weft_test::virtual_json;

struct scenario {
  const char* machine;
  int procs;
  weft::program prog;
};

std::vector<scenario> scenarios() {
  weft::programs::params big{4096, 2};
  return {
      {"torus:4x4", 16, weft::programs::alltoall(big)},
      {"mesh:4x4", 16, weft::programs::alltoall({100000, 1})},
      {"ring:64", 64, weft::programs::ring({64, 3})},
      {"torus:4x4", 16, racy_gather},
  };
}

}  // namespace

BOOST_DATA_TEST_CASE(a_report_is_bit_identical_on_1_2_and_4_workers, bdata::xrange(4), index) {
  auto s = scenarios()[static_cast<std::size_t>(index)];
  weft::machine m(s.machine, physical());
  const auto reference = virtual_json(m, s.procs, s.prog, 1);
  BOOST_TEST(reference.find("\"status\": \"ok\"") != std::string::npos);
  for (int workers : {2, 4, 1, 4})
    BOOST_TEST(virtual_json(m, s.procs, s.prog, workers) == reference, "workers=" << workers);
}

// Sharing a phase re-splits the engine into partitions; doing it alone merges them into one.
// `alternate` switches every phase, so pending events and syncing PEs move between partitions
// many times in a run: the report must not notice.
BOOST_DATA_TEST_CASE(a_report_is_the_same_under_every_sharing_policy, bdata::xrange(4), index) {
  auto s = scenarios()[static_cast<std::size_t>(index)];
  weft::machine m(s.machine, physical());
  const auto reference = virtual_json(m, s.procs, s.prog, 1);
  for (auto policy : {weft::sharing_policy::always, weft::sharing_policy::never, weft::sharing_policy::alternate})
    for (int workers : {2, 4})
      BOOST_TEST(virtual_json(m, s.procs, s.prog, workers, policy) == reference,
                 "workers=" << workers << " sharing=" << weft::to_string(policy));
}

BOOST_AUTO_TEST_CASE(single_port_cut_through_runs_are_identical_too) {
  auto model = physical();
  model.ports = weft::port_model::single_port;
  model.mode = weft::switching::cut_through;
  model.mtu = 1024;
  weft::machine m("torus:4x4", model);
  auto prog = weft::programs::alltoall({5000, 1});
  const auto reference = virtual_json(m, 16, prog, 1);
  for (int workers : {2, 4}) BOOST_TEST(virtual_json(m, 16, prog, workers) == reference);
}
