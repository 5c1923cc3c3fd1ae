// Every routing, on small networks of every family: each route is loop-free and arrives.
#include <boost/test/unit_test.hpp>

#include "test_support.hpp"
#include "weft/topo/analysis.hpp"

using namespace weft;

BOOST_AUTO_TEST_SUITE(routes_reach)

BOOST_AUTO_TEST_CASE(every_route_on_the_small_networks_is_loop_free_and_arrives) {
  test::registries reg;
  const std::pair<const char*, const char*> cases[] = {
      {"ring:7", ""}, {"ring:8", "dateline"}, {"mesh:4x3", ""}, {"mesh:3x3x3", "dimension-order:2,1,0"},
      {"torus:4x4", ""}, {"torus:5x4", "dateline:1,0"}, {"kncube:4x2x3x2x3x2:tttmtm", "dimension-order:XYZACB"},
      {"tofu:2x2x2", ""}, {"hypercube:6", ""}, {"full:9", ""}, {"illiac:16", ""}, {"illiac:64", ""},
      {"pax:16", ""}, {"pax:64", "shortest-path"}, {"srt1d:5,5", ""}, {"srt2d:3,2,1", ""},
      {"tree:2,3", ""}, {"tree:3,2,2", ""}, {"fib:9", ""}, {"fib:12,2,1,3", ""}, {"fattree:3,3", ""},
      {"torus:4x4", "shortest-path"}, {"srt1d:5,2", "shortest-path"}};
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
