#include "weft/units.hpp"

#include <charconv>
#include <cmath>
#include <optional>
#include <cstdio>
#include <numeric>
#include <stdexcept>
#include <string>

namespace weft {

namespace {

struct number_and_suffix {
  double value;
  std::string suffix;
  std::size_t length;  ///< characters of text the number took (as strtod reads it)
};

[[noreturn]] void bad(std::string_view what, std::string_view text, std::string_view allowed) {
  throw std::invalid_argument(std::string(what) + ": '" + std::string(text) + "' is not valid (" +
                              std::string(allowed) + ")");
}

number_and_suffix split(std::string_view text, std::string_view what, std::string_view allowed) {
  std::string s(text);
  std::size_t used = 0;
  double v = 0;
  try {
    v = std::stod(s, &used);
  } catch (const std::exception&) {
    bad(what, text, allowed);
  }
  if (!std::isfinite(v)) bad(what, text, allowed);
  if (v < 0)
    throw std::invalid_argument(std::string(what) + ": '" + std::string(text) +
                                "' is negative (must be >= 0)");
  auto suffix = s.substr(used);
  while (!suffix.empty() && suffix.front() == ' ') suffix.erase(0, 1);
  return {v, suffix, used};
}

// Units are required, as SimGrid requires them in its platform files: "1" typed for a time could
// mean 1 ps, 1 us or 1 s, and was read as 1 ps, silently. A number without a unit is refused,
// naming what to add; 0 is 0 in every unit and may stand alone. `example` is the unit the
// message suggests, `units` the ones accepted.
void require_unit(const number_and_suffix& n, std::string_view text, std::string_view what, std::string_view example,
                  std::string_view units) {
  if (!n.suffix.empty() || n.value == 0) return;
  const std::string number(text.substr(0, n.length));
  throw std::invalid_argument(std::string(what) + " " + std::string(text) + ": " + number + " what? e.g. " + number +
                              std::string(example) + " (units: " + std::string(units) + ")");
}

// An abstract-unit count (transpose --units abstract) is a plain number: a unit would say it is
// a time, which it is not.
void refuse_unit(const number_and_suffix& n, std::string_view text, std::string_view what) {
  if (n.suffix.empty()) return;
  throw std::invalid_argument(std::string(what) + " " + std::string(text) +
                              ": abstract units are plain numbers (e.g. 1); a unit such as '" + n.suffix +
                              "' needs real units, not --units abstract");
}

// 2^63 is exact in a double; anything below it converts to int64 without overflow.
constexpr double two_to_63 = 9223372036854775808.0;

[[noreturn]] void too_large(std::string_view what, std::string_view text, const std::string& largest) {
  throw std::invalid_argument(std::string(what) + ": '" + std::string(text) + "' is too large (at most " + largest +
                              ")");
}

std::int64_t whole(double v, std::string_view what, std::string_view text) {
  double r = std::round(v);
  if (r >= static_cast<double>(latest_time.ps)) too_large(what, text, latest_time_text());
  // A positive duration that rounds to 0 ps ("1e-30s") is finer than a tick, not silently 0.
  if (std::fabs(v - r) > 1e-6 * std::max(1.0, std::fabs(v)) || (v > 0 && r == 0))
    throw std::invalid_argument(std::string(what) + ": '" + std::string(text) +
                                "' is finer than one picosecond tick");
  return static_cast<std::int64_t>(r);
}

// The number at the front of text ("9223372036854775806", "4KiB"), parsed exactly when it is a
// whole decimal: a double would round the last digits near the int64 limit. Empty unless the
// decimal digits are all of the `length` characters strtod read, so fractions, exponents, hex
// ("0x10" must not read as 0) and out-of-range values take the double path.
std::optional<std::int64_t> exact_whole(std::string_view text, std::size_t length) {
  std::int64_t n = 0;
  auto [end, ec] = std::from_chars(text.data(), text.data() + length, n);
  if (ec != std::errc{} || n < 0 || end != text.data() + length) return std::nullopt;
  return n;
}

// A plain decimal ("4195.32", "25e-1") as digits x 10^exponent, read exactly: through a double,
// 4195.32 s is 4195319999999999.5 ps and the fraction would keep the rounding noise. Empty for
// anything else strtod reads (hex, blanks or a sign in front) and for more than 36 digits.
struct decimal {
  __int128 digits;
  int exponent;
};
std::optional<decimal> exact_decimal(std::string_view number) {
  decimal d{0, 0};
  std::size_t i = 0, significant = 0, mantissa = 0;
  bool point = false;
  for (; i < number.size(); ++i) {
    char c = number[i];
    if (c == '.' && !point) {
      point = true;
      continue;
    }
    if (c < '0' || c > '9') break;
    ++mantissa;
    if (d.digits == 0 && c == '0') {
      if (point) --d.exponent;
      continue;
    }
    if (++significant > 36) return std::nullopt;
    d.digits = d.digits * 10 + (c - '0');
    if (point) --d.exponent;
  }
  if (mantissa == 0) return std::nullopt;
  if (i < number.size()) {
    if (number[i] != 'e' && number[i] != 'E') return std::nullopt;
    ++i;
    bool negative = i < number.size() && number[i] == '-';
    if (i < number.size() && (number[i] == '-' || number[i] == '+')) ++i;
    if (i == number.size()) return std::nullopt;
    int e = 0;
    for (; i < number.size(); ++i) {
      if (number[i] < '0' || number[i] > '9') return std::nullopt;
      e = std::min(e * 10 + (number[i] - '0'), 100000);  // strtod has refused anything near this
    }
    d.exponent += negative ? -e : e;
  }
  return d;
}

// Lowest terms, so that 4GB/s becomes exactly 250/1 ps per byte.
byte_time reduced(byte_time t) {
  auto g = std::gcd(t.num, t.den);
  return g > 1 ? byte_time{t.num / g, t.den / g} : t;
}

constexpr std::string_view time_units = "a duration like 250ns, 1.5us, 2ms, 40ps";
constexpr std::string_view time_unit_list = "ps ns us ms s";

double time_scale(const std::string& suffix) {
  if (suffix.empty() || suffix == "ps") return 1;
  if (suffix == "ns") return 1e3;
  // "µs" with the micro sign (U+00B5) or the Greek small mu (U+03BC): both look the same.
  if (suffix == "us" || suffix == "\u00b5s" || suffix == "\u03bcs") return 1e6;
  if (suffix == "ms") return 1e9;
  if (suffix == "s") return 1e12;
  return -1;
}

}  // namespace

namespace {

enum class unit_rule { required, abstract };

vtime parse_time(std::string_view text, std::string_view what, unit_rule rule) {
  const auto parsed = split(text, what, time_units);
  if (rule == unit_rule::required) require_unit(parsed, text, what, "us", time_unit_list);
  else refuse_unit(parsed, text, what);
  auto [v, suffix, length] = parsed;
  double scale = time_scale(suffix);
  if (scale < 0) bad(what, text, time_units);
  if (auto n = exact_whole(text, length)) {
    std::int64_t ps = 0;
    if (__builtin_mul_overflow(*n, static_cast<std::int64_t>(scale), &ps) || ps > latest_time.ps)
      too_large(what, text, latest_time_text());
    return {ps};
  }
  // An abstract time is a count of ticks, so "0.5" is not "finer than a picosecond": say what it is.
  if (rule == unit_rule::abstract && v != std::floor(v))
    throw std::invalid_argument(std::string(what) + ": '" + std::string(text) +
                                "' is not a whole number of units (abstract times count whole units)");
  return {whole(v * scale, what, text)};
}

}  // namespace

vtime parse_time(std::string_view text, std::string_view what) { return parse_time(text, what, unit_rule::required); }
vtime parse_abstract_time(std::string_view text, std::string_view what) {
  return parse_time(text, what, unit_rule::abstract);
}

std::int64_t parse_bytes(std::string_view text, std::string_view what) {
  constexpr std::string_view allowed = "a size like 8B, 4KiB, 1MiB, 1K (=1024), 1KB (=1000), 2M, 1G";
  const auto parsed = split(text, what, allowed);
  require_unit(parsed, text, what, "B", "B KiB MiB GiB K M G KB MB GB");
  auto [v, suffix, length] = parsed;
  double scale = 0;
  if (suffix.empty() || suffix == "B") scale = 1;  // empty: 0 (require_unit refused the rest)
  else if (suffix == "K" || suffix == "KiB" || suffix == "k") scale = 1024.0;
  else if (suffix == "M" || suffix == "MiB") scale = 1024.0 * 1024;
  else if (suffix == "G" || suffix == "GiB") scale = 1024.0 * 1024 * 1024;
  else if (suffix == "KB" || suffix == "kB") scale = 1e3;
  else if (suffix == "MB") scale = 1e6;
  else if (suffix == "GB") scale = 1e9;
  else bad(what, text, allowed);
  const std::string largest = "8EiB - 1B = " + std::to_string(INT64_MAX) + " bytes";
  if (auto n = exact_whole(text, length)) {
    std::int64_t bytes = 0;
    if (__builtin_mul_overflow(*n, static_cast<std::int64_t>(scale), &bytes)) too_large(what, text, largest);
    return bytes;
  }
  double bytes = v * scale;
  if (std::round(bytes) >= two_to_63) too_large(what, text, largest);
  if (std::fabs(bytes - std::round(bytes)) > 1e-9) bad(what, text, "a whole number of bytes");
  return static_cast<std::int64_t>(std::round(bytes));
}

byte_time parse_bandwidth(std::string_view text, std::string_view what) {
  constexpr std::string_view allowed = "a bandwidth like 4GB/s, 3.5GB/s, 100MB/s, 1GiB/s, 10Gb/s";
  const auto parsed = split(text, what, allowed);
  require_unit(parsed, text, what, "GB/s", "B/s KB/s MB/s GB/s TB/s KiB/s MiB/s GiB/s Mb/s Gb/s");
  auto [v, suffix, _] = parsed;
  double bytes_per_s = 0;
  if (suffix == "B/s") bytes_per_s = v;
  else if (suffix == "KB/s" || suffix == "kB/s") bytes_per_s = v * 1e3;
  else if (suffix == "MB/s") bytes_per_s = v * 1e6;
  else if (suffix == "GB/s") bytes_per_s = v * 1e9;
  else if (suffix == "TB/s") bytes_per_s = v * 1e12;
  else if (suffix == "KiB/s") bytes_per_s = v * 1024.0;
  else if (suffix == "MiB/s") bytes_per_s = v * 1024.0 * 1024;
  else if (suffix == "GiB/s") bytes_per_s = v * 1024.0 * 1024 * 1024;
  else if (suffix == "Mb/s") bytes_per_s = v * 1e6 / 8;
  else if (suffix == "Gb/s") bytes_per_s = v * 1e9 / 8;
  else bad(what, text, allowed);
  if (bytes_per_s <= 0) throw std::invalid_argument(std::string(what) + ": '" + std::string(text) + "' must be > 0");
  // τ = 1e12 / bytes_per_s picoseconds per byte, kept as an exact fraction num/den where possible.
  // Both must fit in int64: that bounds the rate from above, and from below so that τ stays
  // under latest_time (a slower link could not carry one byte).
  if (bytes_per_s > 1e18) too_large(what, text, "1e18B/s");
  if (bytes_per_s < 1e-6)
    throw std::invalid_argument(std::string(what) + ": '" + std::string(text) +
                                "' is too small (at least 1e-6B/s, which takes 1e18 ps = 11.6 days per byte)");
  const double den = bytes_per_s;
  const std::int64_t num = 1000000000000LL;
  std::int64_t scale = 1;
  auto inexact = [](double x) { return x < 1 || std::fabs(x - std::round(x)) > 1e-6; };
  while (inexact(den * static_cast<double>(scale)) && scale < 1000000 && den * static_cast<double>(scale) < 1e17)
    scale *= 10;
  return reduced({num * scale, std::llround(den * static_cast<double>(scale))});
}

namespace {

byte_time parse_byte_time(std::string_view text, std::string_view what, unit_rule rule) {
  constexpr std::string_view allowed = "a time per byte like 250ps, 0.5ns, 250ps/B";
  const auto parsed = split(text, what, allowed);
  if (rule == unit_rule::required) require_unit(parsed, text, what, "ps", "ps ns us ms s, or the same per byte: ps/B ...");
  else refuse_unit(parsed, text, what);
  auto [v, suffix, length] = parsed;
  if (suffix.size() > 2 && suffix.substr(suffix.size() - 2) == "/B") suffix.resize(suffix.size() - 2);
  double scale = time_scale(suffix);
  if (scale < 0) bad(what, text, allowed);
  const std::string finer = "' is finer than 1e-6 ps per byte (use 0 for no time per byte)";
  if (auto d = exact_decimal(text.substr(0, length))) {
    // digits x 10^q, rounded half up to a whole number (exact; saturates past 10^30)
    const int p = d->exponent + static_cast<int>(std::lround(std::log10(scale)));  // ps = digits x 10^p
    auto rounded = [&](int q) -> __int128 {
      const __int128 huge = static_cast<__int128>(1000000000000000LL) * 1000000000000000LL;
      __int128 n = d->digits;
      if (q >= 0) {
        for (int i = 0; i < q && n != 0; ++i)
          if ((n *= 10) >= huge) return huge;
        return n;
      }
      if (q < -38) return 0;
      __int128 div = 1;
      for (int i = 0; i < -q; ++i) div *= 10;
      return (n + div / 2) / div;
    };
    if (rounded(p) >= latest_time.ps) too_large(what, text, latest_time_text() + " per byte");
    // As fine as millionths of a picosecond while num stays below 10^17, as on the double path.
    std::int64_t den = 1000000;
    int j = 6;
    while (j > 0 && rounded(p + j) >= 100000000000000000LL) --j, den /= 10;
    const __int128 num = rounded(p + j);
    if (num == 0 && d->digits != 0) throw std::invalid_argument(std::string(what) + ": '" + std::string(text) + finer);
    return reduced({static_cast<std::int64_t>(num), den});
  }
  double ps = v * scale;
  if (std::round(ps) >= static_cast<double>(latest_time.ps)) too_large(what, text, latest_time_text() + " per byte");
  std::int64_t den = 1;
  auto at = [&](std::int64_t d) { return ps * static_cast<double>(d); };
  while (std::fabs(at(den) - std::round(at(den))) > 1e-9 && den < 1000000 && at(den) < 1e17) den *= 10;
  const std::int64_t num = std::llround(at(den));
  if (num == 0 && ps > 0)
    throw std::invalid_argument(std::string(what) + ": '" + std::string(text) + finer);
  return reduced({num, den});
}

}  // namespace

byte_time parse_byte_time(std::string_view text, std::string_view what) {
  return parse_byte_time(text, what, unit_rule::required);
}
byte_time parse_abstract_byte_time(std::string_view text, std::string_view what) {
  return parse_byte_time(text, what, unit_rule::abstract);
}

flop_rate parse_flop_rate(std::string_view text, std::string_view what) {
  constexpr std::string_view allowed = "a rate like 1Gflops, 2.5GF/s, 1e9flops";
  const auto parsed = split(text, what, allowed);
  require_unit(parsed, text, what, "flops", "flops Mflops Gflops Tflops, or F/s MF/s GF/s TF/s");
  auto [v, suffix, _] = parsed;
  double scale = 0;
  if (suffix.empty() || suffix == "flops" || suffix == "F/s") scale = 1;  // empty: 0 (require_unit refused the rest)
  else if (suffix == "Mflops" || suffix == "MF/s") scale = 1e6;
  else if (suffix == "Gflops" || suffix == "GF/s") scale = 1e9;
  else if (suffix == "Tflops" || suffix == "TF/s") scale = 1e12;
  else bad(what, text, allowed);
  // A finite number times its unit can still overflow the double ("1e300Tflops" is +inf);
  // compute(flops) would then take zero time for any work. 1e300 flop/s is far past any machine.
  constexpr double fastest = 1e300;
  if (v * scale > fastest) too_large(what, text, "1e300 flop/s");
  // A rate of 0 would mean "no flop rate" and a tiny one overflows virtual time on the first
  // flop: refused up front, as --bandwidth and --memory-bandwidth are.
  if (v * scale <= 0) bad(what, text, "must be > 0: a rate like 1Gflops, 2.5GF/s, 1e9flops");
  if (v * scale < 1e-6)
    throw std::invalid_argument(std::string(what) + ": '" + std::string(text) +
                                "' is too small (at least 1e-6 flop/s, which takes 1e18 ps = 11.6 days per flop)");
  return {v * scale};
}

std::string latest_time_text() {
  constexpr std::int64_t ps_per_s = 1000000000000, ps_per_day = 86400 * ps_per_s;
  char buf[64];
  std::snprintf(buf, sizeof buf, "%lld.%012lld s (about %lld days)", static_cast<long long>(latest_time.ps / ps_per_s),
                static_cast<long long>(latest_time.ps % ps_per_s), static_cast<long long>(latest_time.ps / ps_per_day));
  return buf;
}

std::string format_time(vtime t, bool ticks) {
  char buf[64];
  if (ticks) {
    std::snprintf(buf, sizeof buf, "%lld", static_cast<long long>(t.ps));
    return buf;
  }
  double ps = static_cast<double>(t.ps);
  double a = std::fabs(ps);
  if (a < 1e3) std::snprintf(buf, sizeof buf, "%lld ps", static_cast<long long>(t.ps));
  else if (a < 1e6) std::snprintf(buf, sizeof buf, "%.3f ns", ps / 1e3);
  else if (a < 1e9) std::snprintf(buf, sizeof buf, "%.3f us", ps / 1e6);
  else if (a < 1e12) std::snprintf(buf, sizeof buf, "%.3f ms", ps / 1e9);
  else std::snprintf(buf, sizeof buf, "%.3f s", ps / 1e12);
  return buf;
}

std::string format_memory(std::int64_t bytes) {
  constexpr const char* units[] = {"B", "KiB", "MiB", "GiB", "TiB", "PiB", "EiB"};
  double value = static_cast<double>(bytes);
  std::size_t unit = 0;
  while (value >= 1024 && unit + 1 < std::size(units)) {
    value /= 1024;
    ++unit;
  }
  char buf[64];
  std::snprintf(buf, sizeof buf, value >= 1000 ? "%.0f %s" : "%.3g %s", value, units[unit]);
  return buf;
}

std::string format_bytes(std::int64_t bytes) {
  char buf[64];
  double b = static_cast<double>(bytes);
  if (bytes < 1024) std::snprintf(buf, sizeof buf, "%lld B", static_cast<long long>(bytes));
  else if (b < 1024.0 * 1024) std::snprintf(buf, sizeof buf, "%.1f KiB", b / 1024);
  else if (b < 1024.0 * 1024 * 1024) std::snprintf(buf, sizeof buf, "%.1f MiB", b / (1024.0 * 1024));
  else std::snprintf(buf, sizeof buf, "%.2f GiB", b / (1024.0 * 1024 * 1024));
  return buf;
}

}  // namespace weft
