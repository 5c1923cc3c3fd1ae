#define BOOST_TEST_MODULE topologies
#include <boost/test/unit_test.hpp>

#include "weft/topo/kary_ncube.hpp"
#include "weft/topology_registry.hpp"

BOOST_AUTO_TEST_CASE(a_4x4_torus_has_64_directed_links_and_dimension_order_reaches_everyone) {
  weft::topology_registry topologies;
  weft::register_builtin_topologies(topologies);
  weft::routing_registry routings;
  weft::register_builtin_routings(routings);
  auto t = topologies.make("torus:4x4");
  BOOST_TEST(t->node_count() == 16);
  BOOST_TEST(t->links().size() == 64u);
  auto r = routings.make(t->default_routing(), *t);
  for (weft::node_id a = 0; a < 16; ++a)
    for (weft::node_id b = 0; b < 16; ++b) {
      auto path = weft::route_path(*t, *r, a, b);
      auto ca = t->coordinates(a), cb = t->coordinates(b);
      int expect = 0;
      for (int d = 0; d < 2; ++d) {
        int diff = std::abs(ca[d] - cb[d]);
        expect += std::min(diff, 4 - diff);
      }
      BOOST_TEST(static_cast<int>(path.size()) == expect);
    }
}

BOOST_AUTO_TEST_CASE(tofu_is_a_6d_xyzabc_cube_with_mesh_a_and_c_routed_x_y_z_a_c_b) {
  weft::topology_registry topologies;
  weft::register_builtin_topologies(topologies);
  weft::routing_registry routings;
  weft::register_builtin_routings(routings);
  auto t = topologies.make("tofu");  // 4x2x8x2x3x2
  BOOST_TEST(t->node_count() == 768);
  auto& cube = dynamic_cast<const weft::topo::kary_ncube&>(*t);
  BOOST_TEST(cube.wraps() == (std::vector<bool>{true, true, true, false, true, false}));
  BOOST_TEST(t->default_routing() == "dimension-order:XYZACB");
  auto r = routings.make(t->default_routing(), *t);
  // From (0,0,0,0,0,0) to (1,0,0,1,1,1): X first, then A, then C, then B.
  auto dst = cube.node_at({1, 0, 0, 1, 1, 1});
  std::vector<int> axes;
  for (const auto& h : weft::route_path(*t, *r, 0, dst)) axes.push_back(t->link_at(h.link).dimension);
  BOOST_TEST(axes == (std::vector<int>{0, 3, 5, 4}), boost::test_tools::per_element());
}

BOOST_AUTO_TEST_CASE(mixed_wraparound_follows_the_t_and_m_letters_per_axis) {
  weft::topology_registry topologies;
  weft::register_builtin_topologies(topologies);
  auto t = topologies.make("kncube:4x3:tm");
  // axis 0 torus: 4 links per row of 4 both ways; axis 1 mesh: 2 per column of 3 both ways
  BOOST_TEST(t->links().size() == 2u * (3 * 4 + 4 * 2));
  BOOST_TEST(!t->vertex_transitive());
}
