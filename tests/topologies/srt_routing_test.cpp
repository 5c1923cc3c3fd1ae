// Seed 002: recursive SRT routing (FindMedLevel, both ends) and its deadlock-free variants.
#include <boost/test/unit_test.hpp>

#include "test_support.hpp"
#include "weft/topo/analysis.hpp"
#include "weft/topo/srt_network.hpp"

using namespace weft;

BOOST_AUTO_TEST_SUITE(srt_routing)

BOOST_AUTO_TEST_CASE(find_med_level_follows_fig_2) {
  // sp <= 2 -> 0; sp = 15: l = 4, rounded up to 5 (16-15 <= 15-8), c = 2 -> 3.
  BOOST_TEST(topo::srt_find_med_level(2) == 0);
  BOOST_TEST(topo::srt_find_med_level(3) == 1);
  BOOST_TEST(topo::srt_find_med_level(4) == 1);
  BOOST_TEST(topo::srt_find_med_level(6) == 2);
  BOOST_TEST(topo::srt_find_med_level(15) == 3);
  BOOST_TEST(topo::srt_find_med_level(16) == 3);
  BOOST_TEST(topo::srt_find_med_level(128) == 5);  // l = 8, c = 3
}

BOOST_AUTO_TEST_CASE(recursive_routing_reproduces_the_0_to_15_example_on_32_nodes) {
  // Level 3 for 15 hops: first level-3 node 4, last one before 15 is 12; 0 -> 4 uses level 1
  // (1 -> 3) and 12 -> 15 uses level 1 (13 -> 15).
  test::registries reg;
  auto t = reg.make("srt1d:5,5");
  for (const char* r : {"srt-recursive", "srt-dlf", "srt-adp"}) {
    auto routing = reg.route(r, *t);
    BOOST_TEST(test::route_nodes(*t, *routing, 0, 15) == (std::vector<node_id>{0, 1, 3, 4, 12, 13, 15}),
               boost::test_tools::per_element());
  }
  // And mirrored: 15 -> 0 goes the same way back through level-3 link 12 -> 4.
  auto back = test::route_nodes(*t, *reg.route("srt-recursive", *t), 15, 0);
  BOOST_TEST(back.size() == 7u);
}

BOOST_AUTO_TEST_CASE(srt_routes_are_loop_free_monotonic_and_arrive_for_every_pair) {
  test::registries reg;
  for (const char* spec : {"srt1d:5,5", "srt1d:5,3", "srt1d:5,2", "srt1d:7,4", "srt2d:3,2,1", "srt2d:4,4,0", "srt2d:4,2,3"}) {
    auto t = reg.make(spec);
    for (const char* r : {"srt-recursive", "srt-dlf", "srt-adp"}) {
      auto routing = reg.route(r, *t);
      for (node_id s = 0; s < t->node_count(); ++s)
        for (node_id d = 0; d < t->node_count(); ++d)
          if (s != d && !test::loop_free_and_arrives(*t, *routing, s, d)) BOOST_FAIL(spec << " " << r << " " << s << "->" << d);
    }
  }
}

BOOST_AUTO_TEST_CASE(recursive_routes_are_near_shortest_on_1d_srt_5_5) {
  // "Not optimal but good enough in practice": at most 4 hops over the distance (7 -> 24 takes 6 hops where 7 -> 8 -> 24 takes 2), and on
  // average within 20% of it (3.585 hops against 3.036).
  test::registries reg;
  auto t = reg.make("srt1d:5,5");
  auto routing = reg.route("srt-recursive", *t);
  double hops = 0, distance = 0;
  for (node_id s = 0; s < 32; ++s) {
    auto dist = topo::bfs_distances(*t, s);
    for (node_id d = 0; d < 32; ++d) {
      auto length = route_path(*t, *routing, s, d).size();
      BOOST_TEST(length <= static_cast<std::size_t>(dist[d] + 4));
      hops += static_cast<double>(length);
      distance += dist[d];
    }
  }
  BOOST_TEST(hops < 1.2 * distance);
}

BOOST_AUTO_TEST_CASE(dlf_moves_up_one_vc_class_when_it_crosses_the_wrap) {
  test::registries reg;
  auto t = reg.make("srt1d:5,5");
  auto routing = reg.route("srt-dlf", *t);
  auto path = route_path(*t, *routing, 28, 6);  // + direction through 31 -> 0
  bool crossed = false;
  for (const auto& h : path) {
    const auto& l = t->link_at(h.link);
    crossed = crossed || l.to < l.from;
    BOOST_TEST(h.vc == (crossed ? 1 : 0));
  }
  BOOST_TEST(crossed);
}

BOOST_AUTO_TEST_CASE(adp_offers_the_leap_only_where_the_leapable_condition_holds) {
  test::registries reg;
  auto t = reg.make("srt1d:5,5");
  auto routing = reg.route("srt-adp", *t);
  std::vector<hop> out;
  // Node 4 (level 3) toward 9: 4 < (31)/2 - 8/2 = 11.5 and |9-4| = 5 > 4, so the leap 4 -> 12 is
  // offered after the recursive hop.
  routing->next_hops(4, 9, route_state{3, 0, 1, 0}, out);
  BOOST_TEST_REQUIRE(out.size() >= 2u);
  BOOST_TEST(t->link_at(out.back().link).to == 12);
  // Node 20 (level 3) toward 25: 20 > 11.5, not leapable going up.
  out.clear();
  routing->next_hops(20, 25, route_state{19, 0, 1, 0}, out);
  for (const auto& h : out) BOOST_TEST(t->link_at(h.link).to != 28);
}

namespace {

/// next_hops as "node the link leads to/VC class" pairs, in the routing's order ("5/0 12/0").
std::string offered(const topology& t, const routing& r, node_id at, node_id dst, route_state state) {
  std::vector<hop> out;
  r.next_hops(at, dst, state, out);
  std::string text;
  for (const auto& h : out) text += (text.empty() ? "" : " ") + std::to_string(t.link_at(h.link).to) + "/" + std::to_string(h.vc);
  return text;
}

}  // namespace

BOOST_AUTO_TEST_CASE(adp_leaps_on_any_class_at_injection_and_on_its_own_class_elsewhere) {
  // srt1d:5,5, 4 classes. Node 4 (level 3, bypass to 12) toward 9: Leapable going up (2 x 4 < 31 - 8) and
  // 9 - 4 = 5 > 8 / 2. The recursive hop is the ring link 4 -> 5 (FindMedLevel(5) = 1: 4, 5, 7, 9).
  test::registries reg;
  auto t = reg.make("srt1d:5,5");
  auto adp = reg.route("srt-adp:4", *t);
  // At its source the packet may take any class, the leap as well (nothing on 4 -> 9 or 4 -> 12 -> 9
  // wraps). Before, the leap was offered on class 0 alone.
  BOOST_TEST(offered(*t, *adp, 4, 9, route_state{4, 0, 0, 0}) == "5/0 5/1 5/2 5/3 12/0 12/1 12/2 12/3");
  // Past its source the class is the one the packet came on, for the leap too: class 2 stays 2.
  BOOST_TEST(offered(*t, *adp, 4, 9, route_state{3, 2, 1, 0}) == "5/2 12/2");
  BOOST_TEST(offered(*t, *adp, 4, 9, route_state{3, 0, 1, 0}) == "5/0 12/0");
  // A source whose axis wraps (28 -> 6 going up, through 31 -> 0) cannot start on the top class: the
  // recursive hop is offered on classes 0..2 only, and 28 is not Leapable going up (2 x 28 > 31 - 8).
  BOOST_TEST(offered(*t, *adp, 28, 6, route_state{28, 0, 0, 0}) == "29/0 29/1 29/2");
  // DLF offers one candidate, class 0 at the source, whatever the classes.
  auto dlf = reg.route("srt-dlf:4", *t);
  BOOST_TEST(offered(*t, *dlf, 4, 9, route_state{4, 0, 0, 0}) == "5/0");
  // With 2 classes (srt-adp) the same source offers classes 0 and 1 on both links.
  auto adp2 = reg.route("srt-adp", *t);
  BOOST_TEST(offered(*t, *adp2, 4, 9, route_state{4, 0, 0, 0}) == "5/0 5/1 12/0 12/1");
}

BOOST_AUTO_TEST_CASE(adp_on_2d_srt_enters_the_y_axis_on_any_class_the_leap_included) {
  // srt2d:4,2,1, node (x, y) = y * 16 + x. From (0, 0) to (4, 5): x first, then y from the turn
  // node (4, 0), whose level on its y ring is 3 (sx * y + x = 4: a multiple of 2^T = 4), span 8.
  // Leapable going up (2 x 0 < 15 - 8) and 5 > 8 / 2: the leap (4, 0) -> (4, 8) = 132, beside the
  // recursive hop (4, 0) -> (4, 1) = 20. The packet arrived on x-class 1; y starts afresh.
  test::registries reg;
  auto t = reg.make("srt2d:4,2,1");
  BOOST_TEST(offered(*t, *reg.route("srt-adp", *t), 4, 84, route_state{0, 1, 4, 0}) == "20/0 20/1 132/0 132/1");
  BOOST_TEST(offered(*t, *reg.route("srt-dlf", *t), 4, 84, route_state{0, 1, 4, 0}) == "20/0");
  // One hop further up, (4, 1) = 20 is past the entry: the class it came on (1) is kept. Its level
  // is 1 (1 + 4 = 5 is odd) and the recursive route 1 -> 3 -> 5 takes that very bypass, so it is
  // the one candidate.
  BOOST_TEST(offered(*t, *reg.route("srt-adp", *t), 20, 84, route_state{0, 1, 5, 0}) == "52/1");
}

BOOST_AUTO_TEST_SUITE_END()
