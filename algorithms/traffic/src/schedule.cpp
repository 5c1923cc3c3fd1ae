#include "weft/traffic/schedule.hpp"

#include <algorithm>
#include <cmath>
#include <stdexcept>
#include <string>

namespace weft::traffic {

namespace {

/// A trace's messages, each as the packets its bytes fill, created in the cycle it was sent.
schedule replay(const std::vector<message_record>& trace, node_id nodes, double load, const params& run) {
  schedule s;
  s.run = run;
  s.load = load;
  s.sends.resize(static_cast<std::size_t>(nodes));
  s.receives.resize(static_cast<std::size_t>(nodes));
  const std::int64_t packet = run.shape.packet_bytes();
  for (const auto& m : trace) {
    if (m.src_node == m.dst_node) continue;  // it crossed no link in the run either
    const std::int64_t cycle = m.ready.ps / run.shape.cycle.ps;
    if (cycle >= run.cycles) continue;
    const std::int64_t packets = std::max<std::int64_t>(1, (m.bytes + packet - 1) / packet);
    for (std::int64_t i = 0; i < packets; ++i) {
      s.sends[static_cast<std::size_t>(m.src_node)].push_back({cycle, m.dst_node});
      s.receives[static_cast<std::size_t>(m.dst_node)].push_back({m.src_node, cycle});
    }
    s.packets += packets;
  }
  for (auto& out : s.sends)
    std::stable_sort(out.begin(), out.end(), [](const send& a, const send& b) { return a.cycle < b.cycle; });
  for (auto& r : s.receives) std::sort(r.begin(), r.end());
  return s;
}

}  // namespace

schedule build_schedule(const pattern& p, double load, const params& run) {
  run.validate();
  if (const auto* trace = p.trace()) return replay(*trace, p.nodes(), load, run);
  if (!(load > 0 && load <= 1)) throw std::invalid_argument("--load " + std::to_string(load) + " is outside (0, 1] flits/node/cycle");
  schedule s;
  s.run = run;
  s.load = load;
  const node_id n = p.nodes();
  s.sends.resize(static_cast<std::size_t>(n));
  s.receives.resize(static_cast<std::size_t>(n));
  const double probability = load / run.shape.packet_flits;
  for (node_id src = 0; src < n; ++src) {
    random_stream rng(run.seed, static_cast<std::uint64_t>(src));
    auto& out = s.sends[static_cast<std::size_t>(src)];
    for (std::int64_t c = 0; c < run.cycles; ++c) {
      if (rng.unit() >= probability) continue;
      const node_id dst = p.destination(src, rng);
      if (dst == src) continue;  // a packet to itself is not created
      out.push_back({c, dst});
      s.receives[static_cast<std::size_t>(dst)].push_back({src, c});
    }
    s.packets += static_cast<std::int64_t>(out.size());
  }
  for (auto& r : s.receives) std::sort(r.begin(), r.end());
  return s;
}

std::int64_t packets_bound(node_id nodes, double load, const params& run) {
  const double trials = static_cast<double>(nodes) * static_cast<double>(run.cycles);
  const double q = std::min(1.0, load / run.shape.packet_flits);
  return static_cast<std::int64_t>(std::ceil(trials * q + 6 * std::sqrt(trials * q * (1 - q)) + 1));
}

}  // namespace weft::traffic
