// Fuzzes the unit parsers (framework/src/units.cpp): the first input byte picks the parser, the
// rest is the text. Properties:
//   - a parse either returns a value in range or throws std::invalid_argument;
//   - the value is the number times its unit (checked against the parse of "1<unit>");
//   - a value printed back (ticks, bytes, an exact decimal time per byte) parses to the same value;
//   - format_time's human form ("1.234 us") parses back to within its printed precision;
//   - times per byte are reduced fractions with a positive denominator.
//   - values that do not fit (sizes of 2^63 bytes and more, bandwidths whose fraction leaves
//     int64, times past latest_time, flop rates past 1e300) are refused, never wrapped (the
//     sanitizers cover units.cpp with nothing exempted).
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <numeric>
#include <optional>
#include <stdexcept>
#include <string>

#include "weft/units.hpp"

namespace {

using namespace weft;

[[noreturn]] void fail(const char* what, const std::string& text) {
  std::fprintf(stderr, "property violated: %s (input '%s')\n", what, text.c_str());
  std::abort();
}

enum class parser { time, bytes, bandwidth, byte_time, flops, count };

/// The number in front of the unit and the unit, as units.cpp splits them (strtod, then the
/// rest without leading blanks); nullopt when there is no number.
struct split_text {
  double value;
  std::string suffix;
};
std::optional<split_text> split(const std::string& text) {
  const char* begin = text.c_str();
  char* end = nullptr;
  double v = std::strtod(begin, &end);
  if (end == begin) return std::nullopt;
  std::string suffix(end);
  suffix.erase(0, suffix.find_first_not_of(' ') == std::string::npos ? suffix.size() : suffix.find_first_not_of(' '));
  return split_text{v, suffix};
}

/// The value of one unit ("1 GB/s", "1 us") in the parser's result unit, or nullopt if unknown.
template <class Parse>
std::optional<double> unit_scale(const std::string& suffix, Parse parse) {
  try {
    return parse("1 " + suffix);  // the blank keeps the suffix from extending the number ("1" + ".5e9")
  } catch (const std::invalid_argument&) {
    return std::nullopt;
  }
}

void check_time(const std::string& text) {
  vtime t;
  try {
    t = parse_time(text, "x");
  } catch (const std::invalid_argument&) {
    return;
  }
  if (t.ps < 0) fail("negative time", text);
  auto s = split(text);
  if (!s) fail("a time without a number parsed", text);
  if (s->suffix.empty()) {  // units are required: only 0 may stand alone
    if (t.ps != 0) fail("a number without a unit parsed as a nonzero time", text);
    return;
  }
  auto scale = unit_scale(s->suffix, [](const std::string& u) { return static_cast<double>(parse_time(u, "x").ps); });
  if (!scale) fail("a time parsed whose unit alone does not", text);
  double expected = s->value * *scale;
  if (std::fabs(static_cast<double>(t.ps) - expected) > 1e-6 * std::max(1.0, expected) + 0.5)
    fail("time is not number x unit", text);
  if (parse_time(std::to_string(t.ps) + "ps", "x") != t) fail("ticks printed back parse differently", text);
  vtime back;
  try {
    back = parse_time(format_time(t), "x");
  } catch (const std::invalid_argument&) {
    // The human form rounds up past latest_time only within its last printed digit of it.
    if (t.ps < latest_time.ps - 500000000) fail("format_time of a time in range is refused", text + " -> " + format_time(t));
    return;
  }
  if (std::fabs(static_cast<double>(back.ps - t.ps)) > 5e-4 * static_cast<double>(t.ps) + 0.5)
    fail("format_time does not parse back to the same time", text + " -> " + format_time(t));
}

void check_bytes(const std::string& text) {
  std::int64_t b;
  try {
    b = parse_bytes(text, "x");
  } catch (const std::invalid_argument&) {
    return;
  }
  if (b < 0) fail("negative size", text);
  auto s = split(text);
  if (!s) fail("a size without a number parsed", text);
  if (s->suffix.empty()) {  // units are required: only 0 may stand alone
    if (b != 0) fail("a number without a unit parsed as a nonzero size", text);
    return;
  }
  auto scale = unit_scale(s->suffix, [](const std::string& u) { return static_cast<double>(parse_bytes(u, "x")); });
  if (!scale) fail("a size parsed whose unit alone does not", text);
  if (std::fabs(static_cast<double>(b) - s->value * *scale) > 1e-6 * std::max(1.0, s->value * *scale))
    fail("size is not number x unit", text);
  if (parse_bytes(std::to_string(b) + "B", "x") != b) fail("bytes printed back parse differently", text);
}

void check_fraction(const byte_time& t, const std::string& text) {
  if (t.den <= 0 || t.num < 0) fail("time per byte with a non-positive denominator or a negative numerator", text);
  if (std::gcd(t.num, t.den) != 1 && t.num != 0) fail("time per byte not in lowest terms", text);
}

/// num/den as an exact decimal, when den divides 10^6 (what parse_byte_time produces).
std::optional<std::string> exact_decimal(const byte_time& t) {
  if (1000000 % t.den != 0) return std::nullopt;
  char buf[64];
  std::snprintf(buf, sizeof buf, "%lld.%06lld", static_cast<long long>(t.num / t.den),
                static_cast<long long>(t.num % t.den * (1000000 / t.den)));
  return buf;
}

void check_byte_time(const std::string& text) {
  byte_time t;
  try {
    t = parse_byte_time(text, "x");
  } catch (const std::invalid_argument&) {
    return;
  }
  check_fraction(t, text);
  auto printed = exact_decimal(t);
  if (!printed) fail("time per byte is not an exact decimal of picoseconds", text);
  auto back = parse_byte_time(*printed + "ps", "x");
  if (back.num != t.num || back.den != t.den) fail("time per byte printed back parses differently", text + " -> " + *printed);
}

void check_bandwidth(const std::string& text) {
  byte_time t;
  try {
    t = parse_bandwidth(text, "x");
  } catch (const std::invalid_argument&) {
    return;
  }
  check_fraction(t, text);
  if (t.num == 0) fail("a bandwidth gave zero time per byte", text);
  auto s = split(text);
  auto per_byte = unit_scale(s->suffix, [](const std::string& u) {
    auto b = parse_bandwidth(u, "x");
    return static_cast<double>(b.num) / static_cast<double>(b.den);
  });
  if (!per_byte) fail("a bandwidth parsed whose unit alone does not", text);
  double expected = *per_byte / s->value;  // ps per byte
  double got = static_cast<double>(t.num) / static_cast<double>(t.den);
  if (1e12 / expected >= 1 && std::fabs(got - expected) > 1e-6 * expected) fail("time per byte is not 1 / bandwidth", text);
}

void check_flops(const std::string& text) {
  flop_rate r;
  try {
    r = parse_flop_rate(text, "x");
  } catch (const std::invalid_argument&) {
    return;
  }
  if (!std::isfinite(r.per_second) || r.per_second < 0 || r.per_second > 1e300)
    fail("flop rate not finite and in 0..1e300", text);
  auto s = split(text);
  if (!s) fail("a flop rate without a number parsed", text);
  auto scale = unit_scale(s->suffix, [](const std::string& u) { return parse_flop_rate(u, "x").per_second; });
  if (!scale) fail("a flop rate parsed whose unit alone does not", text);
  if (r.per_second != s->value * *scale) fail("flop rate is not number x unit", text);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size < 1 || size > 64) return -1;
  auto which = static_cast<parser>(data[0] % static_cast<int>(parser::count));
  std::string text(reinterpret_cast<const char*>(data) + 1, size - 1);
  if (text.find('\0') != std::string::npos) return -1;  // C strings at the API boundary of strtod
  switch (which) {
    case parser::time: check_time(text); break;
    case parser::bytes: check_bytes(text); break;
    case parser::bandwidth: check_bandwidth(text); break;
    case parser::byte_time: check_byte_time(text); break;
    case parser::flops: check_flops(text); break;
    default: break;
  }
  return 0;
}
