// The worker placement plan is plain data computed from a description of the host.
#define BOOST_TEST_MODULE placement
#include <boost/test/unit_test.hpp>

#include "weft/placement.hpp"

namespace {
// 2 packages × 2 cores × 2 hardware threads, OS numbering as Linux often does it:
// PU os_index = core_global + 4 * thread.
weft::host_info two_sockets() {
  weft::host_info h;
  for (int pkg = 0; pkg < 2; ++pkg)
    for (int core = 0; core < 2; ++core)
      for (int t = 0; t < 2; ++t) h.pus.push_back({pkg * 2 + core + 4 * t, pkg * 2 + core, pkg});
  return h;
}
}  // namespace

BOOST_AUTO_TEST_CASE(compact_fills_a_core_then_a_package_before_the_next) {
  BOOST_TEST(weft::plan_workers(two_sockets(), weft::pin_policy::compact, 4) == (std::vector<int>{0, 4, 1, 5}));
}

BOOST_AUTO_TEST_CASE(scatter_gives_every_core_one_worker_alternating_packages_first) {
  BOOST_TEST(weft::plan_workers(two_sockets(), weft::pin_policy::scatter, 6) ==
             (std::vector<int>{0, 2, 1, 3, 4, 6}));
}

BOOST_AUTO_TEST_CASE(none_pins_nothing_and_more_workers_than_cpus_wrap_around) {
  BOOST_TEST(weft::plan_workers(two_sockets(), weft::pin_policy::none, 3) == (std::vector<int>{-1, -1, -1}));
  BOOST_TEST(weft::plan_workers(two_sockets(), weft::pin_policy::compact, 10).at(8) == 0);
}

BOOST_AUTO_TEST_CASE(an_unknown_policy_is_refused_with_the_allowed_ones) {
  BOOST_CHECK_EXCEPTION(weft::parse_pin_policy("spread"), std::invalid_argument, [](const auto& e) {
    return std::string(e.what()) == "pin policy 'spread' is not valid (compact, scatter, none)";
  });
}
