// The injection schedule: reproducible for a seed, independent per node, and its offered load
// within a binomial tolerance of the load asked for.
#define BOOST_TEST_MODULE traffic schedule
#include <boost/test/unit_test.hpp>

#include <algorithm>
#include <cmath>
#include <vector>

#include "weft/machine.hpp"
#include "weft/traffic/schedule.hpp"
#include "weft_test/refusal.hpp"

namespace {

using namespace weft::traffic;

pattern on(const std::string& spec, const std::string& machine) {
  weft::machine m(machine);
  return pattern::parse(spec, node_grid::of(m.topo()), m.topo().spec());
}

params short_run(std::int64_t cycles, std::uint64_t seed) {
  params p;
  p.cycles = cycles;
  p.warmup = cycles / 10;
  p.seed = seed;
  return p;
}

std::vector<std::int64_t> cycles_of(const std::vector<send>& sends) {
  std::vector<std::int64_t> out;
  for (const auto& s : sends) out.push_back(s.cycle);
  return out;
}

}  // namespace

BOOST_AUTO_TEST_CASE(a_seed_gives_the_same_schedule_and_another_seed_another) {
  const auto p = on("uniform", "torus:4x4");
  const auto a = build_schedule(p, 0.2, short_run(5000, 42)), b = build_schedule(p, 0.2, short_run(5000, 42));
  const auto c = build_schedule(p, 0.2, short_run(5000, 43));
  BOOST_TEST(a.packets == b.packets);
  for (std::size_t n = 0; n < a.sends.size(); ++n) {
    BOOST_TEST(cycles_of(a.sends[n]) == cycles_of(b.sends[n]));
    for (std::size_t i = 0; i < a.sends[n].size(); ++i) BOOST_TEST(a.sends[n][i].dest == b.sends[n][i].dest);
  }
  BOOST_TEST(cycles_of(a.sends[0]) != cycles_of(c.sends[0]));
}

BOOST_AUTO_TEST_CASE(each_node_draws_from_its_own_stream) {
  // With a permutation no destination is drawn, so node 3's creation cycles depend on the seed
  // and the node alone: the same on ring:8 and ring:16.
  const auto small = build_schedule(on("neighbour", "ring:8"), 0.3, short_run(3000, 9));
  const auto large = build_schedule(on("neighbour", "ring:16"), 0.3, short_run(3000, 9));
  BOOST_TEST(cycles_of(small.sends[3]) == cycles_of(large.sends[3]));
}

BOOST_AUTO_TEST_CASE(sends_are_ordered_never_to_self_and_match_the_receipts) {
  const auto s = build_schedule(on("uniform", "ring:8"), 0.5, short_run(2000, 1));
  std::int64_t received = 0;
  std::vector<std::vector<expected_packet>> lists(static_cast<std::size_t>(s.nodes()));
  for (weft::node_id n = 0; n < s.nodes(); ++n) {
    const auto& mine = s.sends[static_cast<std::size_t>(n)];
    for (std::size_t i = 0; i < mine.size(); ++i) {
      BOOST_TEST(mine[i].dest != n);
      if (i > 0) BOOST_TEST(mine[i].cycle > mine[i - 1].cycle);  // at most one packet per cycle
      lists[static_cast<std::size_t>(mine[i].dest)].push_back({n, mine[i].cycle});
    }
  }
  for (weft::node_id n = 0; n < s.nodes(); ++n) {
    const auto& list = lists[static_cast<std::size_t>(n)];
    BOOST_TEST(std::is_sorted(list.begin(), list.end()));
    BOOST_TEST((s.receives_of(n) == list));
    // The receipt: the count and the sum of the mixes, as a node adds up its deliveries.
    expected_receipts sum;
    for (auto it = list.rbegin(); it != list.rend(); ++it) sum.add(it->source, it->cycle);  // any order
    BOOST_TEST((s.receipts[static_cast<std::size_t>(n)] == sum));
    received += s.receipts[static_cast<std::size_t>(n)].packets;
  }
  BOOST_TEST(received == s.packets);
}

BOOST_AUTO_TEST_CASE(a_receipt_tells_a_packet_lost_changed_or_doubled) {
  expected_receipts all, lost, changed, doubled;
  for (std::int64_t c = 0; c < 1000; ++c) all.add(static_cast<weft::node_id>(c % 7), c);
  for (std::int64_t c = 1; c < 1000; ++c) lost.add(static_cast<weft::node_id>(c % 7), c);
  for (std::int64_t c = 0; c < 1000; ++c) changed.add(static_cast<weft::node_id>(c % 7), c == 500 ? 501 : c);
  for (std::int64_t c = 0; c < 1000; ++c) doubled.add(static_cast<weft::node_id>(c % 7), c == 999 ? 998 : c);
  BOOST_TEST(lost.packets == 999);
  BOOST_TEST(changed.packets == all.packets);
  BOOST_TEST(changed.fingerprint != all.fingerprint);
  BOOST_TEST(doubled.packets == all.packets);
  BOOST_TEST(doubled.fingerprint != all.fingerprint);
  BOOST_TEST(expected_receipts::mix(1, 0) != expected_receipts::mix(0, 1));  // source and cycle kept apart
}

BOOST_AUTO_TEST_CASE(offered_load_is_within_five_binomial_deviations_of_the_load_asked_for) {
  // 64 nodes x 100,000 cycles of Bernoulli(0.1 / 16) trials: the packet count is binomial with
  // mean 40,000 and standard deviation sqrt(n p (1-p)) = 199.4. Five deviations (a true
  // generator fails that with probability 6e-7) is the tolerance; the seed is fixed, so the
  // test is deterministic.
  const auto s = build_schedule(on("uniform", "torus:8x8"), 0.1, short_run(100000, 1));
  const double n = 64.0 * 100000, q = 0.1 / 16, mean = n * q, sd = std::sqrt(n * q * (1 - q));
  BOOST_TEST(std::abs(static_cast<double>(s.packets) - mean) < 5 * sd, "packets " << s.packets << ", mean " << mean);
  // Uniform destinations: every node receives about 1/64 of them (binomial again, p = 1/64).
  const double per = mean / 64, per_sd = std::sqrt(static_cast<double>(s.packets) * (1.0 / 64) * (63.0 / 64));
  for (const auto& r : s.receipts) BOOST_TEST(std::abs(static_cast<double>(r.packets) - per) < 5 * per_sd + 5 * sd / 64);
  BOOST_TEST(packets_bound(64, 0.1, short_run(100000, 1)) > s.packets);
}

BOOST_AUTO_TEST_CASE(loads_and_runs_outside_their_ranges_are_refused) {
  using weft_test::refusal;
  BOOST_TEST(parse_loads("0.01:0.15:0.01").size() == 15u);
  BOOST_TEST(parse_loads("0.01:0.15:0.01").back() == 0.15);
  BOOST_TEST(parse_loads("0.3,0.1") == (std::vector<double>{0.3, 0.1}));
  BOOST_TEST(refusal([] { parse_loads("0"); }) == "--load 0 is outside (0, 1] flits/node/cycle");
  BOOST_TEST(refusal([] { parse_loads("0.1:1.5:0.1"); }) == "--load 1.5 is outside (0, 1] flits/node/cycle");
  BOOST_TEST(refusal([] { parse_loads("0.2:0.1:0.01"); }) == "--load '0.2:0.1:0.01': LO 0.2 is above HI 0.1");
  BOOST_TEST(refusal([] { parse_loads("0.1:0.2:0"); }) == "--load '0.1:0.2:0': STEP 0 must be more than 0");
  BOOST_TEST(refusal([] { parse_loads("0.1:0.2"); }) == "--load '0.1:0.2' is not a range LO:HI:STEP (e.g. 0.01:0.15:0.01)");
  BOOST_TEST(refusal([] { parse_loads("lots"); }).starts_with("--load 'lots': 'lots' is not a number"));
  BOOST_TEST(refusal([] { short_run(0, 1).validate(); }) == "--cycles 0 must be at least 1");
  params p = short_run(1000, 1);
  p.warmup = 1000;
  BOOST_TEST(refusal([&] { p.validate(); }) == "--warmup 1000 must be in [0, --cycles 1000) (packets created after it are measured)");
}
