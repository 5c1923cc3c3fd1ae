#include "weft/traffic/schedule.hpp"

#include <algorithm>
#include <cmath>
#include <stdexcept>
#include <string>

namespace weft::traffic {

schedule build_schedule(const pattern& p, double load, const params& run) {
  run.validate();
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
