// 65,536 PEs in one process: every PE a fiber, the token crossing all of them.
#define BOOST_TEST_MODULE scale
#include <boost/test/unit_test.hpp>

#include "weft/machine.hpp"
#include "weft/programs/builtin.hpp"

BOOST_AUTO_TEST_CASE(a_token_crosses_a_ring_of_65536_pes_in_exactly_p_hop_times) {
  weft::cost_model model;
  model.alpha = weft::vtime::ticks(100);
  model.tau = {2, 1};
  model.hop_latency = weft::vtime::ticks(7);
  model.o_send = weft::vtime::ticks(3);
  model.o_recv = weft::vtime::ticks(5);
  weft::machine m("ring:65536", model);
  weft::run_options opt;
  opt.workers = 2;
  auto r = m.run(65536, weft::programs::ring({16, 1}), opt);
  BOOST_TEST(r.status == weft::run_status::ok);
  BOOST_TEST(r.makespan.ps == 65536LL * (3 + 100 + 16 * 2 + 7 + 5));
  BOOST_TEST(r.received == 65536u);
  BOOST_TEST(r.host.peak_rss_bytes < (4LL << 30));
}
