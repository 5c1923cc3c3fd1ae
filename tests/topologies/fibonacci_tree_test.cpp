// Seed 001: generalized Fibonacci trees T'_h(m, n, i) and their node counts N_h.
#include <boost/test/unit_test.hpp>

#include <map>

#include "test_support.hpp"
#include "weft/topo/analysis.hpp"
#include "weft/topo/fibonacci_tree.hpp"

using namespace weft;

namespace {

/// N_h written out again from the paper, independently of the library.
long long paper_count(int h, int m, int n, int i, std::map<int, long long>& memo) {
  if (h >= 2 * m + n) {
    if (auto it = memo.find(h); it != memo.end()) return it->second;
    return memo[h] = paper_count(h - m, m, n, i, memo) + (i - 1) * paper_count(h - (m + n), m, n, i, memo);
  }
  return h >= m ? 1 : 0;
}

}  // namespace

BOOST_AUTO_TEST_SUITE(fibonacci_tree)

BOOST_AUTO_TEST_CASE(the_m1_n1_binary_tree_has_fibonacci_node_counts) {
  test::registries reg;
  const int fib[] = {0, 1, 1, 2, 3, 5, 8, 13, 21, 34, 55, 89};
  for (int h = 1; h <= 11; ++h) BOOST_TEST(reg.make("fib:" + std::to_string(h))->node_count() == fib[h], "h=" << h);
}

BOOST_AUTO_TEST_CASE(node_counts_follow_the_n_h_recurrence_for_several_m_n_i) {
  for (int m : {1, 2, 3})
    for (int n : {1, 2, 3})
      for (int i : {2, 3, 4}) {
        std::map<int, long long> memo;
        for (int h = m; h <= m + 14; ++h) {
          long long expect = paper_count(h, m, n, i, memo);
          if (expect > 200000) break;
          topo::fibonacci_tree t("fib", h, m, n, i);
          BOOST_TEST(t.node_count() == expect, "h=" << h << " m=" << m << " n=" << n << " i=" << i);
          BOOST_TEST(t.links().size() == 2u * static_cast<std::size_t>(expect - 1));  // a tree
        }
      }
}

BOOST_AUTO_TEST_CASE(t_h_joins_t_h_minus_1_and_t_h_minus_2_at_the_root_of_t_h_minus_1) {
  test::registries reg;
  for (int h = 3; h <= 10; ++h) {
    auto t = reg.make("fib:" + std::to_string(h));
    const auto& tree = dynamic_cast<const topo::fibonacci_tree&>(*t);
    BOOST_TEST(tree.root() == 0);
    // Each join adds one child to the surviving root: T_3 .. T_h make h-2 of them.
    BOOST_TEST(t->out_links(0).size() == static_cast<std::size_t>(h - 2));
    // The subtree under the newest child is a T_{h-2}: the root's last child holds N_{h-2} nodes.
    auto dist = topo::bfs_distances(*t, 0);
    BOOST_TEST(*std::max_element(dist.begin(), dist.end()) == (h - 1) / 2, "h=" << h);
  }
}

BOOST_AUTO_TEST_SUITE_END()
