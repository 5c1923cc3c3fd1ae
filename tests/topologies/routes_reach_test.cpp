// Every routing, on small networks of every family: each route is loop-free and arrives.
#include <boost/test/unit_test.hpp>

#include "test_support.hpp"
#include "weft/topo/analysis.hpp"

using namespace weft;

BOOST_AUTO_TEST_SUITE(routes_reach)

// Every family in the registry, through its small examples (a family without any fails here),
// under every routing that accepts it: every pair of compute nodes arrives, loop-free, within
// the topology's hop bound.
BOOST_AUTO_TEST_CASE(every_route_of_every_family_and_routing_arrives_within_the_hop_bound) {
  test::registries reg;
  std::vector<std::string> specs;
  for (const auto& family : reg.topologies.entries()) {
    if (family.name == "file") continue;  // edge lists: edge_list_test
    BOOST_TEST(!family.examples.empty(), "family " << family.name << " lists no small examples");
    specs.insert(specs.end(), family.examples.begin(), family.examples.end());
  }
  int routed = 0;
  for (const auto& spec : specs) {
    auto t = reg.make(spec);
    for (const auto& entry : reg.routings.entries()) {
      std::unique_ptr<routing> r;
      try {
        r = reg.routings.make(entry.name, *t);
      } catch (const std::invalid_argument&) {
        continue;  // not applicable to this family
      }
      ++routed;
      for (node_id s = 0; s < t->compute_nodes(); ++s)
        for (node_id d = 0; d < t->compute_nodes(); ++d) {
          if (!test::loop_free_and_arrives(*t, *r, s, d)) BOOST_FAIL(spec << " " << r->name() << " " << s << "->" << d);
          BOOST_TEST(route_path(*t, *r, s, d).size() <= static_cast<std::size_t>(route_hop_limit(*t)));
        }
    }
  }
  BOOST_TEST(routed > 2 * static_cast<int>(specs.size()));  // most families take several routings
}

BOOST_AUTO_TEST_CASE(dimension_orders_other_than_the_default_arrive_too) {
  test::registries reg;
  const std::pair<const char*, const char*> cases[] = {
      {"mesh:3x3x3", "dimension-order:2,1,0"}, {"torus:5x4", "dateline:1,0"},
      {"kncube:4x2x3x2x3x2:tttmtm", "dimension-order:XYZACB"}, {"srt1d:5,5", "srt-dlf:3"}};
  for (auto [spec, routing] : cases) {
    auto t = reg.make(spec);
    auto r = reg.route(routing, *t);
    for (node_id s = 0; s < t->compute_nodes(); ++s)
      for (node_id d = 0; d < t->compute_nodes(); ++d)
        if (!test::loop_free_and_arrives(*t, *r, s, d)) BOOST_FAIL(spec << " " << r->name() << " " << s << "->" << d);
  }
}

BOOST_AUTO_TEST_CASE(minimal_routings_take_shortest_paths) {
  test::registries reg;
  for (const char* spec : {"torus:5x4", "mesh:4x3x2", "hypercube:5", "illiac:64", "tofu:2x2x2", "fattree:2,3", "tree:3,2,2"}) {
    auto t = reg.make(spec);
    auto r = reg.route("", *t);
    for (node_id s = 0; s < t->compute_nodes(); ++s) {
      auto dist = topo::bfs_distances(*t, s);
      for (node_id d = 0; d < t->compute_nodes(); ++d)
        BOOST_TEST(static_cast<int>(route_path(*t, *r, s, d).size()) == dist[d], spec << " " << s << "->" << d);
    }
  }
}

BOOST_AUTO_TEST_SUITE_END()
