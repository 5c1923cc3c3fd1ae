#define BOOST_TEST_MODULE units
#include <boost/test/unit_test.hpp>

#include "weft/units.hpp"
#include "weft_test/refusal.hpp"

using weft_test::refusal;

BOOST_AUTO_TEST_CASE(durations_parse_to_exact_picoseconds) {
  BOOST_TEST(weft::parse_time("250ns", "t").ps == 250000);
  BOOST_TEST(weft::parse_time("1.5us", "t").ps == 1500000);
  BOOST_TEST(weft::parse_time("2ms", "t").ps == 2000000000);
  BOOST_TEST(weft::parse_time("7", "t").ps == 7);
  BOOST_TEST(weft::parse_time("40ps", "t").ps == 40);
}

BOOST_AUTO_TEST_CASE(bandwidths_charge_exact_fractions) {
  auto tau = weft::parse_bandwidth("3.5GB/s", "b");
  BOOST_TEST(tau.serialize(7).ps == 2000);        // 7 B at 3.5 GB/s = 2 ns exactly
  BOOST_TEST(tau.serialize(1).ps == 286);         // ceil(285.714...)
  BOOST_TEST(weft::parse_bandwidth("4GB/s", "b").serialize(1024).ps == 256000);
  BOOST_TEST(weft::parse_bandwidth("10Gb/s", "b").serialize(10).ps == 8000);
  BOOST_TEST(weft::parse_byte_time("0.5ns", "t").serialize(3).ps == 1500);
}

BOOST_AUTO_TEST_CASE(sizes_accept_binary_and_decimal_suffixes) {
  BOOST_TEST(weft::parse_bytes("4KiB", "s") == 4096);
  BOOST_TEST(weft::parse_bytes("1K", "s") == 1024);
  BOOST_TEST(weft::parse_bytes("1KB", "s") == 1000);
  BOOST_TEST(weft::parse_bytes("1M", "s") == 1048576);
  BOOST_TEST(weft::parse_bytes("8", "s") == 8);
}

BOOST_AUTO_TEST_CASE(malformed_or_negative_values_name_the_option_and_the_value) {
  BOOST_TEST(refusal([] { weft::parse_time("-1us", "--hop-latency"); }) ==
             "--hop-latency: '-1us' is negative (must be >= 0)");
  BOOST_TEST(refusal([] { weft::parse_time("1 parsec", "--alpha"); }) ==
             "--alpha: '1 parsec' is not valid (a duration like 250ns, 1.5us, 2ms, 40ps, or a bare number of ticks)");
  BOOST_TEST(refusal([] { weft::parse_time("fast", "--alpha"); }).find("--alpha: 'fast' is not valid") == 0u);
  BOOST_TEST(refusal([] { weft::parse_bandwidth("4GB", "--bandwidth"); }).find("--bandwidth: '4GB' is not valid") == 0u);
  BOOST_TEST(refusal([] { weft::parse_time("0.1ps", "--gap"); }) == "--gap: '0.1ps' is finer than one picosecond tick");
  BOOST_TEST(refusal([] { weft::parse_bytes("1.5", "--bytes"); }).find("--bytes: '1.5' is not valid") == 0u);
}

BOOST_AUTO_TEST_CASE(rates_are_kept_in_lowest_terms) {
  auto tau = weft::parse_bandwidth("4GB/s", "b");
  BOOST_TEST(tau.num == 250);
  BOOST_TEST(tau.den == 1);
  auto pio = weft::parse_bandwidth("3.5GB/s", "b");
  BOOST_TEST(pio.num == 2000);
  BOOST_TEST(pio.den == 7);
}
