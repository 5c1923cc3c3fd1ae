// The engine's event queue (a radix heap) against a sorted reference: the same events leave in
// the same order, min_time() is the earliest time held, and pop_if takes nothing past its limit
// or that its test refuses. Times spread from ties at one instant to 2^40 ps ahead, so that
// events move down many buckets; events pushed at the current time join the run, as the
// engine's do.
#define BOOST_TEST_MODULE event_queue
#include <algorithm>
#include <boost/test/unit_test.hpp>
#include <cstdint>
#include <random>
#include <vector>

#include "weft/detail/event_queue.hpp"

namespace {

struct ev {
  std::int64_t time = 0;
  std::int64_t key = 0;  // the tie-break among equal times, unique
};

struct key_later {
  bool operator()(const ev& a, const ev& b) const { return b.key < a.key; }
};

bool before(const ev& a, const ev& b) { return a.time != b.time ? a.time < b.time : a.key < b.key; }

/// The reference: every event held, the earliest found by a scan.
struct reference {
  std::vector<ev> held;
  std::int64_t min_time() const {
    std::int64_t m = INT64_MAX;
    for (const auto& e : held) m = std::min(m, e.time);
    return m;
  }
  template <class Accept>
  bool pop_if(std::int64_t limit, Accept accept, ev& out) {
    if (held.empty()) return false;
    const auto it = std::min_element(held.begin(), held.end(), before);
    if (it->time > limit || !accept(*it)) return false;
    out = *it;
    held.erase(it);
    return true;
  }
};

void run_against_reference(std::uint64_t seed, int steps) {
  std::mt19937_64 rng(seed);
  weft::detail::event_queue<ev, key_later> queue;
  reference ref;
  std::int64_t now = 0, next_key = 0;
  const auto ahead = [&]() -> std::int64_t {
    switch (rng() % 5) {
      case 0: return 0;  // at the current time
      case 1: return static_cast<std::int64_t>(rng() % 4);
      case 2: return static_cast<std::int64_t>(rng() % 1000) * 1000;
      case 3: return static_cast<std::int64_t>(rng() % (std::uint64_t{1} << 24));
      default: return static_cast<std::int64_t>(rng() % (std::uint64_t{1} << 40));
    }
  };
  for (int step = 0; step < steps; ++step) {
    if (rng() % 3 == 0) {
      const int batch = 1 + static_cast<int>(rng() % 40);
      for (int k = 0; k < batch; ++k) {
        // Keys out of order among one time, as PEs and routers push them.
        const ev e{now + ahead(), static_cast<std::int64_t>((next_key++ * 7919) % 1000003)};
        queue.push(e);
        ref.held.push_back(e);
      }
    }
    BOOST_REQUIRE_EQUAL(queue.size(), ref.held.size());
    BOOST_REQUIRE_EQUAL(queue.min_time(), ref.min_time());
    const std::int64_t limit = now + ahead();
    const std::int64_t refused = rng() % 4 == 0 ? static_cast<std::int64_t>(rng() % 2) : -1;
    const auto accept = [&](const ev& e) { return refused < 0 || e.key % 2 != refused; };
    // The earliest time at or before the limit is the current one from now on, whether its
    // event is taken or refused (pushes may not go back before it: the engine's contract).
    if (const std::int64_t earliest = ref.min_time(); earliest <= limit) now = earliest;
    ev got{}, want{};
    const bool took = queue.pop_if(limit, accept, got);
    BOOST_REQUIRE_EQUAL(took, ref.pop_if(limit, accept, want));
    if (!took) continue;
    BOOST_REQUIRE_EQUAL(got.time, want.time);
    BOOST_REQUIRE_EQUAL(got.key, want.key);
  }
  // Whatever is left leaves in order too.
  ev got{}, want{};
  while (ref.pop_if(INT64_MAX, [](const ev&) { return true; }, want)) {
    BOOST_REQUIRE(queue.pop_if(INT64_MAX, [](const ev&) { return true; }, got));
    BOOST_REQUIRE_EQUAL(got.time, want.time);
    BOOST_REQUIRE_EQUAL(got.key, want.key);
  }
  BOOST_TEST(queue.empty());
  BOOST_TEST(queue.min_time() == INT64_MAX);
}

}  // namespace

BOOST_AUTO_TEST_CASE(events_leave_in_time_then_tie_order_as_a_sorted_reference_has_them) {
  for (std::uint64_t seed = 1; seed <= 20; ++seed) run_against_reference(seed, 4000);
}

BOOST_AUTO_TEST_CASE(take_all_empties_the_queue_which_then_takes_any_time_again) {
  weft::detail::event_queue<ev, key_later> queue;
  for (std::int64_t k = 0; k < 100; ++k) queue.push({1000 + (k * 37) % 500, k});
  ev got{};
  BOOST_REQUIRE(queue.pop_if(INT64_MAX, [](const ev&) { return true; }, got));
  BOOST_TEST(got.time == 1000);
  std::vector<ev> all;
  queue.take_all(all);
  BOOST_TEST(all.size() == 99u);
  BOOST_TEST(queue.empty());
  BOOST_TEST(queue.min_time() == INT64_MAX);
  // Earlier than the last time taken: legal again after take_all.
  queue.push({5, 1});
  queue.push({3, 2});
  BOOST_TEST(queue.min_time() == 3);
  BOOST_REQUIRE(queue.pop_if(INT64_MAX, [](const ev&) { return true; }, got));
  BOOST_TEST(got.time == 3);
  BOOST_TEST(queue.min_time() == 5);
}
