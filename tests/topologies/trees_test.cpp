// Trees with switches: seed 004's two-switch example and full-bisection fat trees.
#include <boost/test/unit_test.hpp>

#include "test_support.hpp"
#include "weft/topo/analysis.hpp"

using namespace weft;

BOOST_AUTO_TEST_SUITE(trees)

BOOST_AUTO_TEST_CASE(tree_2_3_is_seed_004s_six_nodes_under_switches_a_b_and_c) {
  test::registries reg;
  auto t = reg.make("tree:2,3");
  BOOST_TEST(t->node_count() == 9);
  BOOST_TEST(t->compute_nodes() == 6);
  // compute 0..2 under A = 6, 3..5 under B = 7, C = 8 on top
  auto r = reg.route("", *t);
  BOOST_TEST(test::route_nodes(*t, *r, 0, 2) == (std::vector<node_id>{0, 6, 2}), boost::test_tools::per_element());
  BOOST_TEST(test::route_nodes(*t, *r, 1, 4) == (std::vector<node_id>{1, 6, 8, 7, 4}), boost::test_tools::per_element());
  // Tasks 1,2,3 | 4,5,6 placed apart: the A-C link carries all 9 messages from A's side.
  auto a = topo::analyse(*t, *r);
  BOOST_TEST(a.bisection_upper == 1);
  BOOST_TEST(a.max_load == 9.0);
}

BOOST_AUTO_TEST_CASE(fat_trees_of_16_nodes_have_full_bisection_and_minimal_routes) {
  test::registries reg;
  for (const char* spec : {"fattree:4,2", "fattree:2,4"}) {
    auto t = reg.make(spec);
    BOOST_TEST(t->compute_nodes() == 16);
    auto r = reg.route("", *t);
    auto a = topo::analyse(*t, *r);
    BOOST_TEST(a.bisection_upper == 8, spec);  // 16/2 links each way: full bisection
    BOOST_TEST(a.average_route_length == a.average_distance, spec);
    BOOST_TEST(a.deadlock.acyclic, spec);
    for (node_id s = 0; s < 16; ++s)
      for (node_id d = 0; d < 16; ++d)
        if (s != d) BOOST_TEST(test::loop_free_and_arrives(*t, *r, s, d));
  }
  // Exact for the 24-node 4-ary 2-tree.
  auto small = reg.make("fattree:4,2");
  BOOST_TEST(topo::exact_bisection(*small) == 8);
}

// Found by tests/fuzz/topology_spec_fuzz (fib:18,7,1,34442 took 24 s): every tree link went
// through the duplicate scan of the parent's links, quadratic in the fan-out, so tree:1000000
// (within the 2^24-node limit) would have taken hours. Tree links are distinct by construction.
BOOST_AUTO_TEST_CASE(a_switch_with_a_million_children_builds_with_one_link_each_way_per_child) {
  test::registries reg;
  auto t = reg.make("tree:1000000");
  BOOST_TEST(t->node_count() == 1000001);
  BOOST_TEST(t->links().size() == 2000000u);
  BOOST_TEST(t->out_links(1000000).size() == 1000000u);  // the switch is numbered after its leaves
  BOOST_TEST(t->find_link(999999, 1000000).has_value());
}

BOOST_AUTO_TEST_SUITE_END()
