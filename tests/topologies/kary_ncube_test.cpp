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
