// The channel-dependency-graph check: acyclic means deadlock-free for that routing.
#include <boost/test/unit_test.hpp>

#include "test_support.hpp"
#include "weft/topo/cdg.hpp"

using namespace weft;

namespace {

topo::cdg_result check(const std::string& spec, const std::string& routing) {
  test::registries reg;
  auto t = reg.make(spec);
  auto r = reg.route(routing, *t);
  auto result = topo::check_channel_dependencies(*t, *r);
  BOOST_TEST_REQUIRE(result.checked);
  return result;
}

}  // namespace

BOOST_AUTO_TEST_SUITE(deadlock_check)

BOOST_AUTO_TEST_CASE(dimension_order_on_a_mesh_is_acyclic) {
  BOOST_TEST(check("mesh:4x4", "dimension-order").acyclic);
  BOOST_TEST(check("mesh:3x4x2", "dimension-order:2,0,1").acyclic);
  BOOST_TEST(check("hypercube:5", "e-cube").acyclic);
}

BOOST_AUTO_TEST_CASE(dimension_order_on_a_torus_without_vcs_has_a_ring_cycle) {
  auto result = check("torus:4x4", "dimension-order");
  BOOST_TEST(!result.acyclic);
  BOOST_TEST_REQUIRE(result.cycle.size() >= 3u);
  BOOST_TEST((result.cycle.front() == result.cycle.back()));
  BOOST_TEST(!check("ring:8", "dimension-order").acyclic);
}

BOOST_AUTO_TEST_CASE(booksims_dim_order_classes_on_a_torus_are_acyclic) {
  for (const char* spec : {"torus:4x4", "torus:5x3", "ring:8", "torus:8x8", "torus:4x4x4"})
    BOOST_TEST(check(spec, "booksim-dim-order").acyclic, spec);
}

BOOST_AUTO_TEST_CASE(dimension_order_with_dateline_vcs_on_a_torus_is_acyclic) {
  BOOST_TEST(check("torus:4x4", "dateline").acyclic);
  BOOST_TEST(check("torus:5x3", "dateline").acyclic);
  BOOST_TEST(check("ring:9", "dateline").acyclic);
  BOOST_TEST(check("kncube:4x2x3x3:tmtt", "dateline:XZYA").acyclic);
}

BOOST_AUTO_TEST_CASE(srt_dlf_and_adp_are_acyclic_and_plain_recursive_is_not) {
  for (const char* spec : {"srt1d:5,5", "srt1d:5,3", "srt1d:6,3", "srt2d:3,2,1", "srt2d:4,2,1"}) {
    BOOST_TEST(check(spec, "srt-dlf").acyclic, spec);
    BOOST_TEST(check(spec, "srt-adp").acyclic, spec);
    BOOST_TEST(check(spec, "srt-dlf:3").acyclic, spec);
    // Any class at an axis's entry, the leap's included (srt_routing_test): still no cycle.
    BOOST_TEST(check(spec, "srt-adp:3").acyclic, spec);
    BOOST_TEST(check(spec, "srt-adp:4").acyclic, spec);
  }
  BOOST_TEST(!check("srt1d:5,5", "srt-recursive").acyclic);
}

BOOST_AUTO_TEST_SUITE_END()
