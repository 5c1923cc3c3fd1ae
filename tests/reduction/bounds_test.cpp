// The LogP (KSSS) summation bound beside the delay-aware optimum, the Fig. 5 sweep, and the
// answers to bad input.
#define BOOST_TEST_MODULE reduction bounds
#include <boost/test/unit_test.hpp>

#include "weft_test/refusal.hpp"

#include <sstream>
#include <string>

#include "support.hpp"
#include "weft/reduction/delay_aware_tree.hpp"
#include "weft/reduction/logp.hpp"
#include "weft/reduction/sweep.hpp"

namespace red = weft::reduction;
using reduction_test::make;

using weft_test::refusal;

BOOST_AUTO_TEST_CASE(with_no_overhead_the_logp_bound_is_the_delay_aware_capacity_for_binary_operations) {
  for (int m : {1, 2, 3, 7})
    for (int n : {1, 2, 5}) {
      auto f = red::delay_aware_capacity(60, m, n, 2);
      auto s = red::logp_summation_capacity(60, {m, 0, n});
      BOOST_TEST(f == s, "m = " << m << " n = " << n);
    }
  // L = 1, o = 0, unit additions: the Fibonacci numbers again.
  BOOST_TEST(red::logp_summation_capacity(6, {1, 0, 1}) == (std::vector<std::int64_t>{1, 2, 3, 5, 8, 13, 21}));
}

BOOST_AUTO_TEST_CASE(a_receive_overhead_makes_logp_slower_than_the_papers_model) {
  // L = 1, o = 1, unit additions: a partial sum costs its receiver a step, so remote operands
  // pay off later: S = 1, 2, 3, 4, 5, 6, 8, 10, 13 (the root adds locally until t = 5).
  BOOST_TEST(red::logp_summation_capacity(8, {1, 1, 1}) == (std::vector<std::int64_t>{1, 2, 3, 4, 5, 6, 8, 10, 13}));
  BOOST_TEST(red::logp_summation_time(1000, {1, 1, 1}) > red::delay_aware_height(1000, 1, 1, 2));
}

BOOST_AUTO_TEST_CASE(ternary_operations_beat_the_binary_logp_bound) {
  for (std::int64_t k : {10, 100, 1000}) BOOST_TEST(red::delay_aware_height(k, 1, 1, 3) < red::logp_summation_time(k, {1, 0, 1}));
}

BOOST_FIXTURE_TEST_CASE(the_fig5_sweep_shows_the_delay_aware_tree_about_30_percent_faster_for_large_k,
                        reduction_test::fixture) {
  weft::run_options opt;
  opt.workers = 2;
  auto rows = red::run_sweep(make(1, 1, 1, 2), red::doubling_sizes(4096), trees, ops.find("sum"), opt);
  BOOST_TEST(rows.size() == 13u);
  const auto& last = rows.back();
  BOOST_TEST(last.items == 4096);
  BOOST_TEST(last.delay_aware == 17);  // F(16) = 2584 < 4096 <= F(17) = 4181
  BOOST_TEST(last.binary == 23);       // 1 + 11·2
  BOOST_TEST(last.optimum == 17);
  BOOST_TEST(last.logp == 17);
  BOOST_TEST(last.ratio() < 0.75);
  for (const auto& r : rows) BOOST_TEST(r.delay_aware <= r.binary);
  std::ostringstream csv;
  red::write_sweep_csv(csv, rows);
  BOOST_TEST(csv.str().rfind("K,delay_aware_steps,binary_steps,ratio,optimum,logp_bound,delay_aware_pes,binary_pes\n"
                             "1,0,0,1.0000,0,0,1,1\n",
                             0) == 0u);
}

BOOST_FIXTURE_TEST_CASE(bad_parameters_are_refused_with_one_line_naming_the_value_and_the_range, reduction_test::fixture) {
  BOOST_TEST(refusal([] { make(0, 1, 1, 2).validate(); }) ==
             "-K 0: the number of data items must be between 1 and 1048576");
  BOOST_TEST(refusal([] { make(5, 0, 1, 2).validate(); }) ==
             "-m 0: the transfer time m must be a whole number of steps between 1 and 10000");
  BOOST_TEST(refusal([] { make(5, 1, -3, 2).validate(); }) ==
             "-n -3: the operation time n must be a whole number of steps between 1 and 10000");
  BOOST_TEST(refusal([] { make(5, 1, 1, 1).validate(); }) == "-i 1: the arity i of the operation must be between 2 and 64");
  BOOST_TEST(refusal([] { red::build_delay_aware_plan(make(-4, 1, 1, 2)); }).rfind("-K -4:", 0) == 0u);
  BOOST_TEST(refusal([] { red::parse_comm_charge("wire"); }) == "unknown --charge 'wire' (known: sender, link)");
  BOOST_TEST(refusal([&] { trees.find("fat"); }) == "unknown tree 'fat' (known: delay-aware, binary)");
  BOOST_TEST(refusal([&] { ops.find("min"); }) == "unknown operation 'min' (known: sum, max, matmul2)");
}
