#include "weft/reduction/logp.hpp"

#include <algorithm>
#include <stdexcept>
#include <string>

#include "capacity_search.hpp"

namespace weft::reduction {

std::vector<std::int64_t> logp_summation_capacity(std::int64_t t_max, const logp_params& p) {
  if (p.latency < 0 || p.overhead < 0 || p.add < 1)
    throw std::invalid_argument("LogP bound needs L >= 0, o >= 0 and an addition time >= 1 (got L = " +
                                std::to_string(p.latency) + ", o = " + std::to_string(p.overhead) +
                                ", add = " + std::to_string(p.add) + ")");
  constexpr std::int64_t cap = detail::capacity_cap;
  std::vector<std::int64_t> s(static_cast<std::size_t>(t_max) + 1, 1);
  auto at = [&](std::int64_t t) { return s[static_cast<std::size_t>(t)]; };
  for (std::int64_t t = p.add; t <= t_max; ++t) {
    std::int64_t best = at(t - p.add) + 1;
    const std::int64_t sent = t - p.add - 2 * p.overhead - p.latency;
    if (sent >= 0) best = std::max(best, std::min(cap, at(t - p.add - p.overhead) + at(sent)));
    s[static_cast<std::size_t>(t)] = std::min(cap, best);
  }
  return s;
}

std::int64_t logp_summation_time(std::int64_t items, const logp_params& p) {
  if (items < 1) throw std::invalid_argument("LogP bound needs at least one operand");
  return detail::first_time_reaching(items, 2 * (p.add + p.latency + 2 * p.overhead),
                                     [&](std::int64_t t_max) { return logp_summation_capacity(t_max, p); });
}

}  // namespace weft::reduction
