// Reductions run as PE programs on the emulated machine: exact step counts worked out by hand,
// correct results for every operation (order kept for the non-commutative one), and messages
// that only ever cross one link of the Fibonacci-tree topology.
#define BOOST_TEST_MODULE reduction runs
#include <boost/test/data/monomorphic.hpp>
#include <boost/test/data/test_case.hpp>
#include <boost/test/unit_test.hpp>

#include <set>
#include <utility>

#include "support.hpp"
#include "weft/reduction/delay_aware_tree.hpp"
#include "weft/reduction/run.hpp"

namespace red = weft::reduction;
namespace bdata = boost::unit_test::data;

namespace {

using reduction_test::fixture;

using steps_table = std::vector<std::pair<std::int64_t, std::int64_t>>;  // K, steps

void expect_steps(const fixture& f, const char* tree, std::int64_t m, std::int64_t n, int i, const steps_table& t) {
  for (auto [k, steps] : t) {
    auto r = f.run(tree, k, m, n, i);
    BOOST_TEST(r.steps == steps, tree << " K = " << k << " m = " << m << " n = " << n << " i = " << i);
    BOOST_TEST(r.correct);
  }
}

}  // namespace

BOOST_FIXTURE_TEST_SUITE(emulated_reductions, fixture)

BOOST_AUTO_TEST_CASE(with_m_n_1_the_delay_aware_tree_takes_the_fibonacci_step_counts) {
  // F = 1, 2, 3, 5, 8, 13, 21: K items need the first t with F(t) >= K.
  expect_steps(*this, "delay-aware", 1, 1, 2, {{1, 0}, {2, 1}, {3, 2}, {4, 3}, {5, 3}, {6, 4}, {8, 4}, {9, 5}, {13, 5}, {14, 6}, {21, 6}, {22, 7}});
}

BOOST_AUTO_TEST_CASE(with_m_n_1_the_binary_tree_pays_a_transfer_at_every_level) {
  // K = 5: PE0 x0∘x1 [0,1]; PE1 x2∘x3 [0,1] arrives 2, [2,3]; PE2's x4 arrives 1, [3,4] -> 4.
  expect_steps(*this, "binary", 1, 1, 2, {{1, 0}, {2, 1}, {3, 2}, {4, 3}, {5, 4}, {8, 5}, {16, 7}, {32, 9}});
}

BOOST_AUTO_TEST_CASE(a_longer_transfer_m_2_n_1_favours_the_delay_aware_tree_more) {
  // F = 1, 2, 3, 4, 6, 9, 13, 19; binary 1 + 3(d-1) for K = 2^d.
  expect_steps(*this, "delay-aware", 2, 1, 2, {{2, 1}, {4, 3}, {5, 4}, {6, 4}, {7, 5}, {9, 5}, {10, 6}, {13, 6}, {14, 7}, {16, 7}});
  expect_steps(*this, "binary", 2, 1, 2, {{2, 1}, {4, 4}, {8, 7}, {16, 10}});
}

BOOST_AUTO_TEST_CASE(a_longer_operation_m_1_n_2_leaves_the_trees_close) {
  // F = 1, 1, 2, 2, 3, 4, 5, 7, 9, 12, 16; binary 2 + 3(d-1).
  expect_steps(*this, "delay-aware", 1, 2, 2, {{2, 2}, {3, 4}, {4, 5}, {5, 6}, {7, 7}, {8, 8}, {9, 8}, {12, 9}, {16, 10}});
  expect_steps(*this, "binary", 1, 2, 2, {{2, 2}, {4, 5}, {8, 8}, {16, 11}});
}

BOOST_AUTO_TEST_CASE(ternary_operations_follow_f_t_equal_f_t_minus_1_plus_2_f_t_minus_2) {
  // F = 1, 3, 5, 11, 21, 43, 85; binary (ternary) 1 + 2(d-1) for K = 3^d.
  expect_steps(*this, "delay-aware", 1, 1, 3, {{3, 1}, {5, 2}, {11, 3}, {12, 4}, {21, 4}, {27, 5}, {81, 6}});
  expect_steps(*this, "binary", 1, 1, 3, {{3, 1}, {9, 3}, {27, 5}, {81, 7}});
}

BOOST_DATA_TEST_CASE_F(fixture, every_operation_gives_the_sequential_result_on_both_trees,
                       bdata::make({"sum", "max", "matmul2"}) * bdata::make({"delay-aware", "binary"}) *
                           bdata::make({1, 2, 7, 13, 100, 377, 1000}),
                       op, tree, k) {
  for (int i : {2, 3}) {
    auto r = run(tree, k, 1, 1, i, op);
    BOOST_TEST(r.correct, op << " on the " << tree << " tree, K = " << k << ", i = " << i << ": "
                             << ops.find(op).show(r.result) << " vs " << ops.find(op).show(r.expected));
    BOOST_TEST(r.steps == r.predicted);
  }
}

BOOST_AUTO_TEST_CASE(the_matrix_product_is_not_commutative_so_a_correct_result_proves_the_order) {
  const auto& op = ops.find("matmul2");
  // The same items multiplied in reverse give another matrix.
  auto reversed = op.item(99);
  for (std::int64_t k = 98; k >= 0; --k) reversed = op.combine(reversed, op.item(k));
  BOOST_TEST((reversed != red::sequential_reduce(op, 0, 100)));
  for (int m : {1, 2, 5}) BOOST_TEST(run("delay-aware", 100, m, 1, 2, "matmul2").correct);
}

BOOST_AUTO_TEST_CASE(every_message_crosses_exactly_one_link_of_the_fibonacci_tree) {
  for (auto [m, n, i] : std::vector<std::tuple<int, int, int>>{{1, 1, 2}, {2, 1, 2}, {1, 2, 3}}) {
    for (std::int64_t k : {21, 100, 1000}) {
      auto r = run("delay-aware", k, m, n, i);
      const auto msgs = static_cast<std::uint64_t>(r.layout.messages());
      BOOST_TEST(r.measured.sent == msgs);
      BOOST_TEST(r.measured.hop_histogram.size() >= 2u);
      BOOST_TEST(r.measured.hop_histogram[1] == msgs);
      std::uint64_t elsewhere = 0;
      for (std::size_t h = 0; h < r.measured.hop_histogram.size(); ++h)
        if (h != 1) elsewhere += r.measured.hop_histogram[h];
      BOOST_TEST(elsewhere == 0u);
      // The links that carried packets are exactly the child -> parent links of the plan.
      std::set<std::pair<weft::node_id, weft::node_id>> expected, used;
      for (const auto& pe : r.layout.pes)
        if (pe.parent >= 0) expected.insert({pe.node, r.layout.pes[static_cast<std::size_t>(pe.parent)].node});
      for (const auto& l : r.measured.links)
        if (l.packets > 0) {
          BOOST_TEST(l.packets == 1u);
          used.insert({l.from, l.to});
        }
      BOOST_TEST((used == expected));
    }
  }
}

BOOST_AUTO_TEST_CASE(in_a_full_fibonacci_tree_no_pe_ever_waits_for_data) {
  // The paper's point: every PE computes until the moment its result must leave. K = F(h):
  // each PE computes for its whole life; the binary tree's PEs wait for every transfer.
  const std::int64_t h = 9, k = red::delay_aware_capacity(h, 1, 1, 2).back();
  auto r = run("delay-aware", k, 1, 1, 2);
  BOOST_TEST(r.steps == h);
  for (const auto& pe : r.measured.pes) {
    BOOST_TEST(pe.wait.ps == 0, "PE " << pe.rank);
    BOOST_TEST(pe.finish.ps == pe.compute.ps + pe.overhead.ps, "PE " << pe.rank);
  }
  auto b = run("binary", 64, 1, 1, 2);
  BOOST_TEST(b.measured.pes[0].wait.ps == 5);  // five levels, one step of waiting each
}

BOOST_AUTO_TEST_CASE(charging_m_to_the_sender_or_to_the_link_gives_the_same_steps) {
  for (const char* tree : {"delay-aware", "binary"})
    for (std::int64_t k : {7, 100, 999}) {
      auto sender = run(tree, k, 3, 2, 2, "sum", red::comm_charge::sender);
      auto link = run(tree, k, 3, 2, 2, "sum", red::comm_charge::link);
      BOOST_TEST(sender.steps == link.steps, tree << " K = " << k);
      // Only the sender's clock differs: o_send = m shows up as overhead.
      BOOST_TEST(sender.measured.pes.back().overhead.ps == 3);
      BOOST_TEST(link.measured.pes.back().overhead.ps == 0);
    }
}

BOOST_AUTO_TEST_SUITE_END()
