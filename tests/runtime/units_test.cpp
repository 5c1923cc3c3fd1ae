#define BOOST_TEST_MODULE units
#include <boost/test/unit_test.hpp>

#include "weft/cost_model.hpp"
#include "weft/units.hpp"
#include "weft_test/refusal.hpp"

using weft_test::refusal;

BOOST_AUTO_TEST_CASE(durations_parse_to_exact_picoseconds) {
  BOOST_TEST(weft::parse_time("250ns", "t").ps == 250000);
  BOOST_TEST(weft::parse_time("1.5us", "t").ps == 1500000);
  BOOST_TEST(weft::parse_time("2ms", "t").ps == 2000000000);
  BOOST_TEST(weft::parse_time("7ps", "t").ps == 7);
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
  BOOST_TEST(weft::parse_bytes("8B", "s") == 8);
}

BOOST_AUTO_TEST_CASE(malformed_or_negative_values_name_the_option_and_the_value) {
  BOOST_TEST(refusal([] { weft::parse_time("-1us", "--hop-latency"); }) ==
             "--hop-latency: '-1us' is negative (must be >= 0)");
  BOOST_TEST(refusal([] { weft::parse_time("1 parsec", "--alpha"); }) ==
             "--alpha: '1 parsec' is not valid (a duration like 250ns, 1.5us, 2ms, 40ps)");
  BOOST_TEST(refusal([] { weft::parse_time("fast", "--alpha"); }).find("--alpha: 'fast' is not valid") == 0u);
  BOOST_TEST(refusal([] { weft::parse_bandwidth("4GB", "--bandwidth"); }).find("--bandwidth: '4GB' is not valid") == 0u);
  BOOST_TEST(refusal([] { weft::parse_time("0.1ps", "--gap"); }) == "--gap: '0.1ps' is finer than one picosecond tick");
  BOOST_TEST(refusal([] { weft::parse_bytes("1.5B", "--bytes"); }).find("--bytes: '1.5B' is not valid") == 0u);
}

BOOST_AUTO_TEST_CASE(rates_are_kept_in_lowest_terms) {
  auto tau = weft::parse_bandwidth("4GB/s", "b");
  BOOST_TEST(tau.num == 250);
  BOOST_TEST(tau.den == 1);
  auto pio = weft::parse_bandwidth("3.5GB/s", "b");
  BOOST_TEST(pio.num == 2000);
  BOOST_TEST(pio.den == 7);
}

BOOST_AUTO_TEST_CASE(durations_reach_the_latest_virtual_time_exactly_and_no_further) {
  BOOST_TEST(weft::latest_time.ps == INT64_MAX - 1);
  BOOST_TEST(weft::parse_time("9223372036854775806ps", "t").ps == weft::latest_time.ps);
  BOOST_TEST(weft::parse_time("9223372s", "t").ps == 9223372000000000000);
  const std::string largest = "at most 9223372.036854775806 s (about 106 days))";
  BOOST_TEST(refusal([] { weft::parse_time("9223372036854775807ps", "--gap"); }) ==
             "--gap: '9223372036854775807ps' is too large (" + largest);
  BOOST_TEST(refusal([] { weft::parse_time("9223373s", "--alpha"); }) == "--alpha: '9223373s' is too large (" + largest);
  BOOST_TEST(refusal([] { weft::parse_time("3e18ms", "--alpha"); }) == "--alpha: '3e18ms' is too large (" + largest);
  BOOST_TEST(refusal([] { weft::parse_time("99999999999999999999ps", "--o-send"); }) ==
             "--o-send: '99999999999999999999ps' is too large (" + largest);
}

BOOST_AUTO_TEST_CASE(sizes_reach_int64_exactly_and_refuse_more_naming_the_largest) {
  BOOST_TEST(weft::parse_bytes("9223372036854775807B", "s") == INT64_MAX);
  BOOST_TEST(weft::parse_bytes("8589934591G", "s") == 8589934591LL * 1024 * 1024 * 1024);
  const std::string largest = "is too large (at most 8EiB - 1B = 9223372036854775807 bytes)";
  BOOST_TEST(refusal([] { weft::parse_bytes("1e30B", "--bytes"); }) == "--bytes: '1e30B' " + largest);
  BOOST_TEST(refusal([] { weft::parse_bytes("9223372036854775808B", "--bytes"); }) ==
             "--bytes: '9223372036854775808B' " + largest);
  BOOST_TEST(refusal([] { weft::parse_bytes("8589934592G", "--bytes"); }) == "--bytes: '8589934592G' " + largest);
}

BOOST_AUTO_TEST_CASE(rates_and_times_per_byte_refuse_what_their_fraction_cannot_hold) {
  BOOST_TEST(weft::parse_bandwidth("1e-6B/s", "b").serialize(1).ps == 1000000000000000000);
  BOOST_TEST(weft::parse_bandwidth("1e18B/s", "b").serialize(1000000).ps == 1);
  BOOST_TEST(refusal([] { weft::parse_bandwidth("1e-7B/s", "--bandwidth"); }) ==
             "--bandwidth: '1e-7B/s' is too small (at least 1e-6B/s, which takes 1e18 ps = 11.6 days per byte)");
  BOOST_TEST(refusal([] { weft::parse_bandwidth("1e30B/s", "--bandwidth"); }) ==
             "--bandwidth: '1e30B/s' is too large (at most 1e18B/s)");
  BOOST_TEST(refusal([] { weft::parse_byte_time("1e30ps", "--tau"); }) ==
             "--tau: '1e30ps' is too large (at most 9223372.036854775806 s (about 106 days) per byte)");
  BOOST_TEST(refusal([] { weft::parse_byte_time("1e-9ps", "--tau"); }) ==
             "--tau: '1e-9ps' is finer than 1e-6 ps per byte (use 0 for no time per byte)");
}

BOOST_AUTO_TEST_CASE(a_serialization_past_every_time_saturates_instead_of_wrapping) {
  const weft::byte_time second_per_byte{1000000000000, 1};
  BOOST_TEST(second_per_byte.serialize(10 << 20).ps == INT64_MAX);
  const weft::byte_time fraction{2000, 7};
  BOOST_TEST(fraction.serialize(INT64_MAX).ps == INT64_MAX);
}

// Found by tests/fuzz/units_fuzz: a finite number times its unit overflowed the double, so
// "1e300Tflops" was +inf flop/s and every compute(flops) took no time at all.
BOOST_AUTO_TEST_CASE(flop_rates_beyond_the_largest_are_refused_not_infinite) {
  BOOST_TEST(weft::parse_flop_rate("1e300flops", "f").per_second == 1e300);
  BOOST_TEST(weft::parse_flop_rate("2.5GF/s", "f").per_second == 2.5e9);
  BOOST_TEST(refusal([] { weft::parse_flop_rate("1e300Tflops", "--flops"); }) ==
             "--flops: '1e300Tflops' is too large (at most 1e300 flop/s)");
  BOOST_TEST(refusal([] { weft::parse_flop_rate("1e308GF/s", "--flops"); }) ==
             "--flops: '1e308GF/s' is too large (at most 1e300 flop/s)");
  BOOST_TEST(refusal([] { weft::parse_flop_rate("1e301flops", "--flops"); }) ==
             "--flops: '1e301flops' is too large (at most 1e300 flop/s)");
}

// Found by tests/fuzz/units_fuzz: the exact whole-number path read only the "0" of "0x10", which
// strtod reads as hexadecimal 16, so a duration or a size typed in hex silently became 0.
BOOST_AUTO_TEST_CASE(a_number_reads_the_same_on_the_exact_and_the_double_path) {
  BOOST_TEST(weft::parse_time("0x10 ps", "t").ps == 16);
  BOOST_TEST(weft::parse_time("0x10ns", "t").ps == 16000);
  BOOST_TEST(weft::parse_bytes("0x10 B", "b") == 16);
  BOOST_TEST(weft::parse_bytes("0x1K", "b") == 1024);
  BOOST_TEST(weft::parse_bytes("9223372036854775807B", "b") == INT64_MAX);  // still exact
}

// Found by tests/fuzz/units_fuzz: through a double, 4195.32 s is 4195319999999999.5 ps, and the
// fraction kept that noise (20976599999999996/5 ps per byte); plain decimals are now read exactly.
BOOST_AUTO_TEST_CASE(a_decimal_time_per_byte_is_read_exactly) {
  auto t = weft::parse_byte_time("4195.32 s", "t");
  BOOST_TEST(t.num == 4195320000000000);
  BOOST_TEST(t.den == 1);
  t = weft::parse_byte_time("4195319999999999.2ps", "t");
  BOOST_TEST(t.num == 20976599999999996);
  BOOST_TEST(t.den == 5);
  t = weft::parse_byte_time("0.0000015ps", "t");  // rounded half up to millionths of a picosecond
  BOOST_TEST(t.num == 1);
  BOOST_TEST(t.den == 500000);
  BOOST_TEST(weft::parse_byte_time("2.5e-1ns", "t").num == 250);
  BOOST_TEST(refusal([] { weft::parse_byte_time("9223372036854775.807ms", "--tau"); }) ==
             "--tau: '9223372036854775.807ms' is too large (at most 9223372.036854775806 s (about 106 days) per byte)");
}

// issue 22: a positive duration below one tick was rounded to 0 ps ("1e-30s" meant no start-up).
BOOST_AUTO_TEST_CASE(durations_finer_than_a_tick_are_refused_not_rounded_to_zero) {
  BOOST_TEST(refusal([] { weft::parse_time("1e-30s", "--alpha"); }) == "--alpha: '1e-30s' is finer than one picosecond tick");
  BOOST_TEST(refusal([] { weft::parse_time("0.0000001ps", "--alpha"); }) ==
             "--alpha: '0.0000001ps' is finer than one picosecond tick");
  BOOST_TEST(weft::parse_time("0", "--alpha").ps == 0);
  BOOST_TEST(weft::parse_time("0.0s", "--alpha").ps == 0);
}

// The micro sign (U+00B5) and the Greek small mu (U+03BC) look alike: both mean microseconds.
BOOST_AUTO_TEST_CASE(micro_sign_and_greek_mu_both_mean_microseconds) {
  BOOST_TEST(weft::parse_time("1\u00b5s", "--alpha").ps == 1000000);
  BOOST_TEST(weft::parse_time("1\u03bcs", "--alpha").ps == 1000000);
  BOOST_TEST(weft::parse_byte_time("1\u03bcs", "--tau").num == 1000000);
}

// --flops 0 was accepted while --memory-bandwidth 0 was refused; a tiny rate overflowed later.
BOOST_AUTO_TEST_CASE(flop_rates_have_a_lower_bound_checked_up_front) {
  BOOST_TEST(refusal([] { weft::parse_flop_rate("0", "--flops"); }) ==
             "--flops: '0' is not valid (must be > 0: a rate like 1Gflops, 2.5GF/s, 1e9flops)");
  BOOST_TEST(refusal([] { weft::parse_flop_rate("1e-300flops", "--flops"); }) ==
             "--flops: '1e-300flops' is too small (at least 1e-6 flop/s, which takes 1e18 ps = 11.6 days per flop)");
  BOOST_TEST(weft::parse_flop_rate("1e-6flops", "--flops").per_second == 1e-6);
}

// issue 25: "--alpha 1" was 1 ps, silently, where a user may have meant 1 us. A number without
// its unit is refused, naming what to add (SimGrid's rule); 0 is 0 in every unit.
BOOST_AUTO_TEST_CASE(a_number_without_its_unit_is_refused_unless_it_is_zero) {
  BOOST_TEST(refusal([] { weft::parse_time("1", "--alpha"); }) == "--alpha 1: 1 what? e.g. 1us (units: ps ns us ms s)");
  BOOST_TEST(refusal([] { weft::parse_bytes("64", "--bytes"); }).find("--bytes 64: 64 what? e.g. 64B (units: B KiB") == 0u);
  BOOST_TEST(refusal([] { weft::parse_bandwidth("4", "--bandwidth"); }).find("--bandwidth 4: 4 what? e.g. 4GB/s") == 0u);
  BOOST_TEST(refusal([] { weft::parse_byte_time("250", "--tau"); }).find("--tau 250: 250 what? e.g. 250ps") == 0u);
  BOOST_TEST(refusal([] { weft::parse_flop_rate("1e9", "--flops"); }).find("--flops 1e9: 1e9 what? e.g. 1e9flops") == 0u);
  BOOST_TEST(weft::parse_time("0", "--alpha").ps == 0);
  BOOST_TEST(weft::parse_bytes("0", "--mtu") == 0);
  BOOST_TEST(weft::parse_byte_time("0", "--tau").is_zero());
}

// weft transpose --units abstract: the paper's α and τ as plain numbers of units; a unit there
// would claim a time the model does not have.
BOOST_AUTO_TEST_CASE(abstract_units_are_plain_numbers_and_refuse_a_unit) {
  BOOST_TEST(weft::parse_abstract_time("3", "--alpha").ps == 3);
  BOOST_TEST(weft::parse_abstract_byte_time("0.5", "--tau").serialize(2).ps == 1);
  BOOST_TEST(refusal([] { weft::parse_abstract_time("1us", "--alpha"); }).find("--alpha 1us: abstract units are plain numbers") ==
             0u);
}

// `weft machines NAME` and `weft cg` print the kernel model in one line; a part not set is named
// as missing, never printed as 0 (a "memory 0 GB/s" reads as a machine with no memory).
BOOST_AUTO_TEST_CASE(the_compute_model_is_described_in_one_line_naming_what_is_missing) {
  weft::host_model h;
  BOOST_TEST(h.describe_compute() == "none");
  h.flops = weft::parse_flop_rate("1.31Tflops", "flops");
  h.memory_time = weft::parse_bandwidth("180GB/s", "memory");
  h.kernel_overhead = weft::parse_time("5us", "kernel");
  BOOST_TEST(h.describe_compute() == "1310 Gflop/s, memory 180 GB/s, 5.000 us per kernel");
  h.memory_time = {};
  BOOST_TEST(h.describe_compute() == "1310 Gflop/s, memory not modelled, 5.000 us per kernel");
}
