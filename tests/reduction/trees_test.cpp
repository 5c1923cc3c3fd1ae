// The delay-aware tree's tables and plans (seed 001, §3–4), checked against values worked out
// by hand, against the topology library's generalized Fibonacci tree, and against the plain
// i-ary tree in the paper's two limits.
#define BOOST_TEST_MODULE reduction trees
#include <boost/test/unit_test.hpp>

#include <sstream>
#include <vector>

#include "support.hpp"
#include "weft/reduction/binary_tree.hpp"
#include "weft/reduction/delay_aware_tree.hpp"
#include "weft/reduction/drawing.hpp"
#include "weft/topo/fibonacci_tree.hpp"

namespace red = weft::reduction;
using reduction_test::make;
using table = std::vector<std::int64_t>;

BOOST_AUTO_TEST_CASE(with_m_n_1_and_i_2_the_pe_counts_are_the_fibonacci_numbers_of_the_paper) {
  // T_1 = T_2 = one node, T_h = T_{h-1} + T_{h-2}; T_5 holds PE_0..PE_4 (paper, Fig. 4).
  auto q = red::delay_aware_pe_count(10, 1, 1, 2);
  BOOST_TEST(q == (table{1, 1, 1, 2, 3, 5, 8, 13, 21, 34, 55}));
  // F(t) = Fib(t+2): 13 items in 5 steps on those 5 PEs.
  auto f = red::delay_aware_capacity(8, 1, 1, 2);
  BOOST_TEST(f == (table{1, 2, 3, 5, 8, 13, 21, 34, 55}));
}

BOOST_AUTO_TEST_CASE(capacity_and_pe_tables_for_other_delays_compute_times_and_arities_match_hand_values) {
  // m = 2, n = 1: F(t) = F(t-1) + F(t-3); Q(t) = Q(t-1) + Q(t-3) from t = 2n+m = 4.
  BOOST_TEST(red::delay_aware_capacity(7, 2, 1, 2) == (table{1, 2, 3, 4, 6, 9, 13, 19}));
  BOOST_TEST(red::delay_aware_pe_count(9, 2, 1, 2) == (table{1, 1, 1, 1, 2, 3, 4, 6, 9, 13}));
  // m = 1, n = 2: the chain advances by n = 2; a child pays n + m = 3.
  BOOST_TEST(red::delay_aware_capacity(9, 1, 2, 2) == (table{1, 1, 2, 2, 3, 4, 5, 7, 9, 12}));
  BOOST_TEST(red::delay_aware_pe_count(9, 1, 2, 2) == (table{1, 1, 1, 1, 1, 2, 2, 3, 4, 5}));
  // i = 3, m = n = 1: F(t) = F(t-1) + 2 F(t-2), Q(t) = Q(t-1) + 2 Q(t-2).
  BOOST_TEST(red::delay_aware_capacity(5, 1, 1, 3) == (table{1, 3, 5, 11, 21, 43}));
  BOOST_TEST(red::delay_aware_pe_count(6, 1, 1, 3) == (table{1, 1, 1, 3, 5, 11, 21}));
}

BOOST_AUTO_TEST_CASE(the_optimal_height_is_the_first_capacity_that_holds_k_items) {
  const std::vector<std::pair<std::int64_t, std::int64_t>> fib{{1, 0}, {2, 1}, {3, 2}, {4, 3}, {5, 3},
                                                               {6, 4}, {8, 4}, {9, 5}, {13, 5}, {14, 6}};
  for (auto [k, h] : fib) BOOST_TEST(red::delay_aware_height(k, 1, 1, 2) == h, "K = " << k);
  BOOST_TEST(red::delay_aware_height(6, 2, 1, 2) == 4);
  BOOST_TEST(red::delay_aware_height(10, 2, 1, 2) == 6);
  BOOST_TEST(red::delay_aware_height(3, 1, 2, 2) == 4);
  BOOST_TEST(red::delay_aware_height(4, 1, 2, 2) == 5);
  BOOST_TEST(red::delay_aware_height(12, 1, 1, 3) == 4);
}

BOOST_AUTO_TEST_CASE(the_pe_tree_is_the_topology_librarys_fibonacci_tree_with_m_and_n_swapped) {
  // The paper's N_h = N_{h-m} + (i-1) N_{h-(m+n)} matches our Q only with m and n exchanged;
  // for m = n both readings agree.
  for (int m : {1, 2, 3})
    for (int n : {1, 2, 3})
      for (int i : {2, 3, 4}) {
        auto q = red::delay_aware_pe_count(40, m, n, i);
        for (int h = n; h <= 40; ++h) {
          BOOST_TEST(weft::topo::fibonacci_tree_size(h, n, m, i) == q[static_cast<std::size_t>(h)],
                     "h = " << h << " m = " << m << " n = " << n << " i = " << i);
          if (m == n) BOOST_TEST(weft::topo::fibonacci_tree_size(h, m, n, i) == q[static_cast<std::size_t>(h)]);
        }
      }
  // m = 2, n = 1 read literally: 1, 1, 1, 2, 2, 3, 4 from h = 2: fewer PEs than an optimal tree uses.
  std::vector<std::int64_t> literal;
  for (int h = 2; h <= 8; ++h) literal.push_back(weft::topo::fibonacci_tree_size(h, 2, 1, 2));
  BOOST_TEST(literal == (table{1, 1, 1, 2, 2, 3, 4}));
}

BOOST_AUTO_TEST_CASE(full_delay_aware_plans_sit_on_the_fibonacci_topology_node_for_node) {
  for (auto [m, n, i] : std::vector<std::tuple<int, int, int>>{{1, 1, 2}, {2, 1, 2}, {1, 2, 2}, {1, 1, 3}, {3, 2, 4}}) {
    for (std::int64_t h : {4, 7, 10}) {
      const auto k = red::delay_aware_capacity(h, m, n, i).back();
      const auto p = red::build_delay_aware_plan(make(k, m, n, i));
      weft::topo::fibonacci_tree topo(p.machine, static_cast<int>(std::max<std::int64_t>(h, n)), n, m, i);
      BOOST_TEST(p.promised == h);
      BOOST_TEST(static_cast<std::int64_t>(p.pes.size()) == red::delay_aware_pe_count(h, m, n, i).back());
      BOOST_TEST(static_cast<weft::node_id>(p.pes.size()) == topo.node_count());
      for (std::size_t r = 0; r < p.pes.size(); ++r) {
        const auto& pe = p.pes[r];
        BOOST_TEST(pe.node == static_cast<weft::node_id>(r));
        BOOST_TEST(topo.parent(pe.node) == (pe.parent < 0 ? -1 : p.pes[static_cast<std::size_t>(pe.parent)].node));
      }
    }
  }
}

BOOST_AUTO_TEST_CASE(the_paper_example_puts_13_items_on_the_five_pes_of_t5) {
  const auto p = red::build_delay_aware_plan(make(13, 1, 1, 2));
  BOOST_TEST(p.machine == "fib:5,1,1,2");
  BOOST_TEST(p.pes.size() == 5u);
  std::vector<int> parents;
  for (const auto& pe : p.pes) parents.push_back(pe.parent);
  BOOST_TEST(parents == (std::vector<int>{-1, 0, 0, 0, 3}));
  // Root: x0 x1, +x2, +PE1 (x3 x4), +PE2 (x5..x7), +PE3 (x8..x12) — one operation per step.
  using s = red::source;
  BOOST_TEST(p.pes[0].ops == (std::vector<std::vector<s>>{{s::item(0)}, {s::item(1)}, {s::item(2)}, {s::child(1)},
                                                          {s::child(2)}, {s::child(3)}}));
  BOOST_TEST(red::predict_steps(p, 1, 1) == 5);
}

BOOST_AUTO_TEST_CASE(every_plan_up_to_300_items_covers_the_items_in_order_and_meets_the_optimum) {
  for (auto [m, n, i] : std::vector<std::tuple<int, int, int>>{{1, 1, 2}, {2, 1, 2}, {1, 2, 2}, {1, 1, 3}, {3, 1, 2}, {2, 3, 3}}) {
    for (std::int64_t k = 1; k <= 300; ++k) {
      const auto p = red::build_delay_aware_plan(make(k, m, n, i));
      BOOST_CHECK_NO_THROW(red::check_plan(p));
      BOOST_TEST(red::predict_steps(p, m, n) == p.promised, "K = " << k << " m = " << m << " n = " << n << " i = " << i);
      BOOST_TEST(p.promised == red::delay_aware_height(k, m, n, i));
      const auto b = red::build_binary_plan(make(k, m, n, i));
      BOOST_CHECK_NO_THROW(red::check_plan(b));
      BOOST_TEST(b.promised >= p.promised, "the binary tree never beats the optimum, K = " << k);
    }
  }
}

BOOST_AUTO_TEST_CASE(the_binary_tree_takes_n_plus_d_minus_1_times_n_plus_m_steps_for_i_to_the_d_items) {
  for (auto [m, n, i] : std::vector<std::tuple<int, int, int>>{{1, 1, 2}, {2, 1, 2}, {1, 2, 2}, {1, 1, 3}}) {
    std::int64_t k = i;
    for (int d = 1; d <= 8; ++d, k *= i) {
      const auto b = red::build_binary_plan(make(k, m, n, i));
      BOOST_TEST(b.promised == n + (d - 1) * (n + m), "K = " << k);
      BOOST_TEST(static_cast<std::int64_t>(b.pes.size()) == k / i);
    }
  }
  BOOST_TEST(red::binary_topology(8, 2) == "hypercube:3");
  BOOST_TEST(red::binary_topology(1, 2) == "hypercube:1");
  BOOST_TEST(red::binary_topology(10, 3) == "torus:3x3x3");
}

BOOST_AUTO_TEST_CASE(as_m_goes_to_zero_against_n_the_delay_aware_tree_becomes_the_binary_tree) {
  // m = 1, n = 100: every K = 2^d takes exactly the binary tree's steps on the same number of
  // PEs, and the PE tree is the binomial tree (PE degrees d-1, d-2, ..., as in the binary plan).
  for (int d = 1; d <= 10; ++d) {
    const std::int64_t k = std::int64_t{1} << d;
    const auto da = red::build_delay_aware_plan(make(k, 1, 100, 2));
    const auto bin = red::build_binary_plan(make(k, 1, 100, 2));
    BOOST_TEST(da.promised == bin.promised, "K = " << k);
    BOOST_TEST(da.pes.size() == bin.pes.size());
    auto degrees = [](const red::plan& p) {
      std::vector<int> deg(p.pes.size(), 0);
      for (const auto& pe : p.pes)
        if (pe.parent >= 0) ++deg[static_cast<std::size_t>(pe.parent)];
      std::sort(deg.begin(), deg.end());
      return deg;
    };
    BOOST_TEST(degrees(da) == degrees(bin));
  }
}

BOOST_AUTO_TEST_CASE(with_a_very_large_m_the_delay_aware_tree_is_a_list_on_one_pe) {
  for (int i : {2, 3, 5}) {
    for (std::int64_t k : {2, 17, 500}) {
      const auto p = red::build_delay_aware_plan(make(k, 10000, 1, i));
      BOOST_TEST(p.pes.size() == 1u);
      BOOST_TEST(p.promised == (k - 1 + i - 2) / (i - 1), "K = " << k << " i = " << i);  // ⌈(K-1)/(i-1)⌉ operations
      BOOST_TEST(p.pes[0].ops.size() == static_cast<std::size_t>(1 + p.promised));
    }
  }
}

BOOST_AUTO_TEST_CASE(the_dot_drawing_shows_every_item_and_one_dashed_transfer_per_message) {
  const auto p = red::build_delay_aware_plan(make(13, 1, 1, 2));
  std::ostringstream out;
  red::write_dot(out, p, 1, 1);
  const auto text = out.str();
  auto count = [&](const std::string& what) {
    std::size_t c = 0;
    for (auto at = text.find(what); at != std::string::npos; at = text.find(what, at + 1)) ++c;
    return c;
  };
  BOOST_TEST(count("shape=plaintext") == 13u);
  BOOST_TEST(count("style=dashed") == 4u);
  BOOST_TEST(count("[4, 5)") == 1u);  // the root's last operation
  std::ostringstream big;
  BOOST_CHECK_THROW(red::write_dot(big, red::build_delay_aware_plan(make(5000, 1, 1, 2)), 1, 1), std::invalid_argument);
}
