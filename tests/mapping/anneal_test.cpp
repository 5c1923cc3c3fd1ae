// Simulated annealing for placement: the incremental cost against the full evaluator after every
// move, reproducibility, thread-count independence, known optima, and the Tofu baselines.
#include <boost/test/data/test_case.hpp>
#include <boost/test/unit_test.hpp>

#include <algorithm>
#include <random>
#include <string>
#include <vector>

#include "weft/mapping/anneal.hpp"
#include "weft/mapping/baselines.hpp"
#include "weft/mapping/nas_cg.hpp"
#include "weft/mapping/objectives.hpp"
#include "sets_of.hpp"
#include "weft_test/refusal.hpp"

namespace {

namespace bdata = boost::unit_test::data;
using namespace weft::mapping;
constexpr std::int64_t B = 1 << 20;

using test::sets_of;

// Random sets over `tasks` tasks: some sets with one message size, some mixed, self-messages and
// repeated pairs included, so every path of the incremental update is exercised.
ccs_result random_sets(int tasks, std::uint64_t seed) {
  std::mt19937_64 g(seed);
  std::vector<std::vector<message>> sets;
  for (int s = 0; s < 4; ++s) {
    std::vector<message> m;
    const int count = 2 + static_cast<int>(draw_below(g, static_cast<std::uint64_t>(2 * tasks)));
    for (int i = 0; i < count; ++i) {
      const int src = static_cast<int>(draw_below(g, static_cast<std::uint64_t>(tasks)));
      const int dst = static_cast<int>(draw_below(g, static_cast<std::uint64_t>(tasks)));
      const std::int64_t bytes = s % 2 == 0 ? B : static_cast<std::int64_t>(1 + draw_below(g, 5)) * 1000;
      m.push_back({src, dst, bytes});
    }
    sets.push_back(std::move(m));
  }
  return sets_of(tasks, std::move(sets));
}

void expect_equal_to_full(incremental_cost& inc, objective_evaluator& full, objective_kind kind) {
  const placement& p = inc.where();
  for (int t = 0; t < inc.tasks(); ++t) BOOST_REQUIRE_EQUAL(inc.task_on(p[static_cast<std::size_t>(t)]), t);
  switch (kind) {
    case objective_kind::hop_bytes:
      BOOST_REQUIRE_EQUAL(inc.tahb(), full.tahb(p));
      BOOST_REQUIRE_EQUAL(inc.cost(), static_cast<double>(full.hop_bytes(p)));
      break;
    case objective_kind::rmatt_o2f: {
      BOOST_REQUIRE_EQUAL(inc.tahb(), full.tahb(p));
      BOOST_REQUIRE_EQUAL(inc.max_link_bytes(), full.max_link_bytes(p));
      BOOST_REQUIRE_EQUAL(inc.cost(), full.evaluate(p).rmatt_o2f);
      break;
    }
    case objective_kind::tac3: {
      std::vector<std::int64_t> terms;
      BOOST_REQUIRE_EQUAL(inc.tac3_bytes(), full.tac3_bytes(p, &terms));
      BOOST_REQUIRE(inc.tac3_per_ccs() == terms);
      BOOST_REQUIRE_EQUAL(inc.cost(), static_cast<double>(inc.tac3_bytes()));
      // The search's tie-break, kept move by move, equals a fresh count at the same placement.
      const incremental_cost fresh(full.sets(), full.machine(), kind, p);
      BOOST_REQUIRE_EQUAL(inc.crowded_links(), fresh.crowded_links());
      BOOST_REQUIRE_EQUAL(inc.excess_collisions(), fresh.excess_collisions());
      BOOST_REQUIRE(inc.guide() >= inc.cost());
      break;
    }
  }
}

const char* const machines[] = {"ring:6", "mesh:3x3", "torus:4x2", "tofu:1x1x2", "tree:2,3", "kncube:3x2x2:tmt"};

}  // namespace

BOOST_AUTO_TEST_SUITE(anneal_search)

BOOST_DATA_TEST_CASE(the_incremental_cost_equals_the_full_evaluation_after_every_move,
                     bdata::make(std::vector<std::string>(std::begin(machines), std::end(machines))), spec) {
  const auto machine = machine_routes::from_spec(spec);
  // Fewer tasks than nodes too, so moves onto free nodes happen.
  for (int tasks : {machine.nodes(), machine.nodes() - 2}) {
    const auto sets = random_sets(tasks, 7 + static_cast<std::uint64_t>(tasks));
    for (auto kind : {objective_kind::hop_bytes, objective_kind::rmatt_o2f, objective_kind::tac3}) {
      objective_evaluator full(sets, machine);
      incremental_cost inc(sets, machine, kind, identity_placement(tasks));
      expect_equal_to_full(inc, full, kind);
      std::mt19937_64 g(3);
      for (int i = 0; i < 1500; ++i) {
        const int a = static_cast<int>(draw_below(g, static_cast<std::uint64_t>(tasks)));
        const auto n = static_cast<weft::node_id>(draw_below(g, static_cast<std::uint64_t>(machine.nodes())));
        inc.move(a, n);
        expect_equal_to_full(inc, full, kind);
      }
    }
  }
}

BOOST_AUTO_TEST_CASE(the_incremental_cost_follows_the_nas_cg_kernel_on_tofu) {
  const auto machine = machine_routes::from_spec("tofu:1x2x4");
  const auto sets = extract_ccs(nas_cg_log(8, 8, B));
  objective_evaluator full(sets, machine);
  incremental_cost inc(sets, machine, objective_kind::tac3, default_placement("tofu:1x2x4", 64));
  std::mt19937_64 g(11);
  for (int i = 0; i < 3000; ++i) {
    inc.move(static_cast<int>(draw_below(g, 64)), static_cast<weft::node_id>(draw_below(g, 96)));
    expect_equal_to_full(inc, full, objective_kind::tac3);
  }
}

BOOST_AUTO_TEST_CASE(a_seed_gives_the_same_placement_and_cost_bit_for_bit) {
  const auto machine = machine_routes::from_spec("torus:4x4");
  const auto sets = extract_ccs(nas_cg_log(4, 4, B));
  anneal_options o;
  o.schedule.trials_per_temperature = 200;
  o.seed = 42;
  const auto first = anneal(sets, machine, o), second = anneal(sets, machine, o);
  BOOST_TEST((first == second));
  BOOST_TEST(first.trials == 197 * 200);  // 10 * 0.9^k > 1e-8 for k = 0..196
  BOOST_TEST(first.accepted > 0);
  objective_evaluator full(sets, machine);
  BOOST_TEST(static_cast<double>(full.tac3_bytes(first.best)) == first.best_cost);
  BOOST_TEST(first.best_cost <= first.start_cost);
  o.seed = 43;
  BOOST_TEST(anneal(sets, machine, o).accepted != first.accepted);
}

BOOST_AUTO_TEST_CASE(independent_runs_give_the_same_results_on_one_and_two_threads) {
  const auto machine = machine_routes::from_spec("tofu:1x1x2");
  const auto sets = extract_ccs(nas_cg_log(4, 4, B));
  for (auto kind : {objective_kind::tac3, objective_kind::rmatt_o2f}) {
    anneal_options o;
    o.objective = kind;
    o.schedule.trials_per_temperature = 100;
    o.seed = 5;
    const auto one = anneal_runs(sets, machine, o, 5, 1), two = anneal_runs(sets, machine, o, 5, 2);
    BOOST_TEST((one == two));
    BOOST_TEST(one.size() == 5u);
    o.seed = derive_seed(5, 3);
    BOOST_TEST((anneal(sets, machine, o) == one[3]));
    BOOST_TEST((one[0] != one[1]));
  }
}

BOOST_AUTO_TEST_CASE(the_paper_schedule_finds_a_collision_free_ring_from_a_bad_start) {
  // Shift by one around 8 tasks on ring:8: the optimum has no two messages on one link (TAC3 = B);
  // the start, a scrambled ring, has coll 3 on some link.
  const auto machine = machine_routes::from_spec("ring:8");
  std::vector<message> shift;
  for (int i = 0; i < 8; ++i) shift.push_back({i, (i + 1) % 8, B});
  const auto sets = sets_of(8, {shift});
  anneal_options o;
  o.start = {0, 5, 2, 7, 4, 1, 6, 3};
  o.seed = 9;
  const auto r = anneal(sets, machine, o);
  BOOST_TEST(r.start_cost > static_cast<double>(B));
  BOOST_TEST(r.best_cost == static_cast<double>(B));
  objective_evaluator full(sets, machine);
  BOOST_TEST(full.evaluate(r.best).coll_per_ccs == std::vector<int>{1});
}

BOOST_AUTO_TEST_CASE(the_paper_schedule_finds_collision_free_placements_for_nas_cg_in_the_papers_job) {
  // Seed 004 §6: "TAC3 generated placements with no collision at all" for NAS CG 8x8 in the job
  // 1x2x4x2x3x2 of the 4x2x8x2x3x2 machine: every one of the 4 sets has coll 1, TAC3 = 4 B.
  const auto machine = machine_routes::from_spec("tofu:1x2x4@4x2x8");
  const auto sets = extract_ccs(nas_cg_log(8, 8, B));
  objective_evaluator full(sets, machine);
  BOOST_TEST(full.tac3_bytes(default_placement("tofu:1x2x4@4x2x8", 64)) == 6 * B);
  anneal_options o;
  o.seed = 1;
  const auto r = anneal(sets, machine, o);
  BOOST_TEST(r.best_cost == static_cast<double>(4 * B));
  BOOST_TEST(full.evaluate(r.best).coll_per_ccs == (std::vector<int>{1, 1, 1, 1}));
}

BOOST_AUTO_TEST_CASE(tac3_alone_keeps_a_long_collision_free_route_that_the_tie_break_shortens) {
  // One message 0 -> 1 on ring:8, task 1 started 4 hops away. Every placement has TAC3 = B (one
  // message is never in a collision), so TAC3 alone (the paper's search, --search tac3-only) finds
  // no placement strictly better than the start and returns it; the tie-break counts the links
  // the set uses and ends with the two tasks one hop apart.
  const auto machine = machine_routes::from_spec("ring:8");
  const auto sets = sets_of(2, {{{0, 1, B}}});
  anneal_options o;
  o.start = {0, 4};
  o.seed = 3;
  o.tie_break = false;
  const auto alone = anneal(sets, machine, o);
  BOOST_TEST(alone.best == o.start);
  BOOST_TEST(alone.best_cost == static_cast<double>(B));
  o.tie_break = true;
  const auto guided = anneal(sets, machine, o);
  BOOST_TEST(guided.best_cost == static_cast<double>(B));
  BOOST_TEST(machine.hops(guided.best[0], guided.best[1]) == 1);
  // Hop-bytes has no tie-break: the flag changes nothing, bit for bit.
  o.objective = objective_kind::hop_bytes;
  const auto hb = anneal(sets, machine, o);
  o.tie_break = false;
  BOOST_TEST((anneal(sets, machine, o) == hb));
}

BOOST_AUTO_TEST_CASE(collision_free_means_no_set_puts_two_messages_on_a_link) {
  // docs/mapping.md §3, mesh:2x2, one set 0->3, 1->3: identity shares link 1->3 (coll 2); tasks 1
  // and 2 swapped, each message has its own link (coll 1). A task sending to itself: coll 0.
  const auto machine = machine_routes::from_spec("mesh:2x2");
  const auto shared = sets_of(4, {{{0, 3, B}, {1, 3, B}}});
  objective_evaluator eval(shared, machine);  // keeps references: the sets are named
  BOOST_TEST(!eval.evaluate(identity_placement(4)).collision_free());
  BOOST_TEST(eval.evaluate(placement{0, 2, 1, 3}).collision_free());
  const auto own = sets_of(2, {{{0, 0, B}}});
  objective_evaluator self(own, machine);
  BOOST_TEST(self.evaluate(identity_placement(2)).coll_per_ccs == std::vector<int>{0});
  BOOST_TEST(self.evaluate(identity_placement(2)).collision_free());
}

BOOST_AUTO_TEST_CASE(tac3_separates_what_hop_bytes_cannot_on_a_2x2_mesh) {
  // docs/mapping.md §3: one set 0->3, 1->3 on mesh:2x2. Identity routes both over link 1->3 (TAC3
  // 2B); putting task 1 on node 2 gives each its own link (TAC3 B). Hop-bytes is 3B either way.
  const auto machine = machine_routes::from_spec("mesh:2x2");
  const auto sets = sets_of(4, {{{0, 3, B}, {1, 3, B}}});
  anneal_options o;
  o.schedule.trials_per_temperature = 50;
  const auto r = anneal(sets, machine, o);
  BOOST_TEST(r.start_cost == static_cast<double>(2 * B));
  BOOST_TEST(r.best_cost == static_cast<double>(B));
}

BOOST_AUTO_TEST_CASE(no_ring_puts_tasks_in_xyzabc_order_and_default_folds_the_machine_into_rings) {
  BOOST_TEST(no_ring_placement("tofu:1x1x2", 5) == (placement{0, 1, 2, 3, 4}));
  // tofu:1x1x2: node id = Z + 2A + 4B + 12C. Logical 2 x 3 x 4: x is A (X has size 1), y is B,
  // z walks (Z, C) = (0,0), (1,0), (1,1), (0,1).
  const placement expected{0, 2, 4, 6, 8, 10, 1, 3, 5, 7, 9, 11, 13, 15, 17, 19, 21, 23, 12, 14, 16, 18, 20, 22};
  BOOST_TEST(default_placement("tofu:1x1x2", 24) == expected);
  // On the paper's 96-node shape every logical axis is a ring: logical neighbours, the wrap-around
  // included, are one hop apart (2 x 6 x 8).
  const auto machine = machine_routes::from_spec("tofu:1x2x4");
  const auto p = default_placement("tofu:1x2x4", 96);
  check_placement(p, 96, machine);
  const int size[3] = {2, 6, 8};
  for (int i = 0; i < 96; ++i) {
    int c[3] = {i % 2, i / 2 % 6, i / 12};
    for (int axis = 0; axis < 3; ++axis) {
      int n[3] = {c[0], c[1], c[2]};
      n[axis] = (n[axis] + 1) % size[axis];
      const int j = n[0] + 2 * (n[1] + 6 * n[2]);
      BOOST_TEST(machine.hops(p[static_cast<std::size_t>(i)], p[static_cast<std::size_t>(j)]) == 1);
    }
  }
}

BOOST_AUTO_TEST_CASE(the_tie_break_never_outweighs_one_tac3_step_with_mixed_sizes) {
  // Sizes 1000 and 1001: TAC3 can differ by 1 byte between placements, so the tie-break must stay
  // below 1 (the gcd), not below 1000 (the smallest size). On every placement of 5 tasks on
  // ring:6, guide order must agree with TAC3 order wherever TAC3 differs.
  const auto machine = machine_routes::from_spec("ring:6");
  const auto sets = sets_of(5, {{{0, 2, 1000}, {1, 3, 1001}, {2, 4, 1000}}, {{4, 0, 1001}, {3, 1, 1000}}});
  std::vector<std::pair<double, double>> seen;  // (TAC3, guide) of every placement
  std::vector<weft::node_id> nodes{0, 1, 2, 3, 4, 5};
  do {
    const placement p(nodes.begin(), nodes.begin() + 5);
    const incremental_cost c(sets, machine, objective_kind::tac3, p);
    seen.emplace_back(c.cost(), c.guide());
  } while (std::next_permutation(nodes.begin(), nodes.end()));
  double worst_gap = 0;
  for (const auto& [t, g] : seen) worst_gap = std::max(worst_gap, g - t);
  BOOST_TEST(worst_gap < 1.0);
  BOOST_TEST(worst_gap > 0.0);
}

BOOST_AUTO_TEST_CASE(rmatt_sees_the_job_as_the_fx10s_logical_3d_torus) {
  // 1x2x4 (x 2x3x2): logical 2X x 3Y x 2Z = 2 x 6 x 8, position i on default's node for task i.
  BOOST_TEST(logical_torus("tofu:1x2x4@4x2x8") == "torus:2x6x8");
  BOOST_TEST(logical_torus("tofu:1x1x4") == "torus:2x3x8");
  const auto all = default_placement("tofu:1x2x4@4x2x8", 96);
  BOOST_TEST(logical_to_physical("tofu:1x2x4@4x2x8", identity_placement(96)) == all);
  BOOST_TEST(logical_to_physical("tofu:1x2x4@4x2x8", placement{5, 0}) == (placement{all[5], all[0]}));
  BOOST_TEST(weft_test::refusal([] { logical_to_physical("tofu:1x1x4", placement{48}); }) ==
             "logical node 48 is outside torus:2x3x8");
}

BOOST_AUTO_TEST_CASE(bad_names_machines_and_schedules_are_refused_in_one_line) {
  BOOST_TEST(weft_test::refusal([] { parse_objective("tac4"); }) == "unknown objective 'tac4' (known: hop-bytes, tahb, rmatt-o2f, tac3)");
  BOOST_TEST(weft_test::refusal([] { default_placement("torus:4x4", 4); }) ==
             "the default and no-ring placements need a tofu:XxYxZ machine, got 'torus:4x4'");
  BOOST_TEST(weft_test::refusal([] { no_ring_placement("tofu:1x1x1", 13); }) == "13 tasks do not fit machine tofu:1x1x1 with 12 compute nodes");
  const auto machine = machine_routes::from_spec("ring:4");
  const auto sets = sets_of(4, {{{0, 1, B}}});
  anneal_options o;
  o.schedule.cooling = 1;
  BOOST_TEST(weft_test::refusal([&] { anneal(sets, machine, o); }).starts_with("anneal: the schedule needs"));
  BOOST_TEST(weft_test::refusal([&] { anneal_runs(sets, machine, {}, -1); }) == "anneal_runs: runs must be >= 0, got -1");
}

BOOST_AUTO_TEST_SUITE_END()
