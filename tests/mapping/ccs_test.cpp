// Concurrent Communication Sets (seed 004, Fig. 2) on hand-made logs whose sets are known, and on
// the NAS CG kernel, which the paper says makes 4 sets on 8x4 and 8x8 task grids (§5.5).
#include <boost/test/unit_test.hpp>

#include <string>
#include <vector>

#include "weft/mapping/ccs.hpp"
#include "weft/mapping/nas_cg.hpp"
#include "weft_test/refusal.hpp"

namespace {

using namespace weft::mapping;
constexpr std::int64_t MiB = 1 << 20;

std::vector<message> msgs(std::initializer_list<message> l) { return l; }

}  // namespace

BOOST_AUTO_TEST_SUITE(ccs_extraction)

BOOST_AUTO_TEST_CASE(a_ping_pong_is_two_sets) {
  // PE 0: send(1) recv(1)     PE 1: recv(0) send(0)
  // Round 0 reaches PE 0's send and PE 1's recv: each one's partner is reached, both execute.
  comm_log_builder b(2);
  b.send(0, 1, MiB);
  b.recv(0, 1, MiB);
  b.recv(1, 0, MiB);
  b.send(1, 0, MiB);
  auto r = extract_ccs(std::move(b).build());
  BOOST_TEST_REQUIRE(r.sets.size() == 2u);
  BOOST_TEST((r.sets[0].messages == msgs({{0, 1, MiB}})));
  BOOST_TEST((r.sets[1].messages == msgs({{1, 0, MiB}})));
  BOOST_TEST(r.rounds == 2);
}

BOOST_AUTO_TEST_CASE(a_ring_of_isends_then_recvs_is_one_set) {
  // PE p: isend(p+1) recv(p-1) wait   (4 PEs): every isend in round 0, the waits in round 1.
  comm_log_builder b(4);
  for (int p = 0; p < 4; ++p) {
    const int req = b.isend(p, (p + 1) % 4, 64);
    b.recv(p, (p + 3) % 4, 64);
    b.wait(p, req);
  }
  auto r = extract_ccs(std::move(b).build());
  BOOST_TEST_REQUIRE(r.sets.size() == 1u);
  BOOST_TEST((r.sets[0].messages == msgs({{0, 1, 64}, {1, 2, 64}, {2, 3, 64}, {3, 0, 64}})));
  BOOST_TEST(r.rounds == 2);
}

BOOST_AUTO_TEST_CASE(a_chain_of_blocking_sends_is_one_set_per_link) {
  // PE 0: send(1); PE 1: recv(0) send(2); PE 2: recv(1) send(3); PE 3: recv(2).
  comm_log_builder b(4);
  b.send(0, 1, 100);
  for (int p = 1; p < 4; ++p) {
    b.recv(p, p - 1, 100);
    if (p < 3) b.send(p, p + 1, 100);
  }
  auto r = extract_ccs(std::move(b).build());
  BOOST_TEST_REQUIRE(r.sets.size() == 3u);
  BOOST_TEST((r.sets[0].messages == msgs({{0, 1, 100}})));
  BOOST_TEST((r.sets[1].messages == msgs({{1, 2, 100}})));
  BOOST_TEST((r.sets[2].messages == msgs({{2, 3, 100}})));
}

BOOST_AUTO_TEST_CASE(the_result_does_not_depend_on_the_order_pes_are_scanned_in) {
  // The chain backwards (PE 3 sends to 2, ...): same three sets, one link each.
  comm_log_builder b(4);
  b.send(3, 2, 100);
  for (int p = 2; p >= 0; --p) {
    b.recv(p, p + 1, 100);
    if (p > 0) b.send(p, p - 1, 100);
  }
  auto r = extract_ccs(std::move(b).build());
  BOOST_TEST_REQUIRE(r.sets.size() == 3u);
  BOOST_TEST((r.sets[0].messages == msgs({{3, 2, 100}})));
  BOOST_TEST((r.sets[2].messages == msgs({{1, 0, 100}})));
}

BOOST_AUTO_TEST_CASE(a_log_that_can_never_progress_is_reported) {
  comm_log_builder b(2, "dl");
  b.recv(0, 1, 8);
  b.send(0, 1, 8);
  b.recv(1, 0, 8);
  b.send(1, 0, 8);
  auto log = std::move(b).build();
  BOOST_TEST(weft_test::refusal([&] { extract_ccs(log); }) ==
             "dl: the log can never progress after 0 rounds (a deadlock); waiting: PE 0 recv from 1, PE 1 recv from 0");
}

BOOST_AUTO_TEST_CASE(the_nas_cg_kernel_is_four_sets_on_the_papers_grids) {
  // Paper §5.5: 8 tasks per row -> 3 steps of recursive doubling, then the transpose: 4 CCS.
  // 8x4 in the paper is 8 columns (tasks per row) by 4 rows: NPB's npcols = 2 * nprows.
  for (auto [rows, cols] : {std::pair{4, 8}, std::pair{8, 8}}) {
    BOOST_TEST_CONTEXT(rows << "x" << cols) {
      auto r = extract_ccs(nas_cg_log(rows, cols, MiB));
      BOOST_TEST_REQUIRE(r.sets.size() == 4u);
      BOOST_TEST(r.rounds == 8);  // each step: (irecv, send) then its wait alone
      const int tasks = rows * cols;
      for (int step = 0; step < 3; ++step) {
        const int d = cols >> (step + 1);  // 4, 2, 1
        std::vector<message> want;
        for (int t = 0; t < tasks; ++t) want.push_back({t, (t / cols) * cols + ((t % cols) ^ d), MiB});
        BOOST_TEST((r.sets[static_cast<std::size_t>(step)].messages == want));
      }
      std::vector<message> transpose;
      for (int t = 0; t < tasks; ++t) transpose.push_back({t, nas_cg_exchange_partner(rows, cols, t), MiB});
      BOOST_TEST((r.sets[3].messages == transpose));
    }
  }
  // The transpose partners by hand: 8x8 swaps row and column; 4x8 (NPB's exch_proc for
  // npcols = 2 nprows) pairs task 2 with 8, 3 with 9, and keeps 0, 1 (diagonal blocks) home.
  BOOST_TEST(nas_cg_exchange_partner(8, 8, 1) == 8);
  BOOST_TEST(nas_cg_exchange_partner(8, 8, 9) == 9);
  BOOST_TEST(nas_cg_exchange_partner(4, 8, 2) == 8);
  BOOST_TEST(nas_cg_exchange_partner(4, 8, 3) == 9);
  BOOST_TEST(nas_cg_exchange_partner(4, 8, 1) == 1);
  BOOST_TEST(weft_test::refusal([] { nas_cg_log(3, 8, 1); }) ==
             "NAS CG grid 3x8: COLS must be a power of two equal to ROWS or 2 * ROWS (NPB's shapes, e.g. 8x8, 4x8)");
}

BOOST_AUTO_TEST_CASE(the_nas_cg_log_file_reads_back_as_the_built_in_kernel) {
  // tests/data/ccs/nas_cg_4x8.jsonl (what weft ccs and the docs show) holds the same calls.
  auto from_file = extract_ccs(read_comm_log_file(std::string(WEFT_TEST_DATA) + "/ccs/nas_cg_4x8.jsonl"));
  auto built = extract_ccs(nas_cg_log(4, 8, MiB));
  BOOST_TEST_REQUIRE(from_file.sets.size() == built.sets.size());
  for (std::size_t k = 0; k < built.sets.size(); ++k) BOOST_TEST((from_file.sets[k].messages == built.sets[k].messages));
  BOOST_TEST(from_file.rounds == built.rounds);
}

BOOST_AUTO_TEST_SUITE_END()
