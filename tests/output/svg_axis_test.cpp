// Axes: the exact ticks and labels of given ranges.
#include <boost/test/unit_test.hpp>

#include <stdexcept>
#include <vector>

#include "weft/output/svg/axis.hpp"

using namespace weft::svg;
using ticks = std::vector<double>;

BOOST_AUTO_TEST_SUITE(svg_axis)

BOOST_AUTO_TEST_CASE(linear_ticks_are_one_two_or_five_times_a_power_of_ten) {
  BOOST_TEST(linear_ticks(0, 0.07) == (ticks{0, 0.02, 0.04, 0.06, 0.08}), boost::test_tools::per_element());
  BOOST_TEST(linear_ticks(0, 843) == (ticks{0, 200, 400, 600, 800, 1000}), boost::test_tools::per_element());
  BOOST_TEST(linear_ticks(0, 10) == (ticks{0, 2, 4, 6, 8, 10}), boost::test_tools::per_element());
  BOOST_TEST(linear_ticks(-5, 5) == (ticks{-6, -4, -2, 0, 2, 4, 6}), boost::test_tools::per_element());
  // Exact decimals, not sums of 0.1: 0.8 is the double nearest 0.8.
  BOOST_TEST(linear_ticks(0.9, 1.6) == (ticks{0.8, 1, 1.2, 1.4, 1.6}), boost::test_tools::per_element());
  BOOST_TEST(linear_ticks(0, 0.3, 3) == (ticks{0, 0.1, 0.2, 0.3}), boost::test_tools::per_element());
}

// From 2^53 on lo + 1 is lo: the widening scales with lo, and the ticks end.
BOOST_AUTO_TEST_CASE(an_empty_range_of_huge_values_is_widened_and_its_ticks_end) {
  const auto huge = linear_ticks(1e17, 1e17);
  BOOST_TEST(!huge.empty());
  BOOST_TEST(huge.size() <= 1000u);
  BOOST_TEST(huge.front() <= 1e17);
  BOOST_TEST(huge.back() >= 1e17);
}

BOOST_AUTO_TEST_CASE(an_empty_range_is_widened_to_one_that_can_be_drawn) {
  BOOST_TEST(linear_ticks(3, 3) == (ticks{3, 3.2, 3.4, 3.6, 3.8, 4}), boost::test_tools::per_element());
  BOOST_TEST(linear_ticks(0, 0) == (ticks{0, 0.2, 0.4, 0.6, 0.8, 1}), boost::test_tools::per_element());
}

BOOST_AUTO_TEST_CASE(log_ticks_are_whole_powers_thinned_to_at_most_the_given_count) {
  BOOST_TEST(log_ticks(4, 256, 2) == (ticks{4, 8, 16, 32, 64, 128, 256}), boost::test_tools::per_element());
  BOOST_TEST(log_ticks(3, 300, 10) == (ticks{1, 10, 100, 1000}), boost::test_tools::per_element());
  // 1 .. 65536 is 17 powers of two: every second one.
  BOOST_TEST(log_ticks(1, 65536, 2) == (ticks{1, 4, 16, 64, 256, 1024, 4096, 16384, 65536}),
             boost::test_tools::per_element());
  BOOST_TEST(log_ticks(1, 1, 2) == (ticks{1, 2}), boost::test_tools::per_element());
  BOOST_CHECK_THROW(log_ticks(0, 8, 2), std::invalid_argument);
}

BOOST_AUTO_TEST_CASE(tick_labels_write_whole_numbers_in_full) {
  BOOST_TEST(tick_label(65536) == "65536");
  BOOST_TEST(tick_label(1048576) == "1048576");
  BOOST_TEST(tick_label(0.02) == "0.02");
  BOOST_TEST(tick_label(1.5e-7) == "1.5e-07");
  BOOST_TEST(tick_label(-0.0) == "0");
  BOOST_TEST(tick_label(-4) == "-4");
}

BOOST_AUTO_TEST_CASE(an_axis_spans_its_first_to_its_last_tick) {
  const auto lin = axis::linear(0.5, 9, "x");
  BOOST_TEST(lin.low() == 0);
  BOOST_TEST(lin.high() == 10);
  BOOST_TEST(lin.fraction(5) == 0.5);
  const auto log = axis::logarithmic(1, 256, 2, "K");
  BOOST_TEST(log.low() == 1);
  BOOST_TEST(log.high() == 256);
  BOOST_TEST(log.fraction(16) == 0.5);
  BOOST_TEST(log.title() == "K");
}

BOOST_AUTO_TEST_SUITE_END()
