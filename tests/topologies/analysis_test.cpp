// `weft topo` figures: exact values on small networks, and the symmetry shortcut used for
// 65,536-node tori agreeing with full enumeration.
#include <boost/test/unit_test.hpp>


#include "test_support.hpp"
#include "weft/topo/analysis.hpp"

using namespace weft;

BOOST_AUTO_TEST_SUITE(analysis)

BOOST_AUTO_TEST_CASE(a_4x4_torus_has_the_textbook_figures) {
  test::registries reg;
  auto t = reg.make("torus:4x4");
  auto a = topo::analyse(*t, *reg.route("", *t));
  BOOST_TEST(a.nodes == 16);
  BOOST_TEST(a.links == 64);
  BOOST_TEST(a.min_degree == 4);
  BOOST_TEST(a.max_degree == 4);
  BOOST_TEST(a.diameter == 4);
  BOOST_TEST(a.average_distance * 15 == 32.0, boost::test_tools::tolerance(1e-9));
  BOOST_TEST(a.bisection_lower == 8);
  BOOST_TEST(a.bisection_upper == 8);
  BOOST_TEST(a.mean_load == 240.0 * 32 / 15 / 64, boost::test_tools::tolerance(1e-9));  // pairs * hops / links
  BOOST_TEST(!a.deadlock.acyclic);
}

BOOST_AUTO_TEST_CASE(a_4x4_mesh_bisection_is_4_and_its_middle_links_carry_the_most) {
  test::registries reg;
  auto t = reg.make("mesh:4x4");
  auto a = topo::analyse(*t, *reg.route("", *t));
  BOOST_TEST(a.bisection_upper == 4);
  BOOST_TEST(a.diameter == 6);
  BOOST_TEST(a.max_load == 16.0);  // a middle x link: 2 columns x 2 columns x 4 rows... per direction
  BOOST_TEST(a.deadlock.acyclic);
}

BOOST_AUTO_TEST_CASE(translation_symmetry_gives_the_same_loads_as_routing_every_pair) {
  test::registries reg;
  for (const char* spec : {"torus:6x4", "torus:5x3x2", "hypercube:6", "tofu:2x2x2"}) {
    auto t = reg.make(spec);
    auto r = reg.route("", *t);
    auto exact = topo::analyse(*t, *r);
    topo::analysis_options small;
    small.exact_pairs = 10;  // force the shortcut
    small.check_deadlock = false;
    auto shortcut = topo::analyse(*t, *r, small);
    BOOST_TEST(shortcut.load_method.find("symmetry") != std::string::npos, spec);
    BOOST_TEST(shortcut.link_loads == exact.link_loads, boost::test_tools::per_element());
    BOOST_TEST(shortcut.average_route_length == exact.average_route_length, boost::test_tools::tolerance(1e-9));
  }
}

BOOST_AUTO_TEST_SUITE_END()
