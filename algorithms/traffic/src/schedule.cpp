#include "weft/traffic/schedule.hpp"

#include <algorithm>
#include <cmath>
#include <stdexcept>
#include <string>

#include "weft/units.hpp"

namespace weft::traffic {

namespace {

/// A trace's messages, each as the packets its bytes fill, created in the cycle it was sent.
schedule replay(const std::vector<message_record>& trace, node_id nodes, double load, const params& run) {
  schedule s;
  s.run = run;
  s.load = load;
  s.sends.resize(static_cast<std::size_t>(nodes));
  s.receipts.resize(static_cast<std::size_t>(nodes));
  const std::int64_t packet = run.shape.packet_bytes();
  for (const auto& m : trace) {
    if (m.src_node == m.dst_node) continue;  // it crossed no link in the run either
    const std::int64_t cycle = m.ready.ps / run.shape.cycle.ps;
    if (cycle >= run.cycles) continue;
    const std::int64_t packets = packets_of(m.bytes, packet);
    for (std::int64_t i = 0; i < packets; ++i) {
      s.sends[static_cast<std::size_t>(m.src_node)].push_back({static_cast<packet_cycle>(cycle), m.dst_node});
      s.receipts[static_cast<std::size_t>(m.dst_node)].add(m.src_node, cycle);
    }
    s.packets += packets;
  }
  for (auto& out : s.sends)
    std::stable_sort(out.begin(), out.end(), [](const send& a, const send& b) { return a.cycle < b.cycle; });
  return s;
}

}  // namespace

std::vector<expected_packet> schedule::receives_of(node_id dest) const {
  std::vector<expected_packet> out;
  for (node_id src = 0; src < nodes(); ++src)  // sources in turn, each one's sends by cycle: sorted
    for (const auto& p : sends[static_cast<std::size_t>(src)])
      if (p.dest == dest) out.push_back({src, p.cycle});
  return out;
}

std::int64_t packets_of(std::int64_t bytes, std::int64_t packet_bytes) {
  return std::max<std::int64_t>(1, bytes / packet_bytes + (bytes % packet_bytes != 0 ? 1 : 0));
}

std::int64_t replay_cycles(const message_trace& trace, const packet_shape& shape) {
  std::int64_t last = 0;
  std::size_t at = 0;
  for (std::size_t i = 0; i < trace.messages.size(); ++i)
    if (const std::int64_t c = trace.messages[i].ready.ps / shape.cycle.ps; c > last) {
      last = c;
      at = i;
    }
  // The limits of params::validate(), said of the message that sets them: the user typed no --cycles.
  const std::int64_t cycles = last + 1;
  if (cycles > max_cycles || shape.cycle.ps > (std::int64_t{1} << 60) / cycles)
    throw std::invalid_argument(trace.where(at) + ": ready_ps " + std::to_string(trace.messages[at].ready.ps) +
                                " is in cycle " + std::to_string(last) + " of " + format_time(shape.cycle) +
                                ": replaying up to it passes what a traffic run may last (10^9 cycles, about 13 days); "
                                "give --cycles to replay only the start");
  return cycles;
}

replay_extent measure_replay(const message_trace& trace, const packet_shape& shape, std::int64_t cycles) {
  replay_extent e;
  for (std::size_t i = 0; i < trace.messages.size(); ++i) {
    const auto& m = trace.messages[i];
    if (m.src_node == m.dst_node || m.ready.ps / shape.cycle.ps >= cycles) continue;
    const std::int64_t packets = packets_of(m.bytes, shape.packet_bytes());
    std::int64_t flits = 0;
    if (__builtin_mul_overflow(packets, std::int64_t{shape.packet_flits}, &flits) ||
        __builtin_add_overflow(e.packets, packets, &e.packets) || __builtin_add_overflow(e.flits, flits, &e.flits))
      throw std::invalid_argument(trace.where(i) + ": bytes " + std::to_string(m.bytes) +
                                  ": the trace's flits up to this message (" +
                                  std::to_string(shape.packet_bytes()) + " B packets) pass 2^63 - 1");
    if (packets > e.largest_packets) {
      e.largest_packets = packets;
      e.largest = i;
    }
  }
  return e;
}

schedule build_schedule(const pattern& p, double load, const params& run) {
  run.validate();
  if (const auto* trace = p.trace()) return replay(trace->messages, p.nodes(), load, run);
  if (!(load > 0 && load <= 1)) throw std::invalid_argument("--load " + std::to_string(load) + " is outside (0, 1] flits/node/cycle");
  schedule s;
  s.run = run;
  s.load = load;
  const node_id n = p.nodes();
  s.sends.resize(static_cast<std::size_t>(n));
  s.receipts.resize(static_cast<std::size_t>(n));
  // Room for what a node most likely sends, taken at once: grown by doubling, the lists' copies
  // were a sixth of a loaded run's page faults. (Room not written to costs no page.)
  const auto per_node = static_cast<std::size_t>(packets_bound(1, load, run));
  for (auto& out : s.sends) out.reserve(per_node);
  const random_stream::below_threshold probability(load / run.shape.packet_flits);
  for (node_id src = 0; src < n; ++src) {
    random_stream rng(run.seed, static_cast<std::uint64_t>(src));
    auto& out = s.sends[static_cast<std::size_t>(src)];
    // One draw per cycle: the cycles until the node's next packet are skipped in one call.
    for (std::int64_t c = 0;; ++c) {
      c += static_cast<std::int64_t>(rng.draws_before(probability, static_cast<std::uint64_t>(run.cycles - c)));
      if (c >= run.cycles) break;
      const node_id dst = p.destination(src, rng);
      if (dst == src) continue;  // a packet to itself is not created
      out.push_back({static_cast<packet_cycle>(c), dst});
      s.receipts[static_cast<std::size_t>(dst)].add(src, c);
    }
    s.packets += static_cast<std::int64_t>(out.size());
  }
  return s;
}

std::int64_t packets_bound(node_id nodes, double load, const params& run) {
  const double trials = static_cast<double>(nodes) * static_cast<double>(run.cycles);
  const double q = std::min(1.0, load / run.shape.packet_flits);
  return static_cast<std::int64_t>(std::ceil(trials * q + 6 * std::sqrt(trials * q * (1 - q)) + 1));
}

}  // namespace weft::traffic
