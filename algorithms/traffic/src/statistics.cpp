#include "weft/traffic/statistics.hpp"

#include <algorithm>
#include <array>
#include <bit>
#include <cmath>
#include <numeric>
#include <stdexcept>

namespace weft::traffic {

std::vector<double> nearest_rank_percentiles(const std::vector<std::int64_t>& sample, std::span<const double> qs, double unit) {
  std::vector<double> out;
  if (sample.empty()) {
    out.assign(qs.size(), 0.0);
    return out;
  }
  const auto rank_of = [&](double q) {
    return std::max<std::size_t>(static_cast<std::size_t>(std::ceil(q * static_cast<double>(sample.size()))), 1) - 1;
  };
  const auto [lowest, highest] = std::minmax_element(sample.begin(), sample.end());
  if (*lowest < 0) {
    std::vector<std::int64_t> all = sample;
    for (double q : qs) {
      const auto at = all.begin() + static_cast<std::ptrdiff_t>(rank_of(q));
      std::nth_element(all.begin(), at, all.end());
      out.push_back(static_cast<double>(*at) / unit);
    }
    return out;
  }
  const auto top = static_cast<std::uint64_t>(*highest);
  const int shift = std::max(0, static_cast<int>(std::bit_width(top)) - 12);
  // before[b]: the values in buckets below b.
  std::vector<std::size_t> before((top >> shift) + 2, 0);
  for (const std::int64_t v : sample) ++before[(static_cast<std::uint64_t>(v) >> shift) + 1];
  std::partial_sum(before.begin(), before.end(), before.begin());
  std::vector<std::int64_t> bucket;
  for (double q : qs) {
    const std::size_t rank = rank_of(q);
    const auto b = static_cast<std::uint64_t>(std::upper_bound(before.begin(), before.end(), rank) - before.begin() - 1);
    bucket.clear();
    for (const std::int64_t v : sample)
      if (static_cast<std::uint64_t>(v) >> shift == b) bucket.push_back(v);
    const auto at = bucket.begin() + static_cast<std::ptrdiff_t>(rank - before[b]);
    std::nth_element(bucket.begin(), at, bucket.end());
    out.push_back(static_cast<double>(*at) / unit);
  }
  return out;
}

point measure(const schedule& s, const delivery_log& log) {
  const auto& run = s.run;
  const double cycle_ps = static_cast<double>(run.shape.cycle.ps);
  const std::int64_t begin = run.warmup * run.shape.cycle.ps, end = run.cycles * run.shape.cycle.ps;
  std::vector<std::int64_t> latencies;
  std::size_t deliveries = 0;
  for (const auto& node : log.per_node) deliveries += node.size();
  latencies.reserve(deliveries);
  std::int64_t arrived_in_window = 0, received = 0, last_arrival = 0;
  const std::int64_t middle = run.warmup + (run.cycles - run.warmup) / 2;
  double half_sum[2] = {0, 0}, half_count[2] = {0, 0};  // created before / from the window's middle
  for (const auto& node : log.per_node)
    for (const auto& d : node) {
      ++received;
      last_arrival = std::max(last_arrival, d.arrival_ps);
      if (d.arrival_ps >= begin && d.arrival_ps < end) ++arrived_in_window;
      if (!s.measured(d.cycle)) continue;
      latencies.push_back(d.arrival_ps - d.cycle * run.shape.cycle.ps);
      const int half = d.cycle < middle ? 0 : 1;
      half_sum[half] += static_cast<double>(latencies.back()) / cycle_ps;
      half_count[half] += 1;
    }
  if (received != s.packets)
    throw std::logic_error("traffic run delivered " + std::to_string(received) + " of " + std::to_string(s.packets) + " packets");
  std::int64_t created_in_window = 0;
  for (const auto& node : s.sends)
    for (const auto& p : node) created_in_window += s.measured(p.cycle) ? 1 : 0;
  const double node_cycles = static_cast<double>(s.nodes()) * static_cast<double>(run.cycles - run.warmup);
  point out;
  out.load = s.load;
  out.offered = static_cast<double>(created_in_window * run.shape.packet_flits) / node_cycles;
  out.accepted = static_cast<double>(arrived_in_window * run.shape.packet_flits) / node_cycles;
  out.packets = static_cast<std::int64_t>(latencies.size());
  out.simulated_cycles = std::max(run.cycles, last_arrival / run.shape.cycle.ps + (last_arrival % run.shape.cycle.ps != 0 ? 1 : 0));
  std::int64_t total = 0;  // ps: exact, no rounding before the one division
  for (auto l : latencies) total += l;
  out.latency = latencies.empty() ? 0 : static_cast<double>(total) / static_cast<double>(latencies.size()) / cycle_ps;
  const std::vector<double> ranks = nearest_rank_percentiles(latencies, std::array{0.5, 0.99}, cycle_ps);
  out.p50 = ranks[0];
  out.p99 = ranks[1];
  out.early_latency = half_count[0] > 0 ? half_sum[0] / half_count[0] : 0;
  out.late_latency = half_count[1] > 0 ? half_sum[1] / half_count[1] : 0;
  return out;
}

bool past_saturation(const point& p, std::int64_t window_cycles) {
  if (!p.has_latency() || window_cycles < 1) return false;
  return p.late_latency > 1.5 * p.early_latency &&
         p.late_latency - p.early_latency > static_cast<double>(window_cycles) / 20;
}

saturation estimate_saturation(const std::vector<point>& points, std::int64_t window_cycles) {
  saturation s;
  const point* lowest = nullptr;  // the lowest load that measured packets: the zero-load reference
  for (const auto& p : points) {
    s.throughput = std::max(s.throughput, p.accepted);
    if (p.has_latency() && (!lowest || p.load < lowest->load)) lowest = &p;
  }
  if (!lowest) return s;
  s.measured = true;
  s.zero_load = lowest->latency;
  s.zero_load_offered = lowest->offered;
  if (past_saturation(*lowest, window_cycles)) {
    s.past_saturation = s.reached = true;
    s.knee_load = lowest->offered;
    return s;
  }
  for (const auto& p : points)
    if (p.has_latency() && p.latency > 3 * s.zero_load && (!s.reached || p.offered < s.knee_load)) {
      s.reached = true;
      s.knee_load = p.offered;
    }
  return s;
}

latency_saturation estimate_saturation_by_latency(const std::vector<point>& points, double threshold,
                                                  std::int64_t window_cycles) {
  latency_saturation out;
  out.threshold = threshold;
  struct verdict {
    const point* p;
    bool grows, fails;
  };
  std::vector<verdict> measured;
  for (const auto& p : points)
    if (p.has_latency()) {
      const bool grows = past_saturation(p, window_cycles);
      measured.push_back({&p, grows, grows || p.latency > threshold});
    }
  // Lowest offered load first; at equal offered loads the failing point first, so that a load
  // where one run failed is never the figure.
  std::stable_sort(measured.begin(), measured.end(), [](const verdict& a, const verdict& b) {
    return a.p->offered != b.p->offered ? a.p->offered < b.p->offered : a.fails && !b.fails;
  });
  out.measured = !measured.empty();
  for (const auto& v : measured) {
    if (v.fails) {
      out.first_failing = *v.p;
      out.first_failing_grows = v.grows;
      break;
    }
    out.offered = v.p->offered;
  }
  return out;
}

}  // namespace weft::traffic
