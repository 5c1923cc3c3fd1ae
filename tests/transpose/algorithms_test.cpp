// The other algorithms and the measurement itself: Bhuyan–Agrawal's Table 1 figures, the direct
// algorithm's routes, additivity of the two parts for the lockstep algorithms, the split layout,
// the registry, and bit-identical results on any number of worker threads.
#define BOOST_TEST_MODULE transpose algorithms
#include <boost/test/data/test_case.hpp>
#include <boost/test/unit_test.hpp>

#include "weft_test/refusal.hpp"

#include "weft/transpose/lower_bound.hpp"
#include "weft/transpose/measure.hpp"
#include "weft/transpose/programs.hpp"
#include "weft/transpose/registry.hpp"
#include "weft/transpose/table1.hpp"

namespace bdata = boost::unit_test::data;
using namespace weft::transpose;
using weft::vtime;

namespace {

const weft::byte_time tau_one{1, 1};

}  // namespace

BOOST_DATA_TEST_CASE(bhuyan_agrawal_costs_n2_over_2p_times_p_minus_1_tau_and_p_minus_1_alpha_on_illiac,
                     bdata::make({4, 16, 64}) ^ bdata::make({32, 64, 128}), pes, n) {
  layout l(n, pes);
  auto m = measure(machine_kind::illiac, l, bhuyan_agrawal(l, machine_kind::illiac), vtime::ticks(1), tau_one);
  auto paper = table1_cost("bhuyan-agrawal", machine_kind::illiac, l);
  BOOST_REQUIRE(paper.has_value());
  BOOST_TEST(paper->transfer.den == 1);
  BOOST_TEST(m.transfer.ps == paper->transfer.num);
  BOOST_TEST(m.switching.ps == paper->switching);
}

BOOST_DATA_TEST_CASE(two_phase_makespan_is_transfer_plus_switching_under_any_alpha_and_tau,
                     bdata::make({machine_kind::pax, machine_kind::illiac}), kind) {
  layout l(64, 16);
  auto m = measure(kind, l, two_phase(l, kind), vtime::ticks(7), weft::byte_time{3, 1});
  BOOST_TEST(m.transfer.ps == 3 * 64 * 64 / 8);
  BOOST_TEST(m.switching.ps == 7 * 6);
  BOOST_TEST(m.makespan.ps == m.transfer.ps + m.switching.ps);
  BOOST_TEST(m.full.pes[5].sent_messages == 6u);  // one message per step
}

BOOST_DATA_TEST_CASE(every_block_of_the_direct_algorithm_takes_a_shortest_route_so_link_traffic_is_u_lb,
                     bdata::make({machine_kind::pax, machine_kind::illiac}) * bdata::make({16, 64}), kind, pes) {
  for (std::int64_t n : {std::int64_t{16}, std::int64_t{64}}) {
    layout l(n, pes);
    auto m = measure(kind, l, direct(l, kind), vtime::ticks(1), tau_one);
    BOOST_TEST(m.total_link_elements == unit_transfers_closed_form(kind, l));
  }
}

BOOST_AUTO_TEST_CASE(two_phase_on_illiac_moves_more_than_u_lb_because_some_blocks_go_the_long_way) {
  // Fig. 5: PE 0's blocks for PEs 10 and 14 (P = 16) do not take a shortest path, hence
  // P·N²/(2√P) unit transfers against u_LB = N²√P/2 − N²/(2√P).
  layout l(64, 16);
  auto pax = measure(machine_kind::pax, l, two_phase(l, machine_kind::pax), vtime::zero(), tau_one);
  auto il = measure(machine_kind::illiac, l, two_phase(l, machine_kind::illiac), vtime::zero(), tau_one);
  BOOST_TEST(pax.total_link_elements == unit_transfers_closed_form(machine_kind::pax, l));
  BOOST_TEST(il.total_link_elements == 16 * 64 * 64 / 8);
  BOOST_TEST(il.total_link_elements - unit_transfers_closed_form(machine_kind::illiac, l) == 64 * 64 / 8);
}

BOOST_DATA_TEST_CASE(every_algorithm_transposes_the_split_layout_and_pe_forwarded_ones_respect_the_bound,
                     bdata::make({machine_kind::pax, machine_kind::illiac}) * bdata::make({16, 64, 256}), kind,
                     pes) {
  algorithm_registry registry;
  register_transpose_algorithms(registry);
  for (std::int64_t n = 4; n < pes; n *= 2) {
    if (static_cast<std::int64_t>(pes) >= n * n) continue;
    layout l(n, pes);
    BOOST_REQUIRE(!l.whole_rows());
    for (const auto& a : registry.entries()) {
      if (!a.runs_on(kind)) continue;
      BOOST_TEST_CONTEXT(a.name << " on " << kind << " " << l.describe()) {
        // measure() throws if any PE finds a wrong element of Aᵀ.
        auto m = measure(kind, l, a.make(l, kind), vtime::ticks(1), tau_one);
        const auto bound = lower_bound(kind, l);
        // The paper's bound counts PE-to-PE forwards; routers forwarding in parallel (direct) may
        // beat it, PE-forwarded shifts may not.
        if (a.name != "direct") BOOST_TEST(m.transfer.ps * bound.den >= bound.num);
        BOOST_TEST(m.total_link_elements >= unit_transfers_closed_form(kind, l));
      }
    }
  }
}

BOOST_AUTO_TEST_CASE(an_unknown_algorithm_is_refused_with_the_list_of_known_ones) {
  algorithm_registry registry;
  register_transpose_algorithms(registry);
  layout l(16, 4);
  BOOST_TEST(weft_test::refusal([&] { make_program(registry, "fast", l, machine_kind::pax); }) ==
             "unknown transpose algorithm 'fast' (known: two-phase, direct, bhuyan-agrawal)");
  BOOST_CHECK_THROW(make_program(registry, "bhuyan-agrawal", l, machine_kind::pax), std::invalid_argument);
}

BOOST_DATA_TEST_CASE(direct_gives_bit_identical_times_and_link_reports_on_any_number_of_workers,
                     bdata::make({1, 2, 4}), workers) {
  layout l(64, 64);
  auto run = [&](int w) {
    weft::run_options options;
    options.workers = w;
    return measure(machine_kind::pax, l, direct(l, machine_kind::pax), vtime::ticks(5), tau_one, options);
  };
  auto reference = run(1);
  auto m = run(workers);
  BOOST_TEST(m.transfer.ps == reference.transfer.ps);
  BOOST_TEST(m.switching.ps == reference.switching.ps);
  BOOST_TEST(m.makespan.ps == reference.makespan.ps);
  BOOST_REQUIRE(m.full.links.size() == reference.full.links.size());
  for (std::size_t i = 0; i < m.full.links.size(); ++i) {
    BOOST_TEST(m.full.links[i].bytes == reference.full.links[i].bytes);
    BOOST_TEST(m.full.links[i].waited == reference.full.links[i].waited);
    BOOST_TEST(m.full.links[i].wait_total.ps == reference.full.links[i].wait_total.ps);
  }
}
