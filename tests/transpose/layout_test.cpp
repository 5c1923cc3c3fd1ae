// Row-wise layouts of seed 000 (Fig. 1): ownership, block structure, the end-of-run check of
// Aᵀ, and the one-line errors for N, P outside the paper's ranges.
#define BOOST_TEST_MODULE transpose layout
#include <boost/test/data/test_case.hpp>
#include <boost/test/unit_test.hpp>

#include "weft_test/refusal.hpp"

#include <set>

#include "weft/transpose/blocks.hpp"
#include "weft/transpose/layout.hpp"

namespace bdata = boost::unit_test::data;
using namespace weft::transpose;

namespace {

std::string error_of(std::int64_t n, int pes) {
  return weft_test::refusal([&] { layout l(n, pes); });
}

}  // namespace

BOOST_DATA_TEST_CASE(every_element_has_one_owner_and_blocks_partition_each_pe,
                     bdata::make({16, 16, 8, 16, 32, 64}) ^ bdata::make({4, 16, 16, 64, 256, 16}), n, pes) {
  layout l(n, pes);
  std::vector<std::int64_t> held(static_cast<std::size_t>(l.pes()), 0);
  for (std::int64_t r = 0; r < l.n(); ++r)
    for (std::int64_t c = 0; c < l.n(); ++c) {
      int pe = l.owner(r, c);
      auto off = l.offset(r, c);
      BOOST_TEST_REQUIRE((l.position(pe, off) == std::pair{r, c}));
      held[static_cast<std::size_t>(pe)] += 1;
    }
  for (int pe = 0; pe < l.pes(); ++pe) {
    BOOST_TEST(held[static_cast<std::size_t>(pe)] == l.elements_per_pe());
    std::int64_t sent = 0;
    std::set<std::int64_t> sources, targets;
    for (int dst : l.partners(pe)) {
      // Symmetric: whoever I send to sends to me.
      auto back = l.partners(dst);
      BOOST_TEST(std::count(back.begin(), back.end(), pe) == 1);
      l.for_each_in_block(pe, dst, [&](std::int64_t s, std::int64_t) { sources.insert(s); });
      sent += l.block_size(pe, dst);
      l.for_each_in_block(dst, pe, [&](std::int64_t, std::int64_t d) { targets.insert(d); });
    }
    BOOST_TEST(sent == l.elements_per_pe());
    BOOST_TEST(static_cast<std::int64_t>(sources.size()) == l.elements_per_pe());
    BOOST_TEST(static_cast<std::int64_t>(targets.size()) == l.elements_per_pe());
  }
}

BOOST_AUTO_TEST_CASE(a_split_row_sends_one_element_to_each_of_n2_over_p_pes) {
  layout l(16, 64);  // a row over 4 PEs of 4 elements
  BOOST_TEST(!l.whole_rows());
  for (int pe = 0; pe < l.pes(); ++pe) {
    auto partners = l.partners(pe);
    BOOST_TEST(partners.size() == 4u);
    for (int dst : partners) BOOST_TEST(l.block_size(pe, dst) == 1);
  }
  // The paper's groups: PE iN + k(P/N) + j sends to jN + k'(P/N) + i (i, j < P/N, k, k' < N²/P).
  BOOST_TEST((l.partners(16 + 4 * 2 + 3) == std::vector<int>{3 * 16 + 1, 3 * 16 + 4 + 1, 3 * 16 + 8 + 1, 3 * 16 + 12 + 1}));
}

BOOST_AUTO_TEST_CASE(delivering_every_block_passes_the_check_and_a_wrong_element_fails_it) {
  layout l(8, 4);
  std::vector<std::vector<block>> inbox(4);
  for (int pe = 0; pe < 4; ++pe)
    for (auto& b : initial_blocks(l, pe)) inbox[static_cast<std::size_t>(b.dst)].push_back(b);
  for (int pe = 0; pe < 4; ++pe) BOOST_CHECK_NO_THROW(place_and_verify(l, pe, inbox[static_cast<std::size_t>(pe)]));
  auto wrong = inbox[1];
  wrong[2].values[3] += 1;
  BOOST_CHECK_THROW(place_and_verify(l, 1, wrong), std::runtime_error);
  auto missing = inbox[2];
  missing.pop_back();
  BOOST_CHECK_THROW(place_and_verify(l, 2, missing), std::runtime_error);
  auto stray = inbox[3];
  stray.push_back(inbox[0].front());
  BOOST_CHECK_THROW(place_and_verify(l, 3, stray), std::runtime_error);
}

BOOST_AUTO_TEST_CASE(n_and_p_outside_the_paper_ranges_are_refused_in_one_line_naming_the_value) {
  BOOST_TEST(error_of(48, 16) == "N = 48 is not allowed: N must be a power of two from 2 to 8192");
  BOOST_TEST(error_of(64, 8).rfind("P = 8 is not allowed: P must be a power of 4", 0) == 0);
  BOOST_TEST(error_of(64, 2).rfind("P = 2 is not allowed", 0) == 0);
  BOOST_TEST(error_of(8, 256) ==
             "P = 256 is not allowed for N = 8: P must be below N² = 64 (the paper's layouts are P <= N and N < P < N²)");
  BOOST_TEST(error_of(8, 64).rfind("P = 64 is not allowed for N = 8", 0) == 0);  // P = N²
  BOOST_TEST(error_of(64, 16).empty());
  BOOST_CHECK_THROW(parse_machine_kind("torus"), std::invalid_argument);
}
