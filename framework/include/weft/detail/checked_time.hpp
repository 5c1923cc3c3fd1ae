#pragma once
// Checked virtual-time arithmetic. Times are int64 picoseconds; a sum past latest_time (about
// 106 days) must stop the run with an error, never wrap to a negative time. Each check is one
// overflow-flag test, cheap enough for the hop loop.

#include <cstdint>
#include <string>

#include "weft/units.hpp"

namespace weft::detail {

/// a + b into `sum`; false when it passes latest_time.
inline bool add_time(std::int64_t a, std::int64_t b, std::int64_t& sum) {
  return !__builtin_add_overflow(a, b, &sum) && sum <= latest_time.ps;
}

/// a + b for b >= 0, INT64_MAX (never) past the largest value: the engine's window ends.
inline std::int64_t saturating_add(std::int64_t a, std::int64_t b) { return a > INT64_MAX - b ? INT64_MAX : a + b; }

/// Throw std::overflow_error; on a PE's fiber the PE fails with the message.
[[noreturn, gnu::cold]] void throw_time_overflow(const char* what, vtime at, vtime more);
[[noreturn, gnu::cold]] void throw_count_overflow(const char* what, std::int64_t total, std::int64_t more);

/// at + more, or throws naming `what` ("o_send of PE 3").
inline vtime checked_add(vtime at, vtime more, const char* what) {
  vtime sum;
  if (!add_time(at.ps, more.ps, sum.ps)) [[unlikely]]
    throw_time_overflow(what, at, more);
  return sum;
}

/// A running count (bytes sent, received) plus `more`, or throws naming `what`.
inline std::int64_t checked_total(std::int64_t total, std::int64_t more, const char* what) {
  std::int64_t sum = 0;
  if (__builtin_add_overflow(total, more, &sum)) [[unlikely]]
    throw_count_overflow(what, total, more);
  return sum;
}

}  // namespace weft::detail
