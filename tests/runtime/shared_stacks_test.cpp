// --stacks shared (run_options::shared_stacks): PEs take turns on a few fiber stacks and a
// blocked PE's frames are copied out and back. Its frames must come back whole, at any depth and
// on any worker count, and nothing in a report may change.
#define BOOST_TEST_MODULE shared_stacks
#include <boost/test/data/test_case.hpp>
#include <boost/test/unit_test.hpp>

#include <array>
#include <atomic>
#include <cstdint>
#include <stdexcept>
#include <string>

#include "weft/machine.hpp"
#include "weft/programs/builtin.hpp"
#include "weft/run_budget.hpp"
#include "weft_test/unit_bytes.hpp"
#include "weft_test/virtual_json.hpp"

namespace bdata = boost::unit_test::data;

namespace {

std::string report_json(const weft::machine& m, int procs, const weft::program& prog, int workers, bool shared) {
  weft::run_options opt;
  opt.workers = workers;
  opt.sharing = weft::sharing_policy::always;
  opt.shared_stacks = shared;
  return weft_test::virtual_json(m, procs, prog, opt);
}

/// A frame of 256 bytes that knows what it holds: PE rank, depth and position.
std::uint8_t pattern(int rank, int depth, std::size_t i) {
  return static_cast<std::uint8_t>(rank * 131 + depth * 17 + static_cast<int>(i));
}

/// Recurses `depth` frames deep (each 256 bytes of its own, filled), then swaps tokens with both
/// neighbours `rounds` times (blocking each time, while other PEs run on the same stack), and
/// on the way back checks every frame. Returns the number of intact frames.
int deep_exchange(weft::pe& p, int depth, int rounds, std::uint64_t& token) {
  std::array<std::uint8_t, 256> mine;
  for (std::size_t i = 0; i < mine.size(); ++i) mine[i] = pattern(p.rank(), depth, i);
  int intact = 0;
  if (depth > 0) {
    intact = deep_exchange(p, depth - 1, rounds, token);
  } else {
    const int right = (p.rank() + 1) % p.size(), left = (p.rank() + p.size() - 1) % p.size();
    for (int r = 0; r < rounds; ++r) {
      auto got = p.irecv(left, weft::tag{1});
      p.send(right, weft::tag{1}, token);
      token = token * 1000003 + p.wait(got).as<std::uint64_t>();
    }
  }
  bool same = true;
  for (std::size_t i = 0; i < mine.size(); ++i) same = same && mine[i] == pattern(p.rank(), depth, i);
  return intact + (same ? 1 : 0);
}

}  // namespace

BOOST_DATA_TEST_CASE(frames_of_every_depth_come_back_whole_after_other_pes_ran_on_the_stack, bdata::make({1, 2, 4}),
                     workers) {
  // 300 PEs on 8 × workers stacks: every stack is taken in turn by dozens of PEs between two of
  // one PE's slices; depths from 0 to 12 frames (up to ~3 KiB of frames) differ from PE to PE.
  constexpr int procs = 300;
  weft::machine m("ring:300", weft_test::unit_bytes());
  std::array<std::atomic<int>, procs> intact{};
  std::array<std::uint64_t, procs> tokens{};
  weft::run_options opt;
  opt.workers = workers;
  opt.shared_stacks = true;
  auto r = m.run(
      procs,
      [&](weft::pe& p) {
        std::uint64_t token = static_cast<std::uint64_t>(p.rank());
        const int depth = (p.rank() * 7) % 13;
        intact[static_cast<std::size_t>(p.rank())] = deep_exchange(p, depth, 5, token);
        tokens[static_cast<std::size_t>(p.rank())] = token;
      },
      opt);
  BOOST_REQUIRE(r.status == weft::run_status::ok);
  for (int i = 0; i < procs; ++i) {
    BOOST_TEST(intact[static_cast<std::size_t>(i)] == (i * 7) % 13 + 1);
    // The token each PE ends with, computed here without the machine: round k's value from the left.
    std::array<std::uint64_t, procs> value{};
    for (int j = 0; j < procs; ++j) value[static_cast<std::size_t>(j)] = static_cast<std::uint64_t>(j);
    for (int round = 0; round < 5; ++round) {
      auto next = value;
      for (int j = 0; j < procs; ++j)
        next[static_cast<std::size_t>(j)] =
            value[static_cast<std::size_t>(j)] * 1000003 + value[static_cast<std::size_t>((j + procs - 1) % procs)];
      value = next;
    }
    BOOST_TEST(tokens[static_cast<std::size_t>(i)] == value[static_cast<std::size_t>(i)]);
  }
}

BOOST_DATA_TEST_CASE(reports_are_the_same_with_shared_and_own_stacks, bdata::make({1, 2, 4}), workers) {
  weft::machine torus("torus:8x8", weft_test::unit_bytes());
  weft::programs::params all{.bytes = 2048, .iterations = 2};
  const auto alltoall = weft::programs::alltoall(all);
  BOOST_TEST(report_json(torus, 64, alltoall, workers, true) == report_json(torus, 64, alltoall, 1, false));
  weft::machine ring("ring:16", weft_test::unit_bytes());
  const auto token_ring = weft::programs::ring(all);
  BOOST_TEST(report_json(ring, 16, token_ring, workers, true) == report_json(ring, 16, token_ring, 1, false));
}

BOOST_AUTO_TEST_CASE(pes_blocked_by_a_deadlock_are_unwound_from_shared_stacks) {
  // More PEs than stacks: most blocked PEs' frames are in the heap when the run ends, and each
  // must be copied back before it unwinds (its destructor runs once, on its own frames).
  struct counted {
    std::atomic<int>* count;
    int rank;
    int* seen;
    ~counted() {
      ++*count;
      *seen = rank;
    }
  };
  std::atomic<int> destroyed{0};
  std::array<int, 40> seen{};
  seen.fill(-1);
  weft::machine m("ring:40");
  weft::run_options opt;
  opt.workers = 2;
  opt.shared_stacks = true;
  auto r = m.run(
      40,
      [&](weft::pe& p) {
        counted c{&destroyed, p.rank(), &seen[static_cast<std::size_t>(p.rank())]};
        p.recv((p.rank() + 1) % 40, weft::tag{3});
      },
      opt);
  BOOST_TEST(r.status == weft::run_status::deadlock);
  BOOST_TEST(destroyed == 40);
  for (int i = 0; i < 40; ++i) BOOST_TEST(seen[static_cast<std::size_t>(i)] == i);
}

BOOST_AUTO_TEST_CASE(a_pe_that_throws_on_a_shared_stack_fails_alone) {
  weft::machine m("ring:20", weft_test::unit_bytes());
  weft::run_options opt;
  opt.workers = 2;
  opt.shared_stacks = true;
  auto r = m.run(
      20,
      [](weft::pe& p) {
        if (p.rank() == 7) throw std::runtime_error("seven refuses");
        p.barrier();
      },
      opt);
  BOOST_TEST(r.status == weft::run_status::failed);
  bool named = false;
  for (const auto& line : r.problems) named |= line == "PE 7 failed: seven refuses";
  BOOST_TEST(named);
}

BOOST_AUTO_TEST_CASE(shared_stacks_are_refused_on_the_wall_clock) {
  weft::machine m("ring:4", weft_test::unit_bytes());
  weft::run_options opt;
  opt.clock = weft::clock_mode::wall;
  opt.shared_stacks = true;
  BOOST_CHECK_THROW(m.run(4, [](weft::pe&) {}, opt), std::invalid_argument);
}

BOOST_AUTO_TEST_CASE(the_memory_estimate_counts_copied_frames_not_a_page) {
  weft::run_shape own;
  own.procs = 1000000;
  auto shared = own;
  shared.shared_stacks = true;
  // 4 KiB of touched stack against 1.5 KiB of copied frames, per PE.
  BOOST_TEST(weft::estimate_run_memory(own).pes - weft::estimate_run_memory(shared).pes == 1000000LL * (4096 - 1536));
}
