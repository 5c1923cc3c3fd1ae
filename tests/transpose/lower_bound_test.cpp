// The lower bounds (3.1)–(3.4): closed forms against the sum of L(s(x), d(x)) over every
// element, for both layouts, and the paper's distance formulas against breadth-first search on
// weft's own pax and illiac topologies.
#define BOOST_TEST_MODULE transpose lower bounds
#include <boost/test/data/test_case.hpp>
#include <boost/test/unit_test.hpp>

#include "weft/topo/analysis.hpp"
#include "weft/topology_registry.hpp"
#include "weft/transpose/lower_bound.hpp"
#include "weft/transpose/table1.hpp"

namespace bdata = boost::unit_test::data;
using namespace weft::transpose;

BOOST_DATA_TEST_CASE(closed_form_and_summed_lower_bounds_agree_for_both_layouts_up_to_n_1024,
                     bdata::make({machine_kind::pax, machine_kind::illiac}) * bdata::make({4, 16, 64, 256, 1024}),
                     kind, pes) {
  int checked_split = 0, checked_rows = 0;
  for (std::int64_t n = 2; n <= 1024; n *= 2) {
    if (pes >= n * n) continue;
    layout l(n, pes);
    BOOST_TEST_CONTEXT(to_string(kind) << " " << l.describe()) {
      BOOST_TEST(unit_transfers_summed(kind, l) == unit_transfers_closed_form(kind, l));
    }
    (l.whole_rows() ? checked_rows : checked_split) += 1;
  }
  BOOST_TEST(checked_rows > 0);
  if (pes > 4) BOOST_TEST(checked_split > 0);  // P = 4 has no N with N < 4 < N²
}

BOOST_AUTO_TEST_CASE(the_bounds_have_the_values_of_formulas_3_1_to_3_4) {
  // P = 16 (√P = 4), N = 16: (3.1) 256/8 − 256/128 = 30, (3.2) 256/8 = 32.
  BOOST_TEST(lower_bound(machine_kind::illiac, layout(16, 16)) == (fraction{30, 1}));
  BOOST_TEST(lower_bound(machine_kind::pax, layout(16, 16)) == (fraction{32, 1}));
  // P = 64 (√P = 8), N = 16: (3.3) 256/16 − 16/32 = 31/2, (3.4) 256/16 = 16.
  BOOST_TEST(lower_bound(machine_kind::illiac, layout(16, 64)) == (fraction{31, 2}));
  BOOST_TEST(lower_bound(machine_kind::pax, layout(16, 64)) == (fraction{16, 1}));
  BOOST_TEST(lower_bound(machine_kind::illiac, layout(16, 64)).str() == "31/2");
}

BOOST_AUTO_TEST_CASE(table_1_gives_the_two_phase_and_bhuyan_agrawal_costs_only_where_the_paper_does) {
  auto two = table1_cost("two-phase", machine_kind::pax, layout(64, 16));
  BOOST_REQUIRE(two.has_value());
  BOOST_TEST(two->transfer == (fraction{512, 1}));  // 4096 / 8
  BOOST_TEST(two->switching == 6);                  // 2(4 − 1)
  auto ba = table1_cost("bhuyan-agrawal", machine_kind::illiac, layout(64, 16));
  BOOST_REQUIRE(ba.has_value());
  BOOST_TEST(ba->transfer == (fraction{1920, 1}));  // 4096/32 · 15
  BOOST_TEST(ba->switching == 15);
  BOOST_TEST(!table1_cost("bhuyan-agrawal", machine_kind::pax, layout(64, 16)).has_value());
  BOOST_TEST(!table1_cost("two-phase", machine_kind::pax, layout(16, 64)).has_value());  // open problem
  BOOST_TEST(!table1_cost("direct", machine_kind::illiac, layout(64, 16)).has_value());
}

BOOST_DATA_TEST_CASE(the_paper_distances_are_the_hop_counts_of_weft_pax_and_illiac_topologies,
                     bdata::make({machine_kind::pax, machine_kind::illiac}) * bdata::make({4, 16, 64, 256}), kind,
                     pes) {
  weft::topology_registry registry;
  weft::register_builtin_topologies(registry);
  auto topo = registry.make(topology_spec(kind, pes));
  int q = 1;
  while (q * q < pes) ++q;
  for (int a = 0; a < pes; ++a) {
    auto bfs = weft::topo::bfs_distances(*topo, a);
    for (int b = 0; b < pes; ++b)
      BOOST_TEST_REQUIRE(distance(kind, q, a, b) == bfs[static_cast<std::size_t>(b)]);
  }
}

// weft transpose prints α, τ and the paper's times from fractions: exact decimals, never rounded.
BOOST_AUTO_TEST_CASE(fractions_print_as_exact_decimals_when_they_have_one) {
  BOOST_TEST(fraction::of(1, 2).decimal() == "0.5");
  BOOST_TEST(fraction::of(3584, 5).decimal() == "716.8");
  BOOST_TEST(fraction::of(1, 1000000).decimal() == "0.000001");
  BOOST_TEST(fraction::of(42, 1).decimal() == "42");
  BOOST_TEST((fraction{4, 2}.decimal()) == "2");  // not reduced: still a whole number
  BOOST_TEST(fraction::of(31, 3).decimal() == "31/3");  // no finite decimal
}
