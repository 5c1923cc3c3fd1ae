// A payload never outlives its bytes: values and temporaries are owned by the payload, so a
// batch built in a loop sends each receiver its own data (issue 11, point 1).
#define BOOST_TEST_MODULE payload_lifetime
#include <array>
#include <boost/test/unit_test.hpp>
#include <numeric>
#include <vector>

#include "weft/machine.hpp"
#include "weft_test/unit_bytes.hpp"

namespace {

constexpr int receivers = 8;

/// Runs `fill_batch` on PE 0 to build one isend_chain batch (one message per receiver, in rank
/// order) and returns what each receiver got, decoded by `decode`.
template <class Fill, class Decode>
std::vector<int> chained_to_all(Fill fill_batch, Decode decode) {
  weft::machine m("full:" + std::to_string(receivers + 1), weft_test::unit_bytes());
  std::vector<int> got(receivers + 1, -1);
  auto r = m.run(receivers + 1, [&](weft::pe& p) {
    if (p.rank() == 0) {
      std::vector<weft::pe::outgoing> batch;  // no reserve: growing it moves the payloads
      fill_batch(batch);
      auto reqs = p.isend_chain(batch);
      p.wait_all(reqs);
    } else {
      got[static_cast<std::size_t>(p.rank())] = decode(p.recv(0, weft::tag{3}));
    }
  });
  BOOST_TEST(r.status == weft::run_status::ok);
  return {got.begin() + 1, got.end()};
}

std::vector<int> expected() {
  std::vector<int> v(receivers);
  std::iota(v.begin(), v.end(), 100);
  return v;
}

}  // namespace

BOOST_AUTO_TEST_CASE(a_batch_of_sized_loop_variables_sends_each_receiver_its_own_value) {
  auto got = chained_to_all(
      [](auto& batch) {
        for (int i = 0; i < receivers; ++i) batch.push_back({i + 1, weft::tag{3}, weft::sized(100 + i, 1000)});
      },
      [](const weft::received& m) { return m.as<int>(); });
  BOOST_TEST(got == expected(), boost::test_tools::per_element());
}

BOOST_AUTO_TEST_CASE(a_batch_of_single_values_named_in_the_loop_sends_each_its_own) {
  auto got = chained_to_all(
      [](auto& batch) {
        for (int i = 0; i < receivers; ++i) {
          const int value = 100 + i;  // dies at the end of each iteration
          batch.push_back({i + 1, weft::tag{3}, value});
        }
      },
      [](const weft::received& m) { return m.as<int>(); });
  BOOST_TEST(got == expected(), boost::test_tools::per_element());
}

BOOST_AUTO_TEST_CASE(a_batch_of_temporary_vectors_sends_each_receiver_its_own_vector) {
  auto got = chained_to_all(
      [](auto& batch) {
        for (int i = 0; i < receivers; ++i)
          batch.push_back({i + 1, weft::tag{3}, weft::sized(std::vector<int>{100 + i, -1, -2}, 12)});
      },
      [](const weft::received& m) {
        auto v = m.as_vector<int>();
        return v.size() == 3 && v[1] == -1 && v[2] == -2 ? v[0] : -1;
      });
  BOOST_TEST(got == expected(), boost::test_tools::per_element());
}

BOOST_AUTO_TEST_CASE(a_batch_of_values_too_big_to_hold_inline_sends_each_its_own) {
  using big = std::array<int, 64>;
  static_assert(sizeof(big) > weft::payload::inline_capacity);
  auto got = chained_to_all(
      [](auto& batch) {
        for (int i = 0; i < receivers; ++i) {
          big value{};
          value.fill(100 + i);
          batch.push_back({i + 1, weft::tag{3}, value});
        }
      },
      [](const weft::received& m) {
        auto v = m.as<big>();
        return v.front() == v.back() ? v.front() : -1;
      });
  BOOST_TEST(got == expected(), boost::test_tools::per_element());
}

BOOST_AUTO_TEST_CASE(a_payload_keeps_its_real_and_modelled_sizes_when_copied) {
  const weft::payload small = weft::sized(0x01020304, 4096);
  weft::payload copy = small;
  weft::payload moved = std::move(copy);
  BOOST_TEST(moved.modelled_bytes() == 4096);
  BOOST_TEST(moved.bytes().size() == sizeof(int));
  BOOST_TEST(moved.bytes().data() != small.bytes().data());  // its own copy, not a view of `small`
  int back = 0;
  std::memcpy(&back, moved.bytes().data(), sizeof back);
  BOOST_TEST(back == 0x01020304);
}
