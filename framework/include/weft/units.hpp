#pragma once
// Units are types: virtual time, byte counts and transfer rates never travel as bare doubles.
// Everything a user types ("1us", "4GB/s", "64KiB") is parsed here, in one place.

#include <cstdint>
#include <string>
#include <string_view>

namespace weft {

/// Virtual time in ticks of one picosecond. Abstract-unit models (the papers' α, τ, "steps")
/// simply use 1 tick = 1 unit.
struct vtime {
  std::int64_t ps = 0;

  static constexpr vtime zero() { return {0}; }
  static constexpr vtime infinity() { return {INT64_MAX}; }
  static constexpr vtime ticks(std::int64_t n) { return {n}; }
  static constexpr vtime ns(std::int64_t n) { return {n * 1000}; }
  static constexpr vtime us(std::int64_t n) { return {n * 1000000}; }

  constexpr auto operator<=>(const vtime&) const = default;
  constexpr vtime operator+(vtime o) const { return {ps + o.ps}; }
  constexpr vtime operator-(vtime o) const { return {ps - o.ps}; }
  constexpr vtime& operator+=(vtime o) {
    ps += o.ps;
    return *this;
  }
  constexpr vtime operator*(std::int64_t k) const { return {ps * k}; }
  double seconds() const { return static_cast<double>(ps) * 1e-12; }
  double micros() const { return static_cast<double>(ps) * 1e-6; }
};

/// The latest virtual time a run can reach: INT64_MAX - 1 ps, about 106.75 days (INT64_MAX
/// itself is vtime::infinity(), the engine's "never"). Parsed durations stay within it, and a
/// run whose clock would pass it stops with an error (docs/model.md, "Virtual time").
inline constexpr vtime latest_time{INT64_MAX - 1};
/// latest_time for messages: "9223372.036854775806 s (about 106 days)".
std::string latest_time_text();

inline constexpr vtime max(vtime a, vtime b) { return a < b ? b : a; }
inline constexpr vtime min(vtime a, vtime b) { return a < b ? a : b; }

/// Time to move one byte, as the exact fraction num/den picoseconds, so that "3.5GB/s"
/// (285.714... ps/B) is charged exactly: serialize(B) = ceil(B * num / den).
struct byte_time {
  std::int64_t num = 0;
  std::int64_t den = 1;

  /// Saturates at vtime::infinity() when the time is past every representable one, so that a
  /// checked sum with it fails (weft/detail/checked_time.hpp).
  vtime serialize(std::int64_t bytes) const {
    if (den == 1) {  // the common case; skips a 128-bit division
      std::int64_t ps = 0;
      return {__builtin_mul_overflow(bytes, num, &ps) ? INT64_MAX : ps};
    }
    const auto ps = (static_cast<__int128>(bytes) * num + den - 1) / den;
    return {ps > INT64_MAX ? INT64_MAX : static_cast<std::int64_t>(ps)};
  }
  bool is_zero() const { return num == 0; }
};

/// A compute rate in floating-point operations per second (0 = compute(flops) is an error).
struct flop_rate {
  double per_second = 0;
};

// Every parser below requires a unit, as SimGrid does: "1" alone is refused ("--alpha 1: 1 what?
// e.g. 1us (units: ps ns us ms s)"), 0 alone is 0 in any unit. Each throws std::invalid_argument
// naming `what` and the bad text; negative values and values past latest_time are refused (and
// likewise whatever does not fit).

/// Parses a duration: "250ns", "1.5us", "2ms", "1s", "40ps".
vtime parse_time(std::string_view text, std::string_view what);
/// Parses a size: "8B", "4KiB", "1MiB", "1K" (=1024), "1KB" (=1000), "2M", "1G".
std::int64_t parse_bytes(std::string_view text, std::string_view what);
/// Parses a bandwidth ("4GB/s", "3.5GB/s", "100Mb/s", "1GiB/s") into the time per byte.
byte_time parse_bandwidth(std::string_view text, std::string_view what);
/// Parses a time per byte ("250ps", "0.5ns", "250ps/B"): the τ of the papers.
byte_time parse_byte_time(std::string_view text, std::string_view what);
/// Parses "1Gflops", "2.5GF/s", "1e9flops".
flop_rate parse_flop_rate(std::string_view text, std::string_view what);

/// Abstract units (the papers' α and τ counted in units, 1 tick = 1 unit): a plain number
/// ("3", "0.5" per element), a unit refused. For a command's explicit abstract mode only
/// (weft transpose --units abstract), whose report then says "units", never ps.
vtime parse_abstract_time(std::string_view text, std::string_view what);
byte_time parse_abstract_byte_time(std::string_view text, std::string_view what);

/// "1.234 us"-style text with a unit chosen for readability, or raw ticks when `ticks`.
std::string format_time(vtime t, bool ticks = false);
std::string format_bytes(std::int64_t bytes);
/// A memory amount in three significant digits, in the largest binary unit that keeps it ≥ 1
/// ("1 GiB", "11.8 GiB", "880 MiB", "3.4 KiB"): how every "needs about ..., more than
/// --max-memory ..." line prints both amounts, so a typed limit reads back as typed.
std::string format_memory(std::int64_t bytes);

}  // namespace weft
