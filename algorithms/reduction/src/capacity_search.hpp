#pragma once
// The delay-aware tree and the LogP bound both answer "how soon can K items be summed?" from a
// non-decreasing capacity table (items summable by time t), grown until it reaches K.

#include <algorithm>
#include <cstdint>

namespace weft::reduction::detail {

/// Capacities saturate here instead of overflowing.
inline constexpr std::int64_t capacity_cap = std::int64_t{1} << 62;

/// The first t with table(t_max)[t] >= items, doubling t_max from `t0` until the table gets there.
template <class Table>
std::int64_t first_time_reaching(std::int64_t items, std::int64_t t0, Table table) {
  for (std::int64_t t_max = t0;; t_max *= 2) {
    const auto capacity = table(t_max);
    const auto it = std::lower_bound(capacity.begin(), capacity.end(), items);
    if (it != capacity.end()) return static_cast<std::int64_t>(it - capacity.begin());
  }
}

}  // namespace weft::reduction::detail
