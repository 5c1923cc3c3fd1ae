#include "weft/traffic/statistics.hpp"

#include <algorithm>
#include <cmath>
#include <stdexcept>

namespace weft::traffic {

namespace {

// Nearest rank: the smallest value with at least q of the sample at or below it. It puts that
// value in its sorted place, the rest around it (a full sort of a loaded run's latencies was 1.7 %
// of its instructions). Asked for in increasing q: `from` is where the last rank's value stands,
// everything after it not below it, so the next rank is looked for there only (a second
// selection over the whole sample was 0.4 % of a loaded run).
double percentile(std::vector<std::int64_t>& sample, std::vector<std::int64_t>::iterator& from, double q, double cycle_ps) {
  if (sample.empty()) return 0;
  const auto rank = static_cast<std::size_t>(std::ceil(q * static_cast<double>(sample.size())));
  const auto at = sample.begin() + static_cast<std::ptrdiff_t>(std::max<std::size_t>(rank, 1) - 1);
  if (at >= from) {
    std::nth_element(from, at, sample.end());
    from = at;
  }
  return static_cast<double>(*at) / cycle_ps;
}

}  // namespace

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
  auto from = latencies.begin();  // ranks in increasing order: each looked for above the last
  out.p50 = percentile(latencies, from, 0.5, cycle_ps);
  out.p99 = percentile(latencies, from, 0.99, cycle_ps);
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
