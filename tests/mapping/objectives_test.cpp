// The placement objectives on small machines, every value computed by hand in the comments.
// B stands for the bytes of one message.
#include <boost/test/unit_test.hpp>

#include <string>
#include <vector>

#include "weft/mapping/nas_cg.hpp"
#include "weft/mapping/objectives.hpp"
#include "weft/topology_registry.hpp"
#include "weft/units.hpp"
#include "sets_of.hpp"
#include "weft_test/refusal.hpp"

namespace {

using namespace weft::mapping;
constexpr std::int64_t B = 1 << 20;

using test::sets_of;

// Seed 004 §3 (Fig. 1): tasks 1..6 (here 0..5), in four steps, each pair exchanging both ways:
// 1-2; 4-5; 1-3 and 4-6; 1-6, 2-4 and 3-5.
ccs_result paper_tree_example() {
  auto both = [](std::initializer_list<std::pair<int, int>> pairs) {
    std::vector<message> m;
    for (auto [a, b] : pairs) {
      m.push_back({a, b, B});
      m.push_back({b, a, B});
    }
    return m;
  };
  return sets_of(6, {both({{0, 1}}), both({{3, 4}}), both({{0, 2}, {3, 5}}), both({{0, 5}, {1, 3}, {2, 4}})});
}

}  // namespace

BOOST_AUTO_TEST_SUITE(objectives)

BOOST_AUTO_TEST_CASE(a_ring_of_four_shifted_by_one_then_with_two_tasks_swapped) {
  // ring:4, one set {0->1, 1->2, 2->3, 3->0}. Identity: 1 hop each, each + link carries one
  // message: hop-bytes = TAHB = 4B, max link B, RMATT-O2F = 4B^2, coll 1, TAC3 = B.
  auto machine = machine_routes::from_spec("ring:4");
  auto sets = sets_of(4, {{{0, 1, B}, {1, 2, B}, {2, 3, B}, {3, 0, B}}});
  objective_evaluator eval(sets, machine);
  auto v = eval.evaluate(identity_placement(4));
  BOOST_TEST(v.hop_bytes == 4 * B);
  BOOST_TEST(v.tahb == 4 * B);
  BOOST_TEST(v.max_link_bytes == B);
  BOOST_TEST(v.rmatt_o2f == 4.0 * B * B);
  BOOST_TEST(v.tac3_bytes == B);
  // π = [0, 2, 1, 3]: 0->1 is node 0->2 (2 hops, 0->1->2: ties go +), 1->2 is 2->1 (1),
  // 2->3 is 1->3 (2 hops, 1->2->3), 3->0 is 3->0 (1). hop-bytes 6B; link 1->2 carries two
  // messages: max link 2B, RMATT-O2F = 6B * 2B = 12B^2, coll 2 for both long messages, TAC3 = 2B.
  v = eval.evaluate({0, 2, 1, 3});
  BOOST_TEST(v.hop_bytes == 6 * B);
  BOOST_TEST(v.tahb == 6 * B);
  BOOST_TEST(v.max_link_bytes == 2 * B);
  BOOST_TEST(v.rmatt_o2f == 12.0 * B * B);
  BOOST_TEST(v.tac3_bytes == 2 * B);
  BOOST_TEST(v.coll_per_ccs == std::vector<int>{2});
}

BOOST_AUTO_TEST_CASE(on_a_2x2_mesh_equal_hop_bytes_can_hide_a_collision) {
  // mesh:2x2 (node = x + 2y), X then Y. One set {0->3, 1->3}, a two-into-one step.
  // Identity: 0->3 = 0->1->3, 1->3 = 1->3: both cross link 1->3, coll 2. hop-bytes 3B,
  // max link 2B, RMATT-O2F 6B^2, TAC3 = 2B.
  // π = [0, 2, 1, 3] (tasks 1 and 2 swapped): 1->3 becomes node 2->3, link 2->3 alone: the same
  // 3B of hop-bytes, max link B, RMATT-O2F 3B^2, TAC3 = B.
  auto machine = machine_routes::from_spec("mesh:2x2");
  auto sets = sets_of(4, {{{0, 3, B}, {1, 3, B}}});
  objective_evaluator eval(sets, machine);
  auto a = eval.evaluate(identity_placement(4));
  auto b = eval.evaluate({0, 2, 1, 3});
  BOOST_TEST(a.hop_bytes == 3 * B);
  BOOST_TEST(b.hop_bytes == 3 * B);
  BOOST_TEST(a.max_link_bytes == 2 * B);
  BOOST_TEST(b.max_link_bytes == B);
  BOOST_TEST(a.rmatt_o2f == 6.0 * B * B);
  BOOST_TEST(b.rmatt_o2f == 3.0 * B * B);
  BOOST_TEST(a.tac3_bytes == 2 * B);
  BOOST_TEST(b.tac3_bytes == B);
}

BOOST_AUTO_TEST_CASE(the_nas_cg_kernel_on_a_4x2_torus) {
  // NAS CG on a 2x4 task grid (2 rows of 4), tasks on torus:4x2 in order (task = node = x + 4y).
  // Set 0 (XOR 2 in a row): 0->2 = 0->1->2, 1->3 = 1->2->3, 2->0 = 2->3->0, 3->1 = 3->0->1 (ties
  //   go +): every + link of the row carries 2; 8 messages x 2 hops; term 2B.
  // Set 1 (XOR 1): 0<->1, 2<->3 one hop, distinct directed links; 8 x 1 hop; term B.
  // Set 2 (transpose, NPB exch_proc): 2<->4, 3<->5, tasks 0 1 6 7 to themselves (0 hops).
  //   2->4 = 2->3->0 then 0->4; 3->5 = 3->0->1 then 1->5: both on 3->0. 4->2 = 4->5->6->2 and
  //   5->3 = 5->6->7->3 share 5->6. 4 x 3 hops; term 2B.
  // hop-bytes = TAHB = 16B + 8B + 12B = 36B; TAC3 = 2B + B + 2B = 5B.
  // Busiest link, e.g. 3->0: 2B (set 0) + 2B (set 2) = 4B; RMATT-O2F = 36B * 4B = 144B^2.
  auto machine = machine_routes::from_spec("torus:4x2");
  auto sets = extract_ccs(nas_cg_log(2, 4, B));
  BOOST_TEST_REQUIRE(sets.sets.size() == 3u);
  objective_evaluator eval(sets, machine);
  auto v = eval.evaluate(identity_placement(8));
  BOOST_TEST(v.hop_bytes == 36 * B);
  BOOST_TEST(v.tahb == 36 * B);
  BOOST_TEST(v.max_link_bytes == 4 * B);
  BOOST_TEST(v.rmatt_o2f == 144.0 * B * B);
  BOOST_TEST(v.tac3_bytes == 5 * B);
  BOOST_TEST((v.tac3_per_ccs == std::vector<std::int64_t>{2 * B, B, 2 * B}));
  // At 5 GB/s (200 ps per byte, the FX10's links): 5 MiB * 200 ps = 1.048576 ms.
  BOOST_TEST(v.tac3(weft::parse_bandwidth("5GB/s", "B")).ps == 5 * B * 200);
}

BOOST_AUTO_TEST_CASE(the_papers_two_switch_example_ties_on_tahb_and_rmatt_o2f_but_not_on_tac3) {
  // tree:2,3: compute nodes 0..5, switch A holds 0 1 2, switch B holds 3 4 5, C joins A and B.
  // Leaves on one switch are 2 hops apart, on different switches 4.
  // Placement 1 (tasks 1,2,3 on A; 4,5,6 on B) = identity. Placement 2 (1,3,5 on A; 2,4,6 on B):
  // task 0->node 0, 2->1, 4->2, 1->3, 3->4, 5->5.
  // hop-bytes, both directions: placement 1: 4B + 4B + 8B + 24B = 40B;
  //   placement 2: 8B + 8B + 8B + (8B + 4B + 4B) = 40B — the paper's "TAHB sees the same cost".
  // Busiest link: 3B on both (placement 1: A->C in step 4; placement 2: A->C in steps 1, 2, 4,
  //   and leaf 0's up link in steps 1, 3, 4): RMATT-O2F = 120B^2 on both.
  // TAC3: placement 1 puts three messages on A->C (and three on B->C) in step 4: B + B + B + 3B
  //   = 6B; placement 2 never shares a link within a step: 4B.
  auto machine = machine_routes::from_spec("tree:2,3");
  auto sets = paper_tree_example();
  objective_evaluator eval(sets, machine);
  auto one = eval.evaluate(identity_placement(6));
  auto two = eval.evaluate({0, 3, 1, 4, 2, 5});
  BOOST_TEST(one.tahb == 40 * B);
  BOOST_TEST(two.tahb == 40 * B);
  BOOST_TEST(one.hop_bytes == one.tahb);
  BOOST_TEST(one.max_link_bytes == 3 * B);
  BOOST_TEST(two.max_link_bytes == 3 * B);
  BOOST_TEST(one.rmatt_o2f == two.rmatt_o2f);
  BOOST_TEST(one.tac3_bytes == 6 * B);
  BOOST_TEST(two.tac3_bytes == 4 * B);
  BOOST_TEST((one.coll_per_ccs == std::vector<int>{1, 1, 1, 3}));
}

BOOST_AUTO_TEST_CASE(tofu_routes_follow_x_y_z_a_c_b) {
  // tofu:1x1x1 = the 12 nodes of one ABC unit (2x3x2). From (0,0,0,0,0,0) to (0,0,0,1,1,1): one
  // hop along A (axis 3), then C (axis 5), then B (axis 4).
  weft::topology_registry topologies;
  weft::register_builtin_topologies(topologies);
  auto topo = topologies.make("tofu:1x1x1");
  auto machine = machine_routes::from_spec("tofu:1x1x1");
  weft::node_id far = -1;
  for (weft::node_id n = 0; n < topo->node_count(); ++n)
    if (topo->coordinates(n) == std::vector<int>{0, 0, 0, 1, 1, 1}) far = n;
  BOOST_TEST_REQUIRE(far >= 0);
  std::vector<int> axes;
  for (auto l : machine.route(0, far)) axes.push_back(topo->link_at(l).dimension);
  BOOST_TEST((axes == std::vector<int>{3, 5, 4}));
}

BOOST_AUTO_TEST_CASE(placements_that_are_not_one_to_one_are_refused) {
  auto machine = machine_routes::from_spec("ring:4");
  BOOST_TEST(weft_test::refusal([&] { check_placement({0, 1, 1}, 3, machine); }) == "placement puts tasks 1 and 2 on node 1");
  BOOST_TEST(weft_test::refusal([&] { check_placement({0, 4}, 2, machine); }) ==
             "placement puts task 1 on node 4, outside the compute nodes 0..3");
  BOOST_TEST(weft_test::refusal([&] { check_placement({0, 1, 2, 3, 0}, 5, machine); }) ==
             "5 tasks do not fit machine ring:4 (routing dimension-order) with 4 compute nodes");
  BOOST_TEST(weft_test::refusal([] { machine_routes::from_spec("torus:4x4", "minimal-adaptive"); }).find("is adaptive") != std::string::npos);
}

BOOST_AUTO_TEST_CASE(objectives_that_could_pass_2_to_the_63_are_refused_naming_the_largest_message) {
  // 2^62 bytes from task 0 to task 2 on ring:4: 2 hops would make hop-bytes 2^63, negative once
  // wrapped. The bound is for any placement (ring:4's longest route is 2 hops).
  const auto ring = machine_routes::from_spec("ring:4");
  BOOST_TEST(ring.diameter() == 2);
  auto sets = sets_of(4, {{{0, 2, std::int64_t{1} << 62, 7}}});
  sets.source = "big.jsonl";
  const std::string refused = "big.jsonl:7: a message of 4611686018427387904 B (PE 0 to PE 2), the log's largest: with the "
                              "log's other messages, hop-bytes on ring:4 (routing dimension-order) could pass 2^63 - 1";
  BOOST_TEST(weft_test::refusal([&] { objective_evaluator e(sets, ring); }) == refused);
  BOOST_TEST(weft_test::refusal([&] { check_objective_range(sets, ring); }) == refused);
  // 2^60 bytes twice in one set: the bound (2^61 x 2 hops, 2^61 for TAC3) fits, and the values are exact.
  auto fits = sets_of(4, {{{0, 1, std::int64_t{1} << 60}, {1, 2, std::int64_t{1} << 60}}});
  objective_evaluator e(fits, ring);
  const auto v = e.evaluate(identity_placement(4));
  BOOST_TEST(v.hop_bytes == std::int64_t{1} << 61);  // two 1-hop messages of 2^60
  BOOST_TEST(v.tac3_bytes == std::int64_t{1} << 60);  // no link shared
}

BOOST_AUTO_TEST_CASE(a_tac3_time_past_the_virtual_clock_is_refused_not_wrapped) {
  objective_values v;
  v.tac3_bytes = 2 * (std::int64_t{1} << 61);
  v.tac3_per_ccs = {std::int64_t{1} << 61, std::int64_t{1} << 61};  // 2^61 B at 200 ps/B: each past 2^63 ps
  BOOST_TEST(weft_test::refusal([&] { v.tac3(weft::parse_bandwidth("5GB/s", "B")); }) ==
             "TAC3 of 4611686018427387904 bytes x collisions passes the virtual clock (" + weft::latest_time_text() +
                 ") at this bandwidth: give a faster --bandwidth");
  v.tac3_per_ccs = {1000, 1000};
  BOOST_TEST(v.tac3(weft::parse_bandwidth("5GB/s", "B")).ps == 400000);
}

BOOST_AUTO_TEST_SUITE_END()
