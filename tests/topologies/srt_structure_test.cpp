// Seed 002: the SRT graphs. Fig. 1 (1D-SRT(5,5), 32 nodes) is an image the OCR lost; the levels
// and links below follow Definition 1 and are what the figure shows: odd nodes ±2, 2 mod 4 ±4,
// 4 mod 8 ±8, 8 <-> 24, nodes 0 and 16 on the ring only.
#include <boost/test/unit_test.hpp>

#include <set>

#include "test_support.hpp"
#include "weft/topo/srt1d.hpp"

using namespace weft;

namespace {

/// Undirected bypass edges {a, b} (a < b) of a 1D-SRT, i.e. the links that are not ring links.
std::set<std::pair<int, int>> bypass_edges(const topology& t) {
  std::set<std::pair<int, int>> edges;
  int n = t.node_count();
  for (const auto& l : t.links()) {
    int gap = (l.to - l.from + n) % n;
    if (gap == 1 || gap == n - 1) continue;
    edges.insert({std::min(l.from, l.to), std::max(l.from, l.to)});
  }
  return edges;
}

}  // namespace

BOOST_AUTO_TEST_SUITE(srt_structure)

BOOST_AUTO_TEST_CASE(basic_1d_srt_of_32_nodes_has_the_levels_and_links_of_fig_1) {
  test::registries reg;
  auto t = reg.make("srt1d:5,5");
  const auto& srt = dynamic_cast<const topo::srt1d&>(*t);
  for (node_id x = 0; x < 32; ++x) {
    int expect = x == 0 ? 0 : x % 2 ? 1 : x % 4 == 2 ? 2 : x % 8 == 4 ? 3 : x % 16 == 8 ? 4 : 5;
    BOOST_TEST(srt.level(x) == expect, "node " << x);
  }
  std::set<std::pair<int, int>> expect;
  for (int x = 1; x < 32; x += 2) expect.insert({std::min(x, (x + 2) % 32), std::max(x, (x + 2) % 32)});
  for (int x = 2; x < 32; x += 4) expect.insert({std::min(x, (x + 4) % 32), std::max(x, (x + 4) % 32)});
  for (int x = 4; x < 32; x += 8) expect.insert({std::min(x, (x + 8) % 32), std::max(x, (x + 8) % 32)});
  expect.insert({8, 24});
  BOOST_TEST(bypass_edges(*t) == expect);
  BOOST_TEST(t->links().size() == 2u * (32 + 16 + 8 + 4 + 1));
  BOOST_TEST(t->out_links(0).size() == 2u);
  BOOST_TEST(t->out_links(16).size() == 2u);
}

BOOST_AUTO_TEST_CASE(longspan_adds_0_to_n_half_and_shortspan_swaps_the_quarter_links) {
  test::registries reg;
  auto basic = bypass_edges(*reg.make("srt1d:5,5"));
  auto longspan = bypass_edges(*reg.make("srt1d:5,3"));
  auto shortspan = bypass_edges(*reg.make("srt1d:5,2"));
  auto added = basic;
  added.insert({0, 16});
  BOOST_TEST(longspan == added);
  auto swapped = basic;
  swapped.erase({8, 24});
  for (auto e : {std::pair{0, 8}, {8, 16}, {16, 24}, {0, 24}}) swapped.insert(e);
  BOOST_TEST(shortspan == swapped);
}

BOOST_AUTO_TEST_CASE(every_2d_srt_5_2_1_node_has_degree_at_most_8_while_a_1024_node_hypercube_has_10) {
  test::registries reg;
  auto srt = reg.make("srt2d:5,2,1");
  BOOST_TEST(srt->node_count() == 1024);
  std::size_t most = 0;
  for (node_id v = 0; v < 1024; ++v) most = std::max(most, srt->out_links(v).size());
  BOOST_TEST(most == 8u);
  auto cube = reg.make("hypercube:10");
  BOOST_TEST(cube->node_count() == 1024);
  for (node_id v = 0; v < 1024; ++v) BOOST_TEST(cube->out_links(v).size() == 10u);
}

BOOST_AUTO_TEST_CASE(srt_links_are_symmetric_so_every_bypass_has_its_way_back) {
  test::registries reg;
  for (const char* spec : {"srt1d:6,6", "srt1d:6,3", "srt2d:4,2,1", "srt2d:4,4,3", "srt2d:3,1,0"}) {
    auto t = reg.make(spec);
    for (const auto& l : t->links()) BOOST_TEST(t->find_link(l.to, l.from).has_value(), spec);
  }
}

BOOST_AUTO_TEST_SUITE_END()
