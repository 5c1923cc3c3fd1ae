// Each pattern's destinations on small machines, by hand; and the one-line refusals.
#define BOOST_TEST_MODULE traffic patterns
#include <boost/test/unit_test.hpp>

#include <random>
#include <set>
#include <string>
#include <vector>

#include "weft/machine.hpp"
#include "weft/traffic/pattern.hpp"
#include "weft/traffic/random.hpp"
#include "weft_test/refusal.hpp"

namespace {

using namespace weft::traffic;
using weft::node_id;

pattern on(const std::string& spec, const std::string& machine) {
  weft::machine m(machine);
  return pattern::parse(spec, node_grid::of(m.topo()), m.topo().spec());
}

std::vector<node_id> table(const pattern& p) {
  random_stream rng(1, 0);
  std::vector<node_id> out;
  for (node_id s = 0; s < p.nodes(); ++s) out.push_back(p.destination(s, rng));
  return out;
}

std::string refusal_of(const std::string& spec, const std::string& machine) {
  return weft_test::refusal([&] { on(spec, machine); });
}

}  // namespace

BOOST_AUTO_TEST_CASE(the_block_generator_is_std_mt19937_64) {
  // Seeds with high and low bits set, past several blocks of 312 outputs.
  for (const std::uint64_t seed : {0ULL, 1ULL, 5489ULL, 0x9e3779b97f4a7c15ULL, ~0ULL}) {
    std::mt19937_64 library(seed);
    mt19937_64_blocks blocks(seed);
    int differ = 0;
    for (int i = 0; i < 5000; ++i) differ += library() != blocks() ? 1 : 0;
    BOOST_TEST(differ == 0);
  }
}

BOOST_AUTO_TEST_CASE(draws_before_skips_what_unit_below_answers_false) {
  // The same stream twice: the gaps draws_before finds, across blocks of 312 draws and with
  // `most` cutting a gap short (then exactly `most` are drawn), are unit_below's runs of false,
  // and a draw after each gap is the same draw on both.
  for (const double p : {1e-300, 0x1.0p-53, 0.002, 0.02, 0.07, 0.5, 1 - 0x1.0p-53, 1.0}) {
    const random_stream::below_threshold threshold(p);
    random_stream a(9, 4), b(9, 4);
    int differ = 0;
    for (int gap = 0; gap < 3000; ++gap) {
      const std::uint64_t most = 1 + static_cast<std::uint64_t>(gap % 7) * 150;
      std::uint64_t before = 0;
      while (before < most && !a.unit_below(threshold)) ++before;
      differ += b.draws_before(threshold, most) != before ? 1 : 0;
      differ += a.below(1000) != b.below(1000) ? 1 : 0;  // (a destination's draw between two gaps)
    }
    BOOST_TEST(differ == 0, "p = " << p);
  }
  random_stream c(1, 2);
  BOOST_TEST(c.draws_before(random_stream::below_threshold(0.5), 0) == 0u);  // nothing left to draw
}

BOOST_AUTO_TEST_CASE(an_integer_threshold_draws_what_unit_below_p_draws) {
  // The same stream twice: unit() < p and unit_below(p) agree draw for draw, for the loads a
  // schedule uses, the ends, and p = k * 2^-53 exactly, where k itself must not pass.
  for (const double p : {0.0, 1e-300, 0x1.0p-53, 0.02, 0.07, 1.0 / 3, 0.5, 0.0784 / 16, 1 - 0x1.0p-53, 1.0}) {
    random_stream a(9, 4), b(9, 4);
    const random_stream::below_threshold threshold(p);
    int differ = 0;
    for (int i = 0; i < 20000; ++i) differ += (a.unit() < p) != b.unit_below(threshold) ? 1 : 0;
    BOOST_TEST(differ == 0, "p = " << p);
  }
  BOOST_TEST(random_stream::below_threshold(0x1.0p-53 * 12345).bound() == 12345u);  // k = 12345 is not below
  BOOST_TEST(random_stream::below_threshold(0.5).bound() == std::uint64_t{1} << 52);
}

BOOST_AUTO_TEST_CASE(bit_permutations_on_three_and_four_bits_by_hand) {
  BOOST_TEST(bit_complement(3, 3) == 4);  // 011 -> 100
  BOOST_TEST(bit_complement(0, 3) == 7);
  BOOST_TEST(bit_reversal(1, 3) == 4);    // 001 -> 100
  BOOST_TEST(bit_reversal(6, 3) == 3);    // 110 -> 011
  BOOST_TEST(bit_reversal(5, 3) == 5);    // a palindrome stays: no packet
  BOOST_TEST(shuffle(5, 3) == 3);         // 101 -> 011 (rotate left)
  BOOST_TEST(shuffle(4, 3) == 1);         // 100 -> 001
  BOOST_TEST(bit_transpose(1, 4) == 4);   // 00|01 -> 01|00
  BOOST_TEST(bit_transpose(6, 4) == 9);   // 01|10 -> 10|01
}

BOOST_AUTO_TEST_CASE(permutation_patterns_are_tables_over_the_nodes) {
  BOOST_TEST(table(on("bit-complement", "ring:8")) == (std::vector<node_id>{7, 6, 5, 4, 3, 2, 1, 0}));
  BOOST_TEST(table(on("bit-reversal", "ring:8")) == (std::vector<node_id>{0, 4, 2, 6, 1, 5, 3, 7}));
  BOOST_TEST(table(on("shuffle", "ring:8")) == (std::vector<node_id>{0, 2, 4, 6, 1, 3, 5, 7}));
}

BOOST_AUTO_TEST_CASE(tornado_and_neighbour_use_the_ring_without_coordinates_and_the_grid_with_them) {
  // ring:8 has shape {8}: tornado adds (8+1)/2 - 1 = 3, neighbour 1.
  BOOST_TEST(table(on("tornado", "ring:8")) == (std::vector<node_id>{3, 4, 5, 6, 7, 0, 1, 2}));
  BOOST_TEST(table(on("neighbour", "ring:8")) == (std::vector<node_id>{1, 2, 3, 4, 5, 6, 7, 0}));
  // mesh:4x4, node = x + 4y: tornado adds (4+1)/2 - 1 = 1 on both axes; neighbour 1 on both.
  auto tornado = table(on("tornado", "mesh:4x4"));
  BOOST_TEST(tornado[0] == 5);    // (0,0) -> (1,1)
  BOOST_TEST(tornado[15] == 0);   // (3,3) -> (0,0)
  auto neighbour = table(on("neighbor", "mesh:4x4"));
  BOOST_TEST(neighbour[3] == 4);  // (3,0) -> (0,1)
  BOOST_TEST(neighbour[6] == 11); // (2,1) -> (3,2)
  // A fat tree has no shape: its compute nodes are one ring.
  auto ft = on("neighbour", "fattree:2,3");
  BOOST_TEST(ft.nodes() == 8);
  BOOST_TEST(table(ft)[7] == 0);
}

BOOST_AUTO_TEST_CASE(transpose_swaps_coordinates_on_a_square_grid_and_bits_otherwise) {
  auto grid = table(on("transpose", "mesh:4x4"));
  BOOST_TEST(grid[1] == 4);   // (1,0) -> (0,1)
  BOOST_TEST(grid[6] == 9);   // (2,1) -> (1,2)
  BOOST_TEST(grid[5] == 5);   // the diagonal stays: no packet
  auto bits = table(on("transpose", "ring:16"));
  BOOST_TEST(bits[1] == 4);
  BOOST_TEST(bits[6] == 9);
}

BOOST_AUTO_TEST_CASE(uniform_never_picks_the_source_and_reaches_every_other_node) {
  auto p = on("uniform", "ring:8");
  random_stream rng(7, 3);
  std::set<node_id> seen;
  for (int i = 0; i < 2000; ++i) {
    auto d = p.destination(3, rng);
    BOOST_TEST(d != 3);
    seen.insert(d);
  }
  BOOST_TEST(seen == (std::set<node_id>{0, 1, 2, 4, 5, 6, 7}));
}

BOOST_AUTO_TEST_CASE(hotspot_sends_its_fraction_to_the_hot_node) {
  auto all = on("hotspot:1:5", "ring:8");
  random_stream rng(1, 0);
  for (int i = 0; i < 100; ++i) BOOST_TEST(all.destination(2, rng) == 5);
  BOOST_TEST(all.destination(5, rng) == 5);  // the hot node's own: not created
  auto none = on("hotspot:0", "ring:8");
  int to_zero = 0;
  for (int i = 0; i < 700; ++i) to_zero += none.destination(2, rng) == 0 ? 1 : 0;
  BOOST_TEST(to_zero > 50);  // fraction 0: uniform, node 0 gets about 1/7 like the others
  BOOST_TEST(to_zero < 150);
}

BOOST_AUTO_TEST_CASE(patterns_that_do_not_fit_are_refused_in_one_line) {
  BOOST_TEST(refusal_of("bit-complement", "ring:6") ==
             "--pattern bit-complement needs a power-of-two node count (at least 2); ring:6 has 6 nodes");
  BOOST_TEST(refusal_of("transpose", "ring:8") ==
             "--pattern transpose needs a square 2D grid or a power-of-four node count (at least 4); ring:8 has 8 nodes");
  BOOST_TEST(refusal_of("tornado", "hypercube:3") ==
             "--pattern tornado sends every node to itself on hypercube:3: no packet would be created");
  BOOST_TEST(refusal_of("zipf", "ring:8").starts_with("unknown pattern 'zipf' (known: uniform, transpose, bit-complement"));
  BOOST_TEST(refusal_of("trace", "ring:8") ==
             "--pattern trace needs a file: trace:FILE, as 'weft run ... --messages FILE' writes it");
  BOOST_TEST(refusal_of("hotspot:1.5", "ring:8") == "--pattern hotspot:1.5: fraction '1.5' is not a number in [0, 1]");
  BOOST_TEST(refusal_of("hotspot:0.2:8", "ring:8") == "--pattern hotspot:0.2:8: node '8' is not a node of ring:8 (0 .. 7)");
  BOOST_TEST(refusal_of("uniform:3", "ring:8") == "--pattern uniform:3: uniform takes no parameters");
}
