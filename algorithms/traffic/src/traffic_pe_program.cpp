#include "weft/traffic/traffic_pe_program.hpp"

#include <algorithm>
#include <bit>
#include <cstdint>
#include <span>
#include <stdexcept>
#include <string>

#include "weft/pe.hpp"

namespace weft::traffic {

namespace {

constexpr tag packet_tag{0};

/// `got` ordered as schedule::receives_of gives a node's packets, by (source, cycle): bucketed
/// by source (a counting sort), then each source's packets by cycle, the order they mostly
/// arrive in already (a pair's packets overtake each other only on other VCs or paths). Linear,
/// where sorting the whole was 1.5 % of a loaded run's time.
std::vector<delivery> by_source_and_cycle(const std::vector<delivery>& got, node_id nodes) {
  std::vector<std::size_t> start(static_cast<std::size_t>(nodes) + 1, 0);
  for (const auto& d : got) ++start[static_cast<std::size_t>(d.source) + 1];
  for (std::size_t i = 1; i < start.size(); ++i) start[i] += start[i - 1];
  std::vector<delivery> sorted(got.size());
  std::vector<std::size_t> next(start.begin(), start.end() - 1);
  for (const auto& d : got) sorted[next[static_cast<std::size_t>(d.source)]++] = d;
  const auto by_cycle = [](const delivery& a, const delivery& b) { return a.cycle < b.cycle; };
  for (std::size_t n = 0; n + 1 < start.size(); ++n) {
    const auto first = sorted.begin() + static_cast<std::ptrdiff_t>(start[n]), last = sorted.begin() + static_cast<std::ptrdiff_t>(start[n + 1]);
    if (!std::is_sorted(first, last, by_cycle)) std::sort(first, last, by_cycle);
  }
  return sorted;
}

/// Cycles between a PE's catch-ups: a power of two in which a node sends about 16 packets on
/// average (a loaded 1-flit run: 256 cycles). Shorter blocks cost more phases of the engine;
/// longer ones hold more messages at once (docs/PERFORMANCE.md, "A tenth round").
std::int64_t catch_up_cycles(const schedule& s) {
  const double trials = static_cast<double>(s.nodes()) * static_cast<double>(s.run.cycles);
  const double per_node_cycle = trials > 0 ? static_cast<double>(s.packets) / trials : 0;
  const double cycles = per_node_cycle > 0 ? 16 / per_node_cycle : static_cast<double>(s.run.cycles);
  return static_cast<std::int64_t>(std::bit_ceil(static_cast<std::uint64_t>(std::clamp(cycles, 16.0, 0x1p40))));
}

}  // namespace

program make_traffic_program(std::shared_ptr<const schedule> s, std::shared_ptr<delivery_log> log) {
  log->per_node.assign(static_cast<std::size_t>(s->nodes()), {});
  const std::int64_t block = catch_up_cycles(*s);
  return [s = std::move(s), log = std::move(log), block](pe& self) {
    const int me = self.rank();
    const auto& shape = s->run.shape;
    const auto& mine = s->sends[static_cast<std::size_t>(me)];
    const auto expected = static_cast<std::size_t>(s->receipts[static_cast<std::size_t>(me)].packets);
    auto& got = log->per_node[static_cast<std::size_t>(me)];
    got.reserve(expected);
    const auto receive = [&] {
      packet_header h;
      const auto m = self.recv_into(std::as_writable_bytes(std::span(&h, 1)), any_source, packet_tag);
      if (m.bytes != sizeof h)
        throw std::runtime_error("node " + std::to_string(me) + " received a packet of " + std::to_string(m.bytes) +
                                 " real bytes from node " + std::to_string(m.source) + " where a header has " +
                                 std::to_string(sizeof h));
      if (h.source != m.source || h.dest != me)
        throw std::runtime_error("node " + std::to_string(me) + " received a packet from node " + std::to_string(m.source) +
                                 " whose header says " + std::to_string(h.source) + " -> " + std::to_string(h.dest));
      // The schedule's cycles are below --cycles (at most 10^9): one outside can be no packet of
      // it, and is said so before the cycle is kept in 32 bits.
      if (h.cycle < 0 || h.cycle >= s->run.cycles)
        throw std::runtime_error("node " + std::to_string(me) + " received a packet from node " + std::to_string(m.source) +
                                 " created in cycle " + std::to_string(h.cycle) + ", outside the run's cycles [0, " +
                                 std::to_string(s->run.cycles) + ")");
      got.push_back({h.source, static_cast<packet_cycle>(h.cycle), m.arrival.ps});
    };
    // What arrived is taken between sends only when a receive costs no time: one that did would
    // move the clock the next sends are dated by, where the schedule has no receive before them.
    bool receive_early = self.host().o_recv == vtime{};
    // A send's request is let go of when it completed as it was made (all-port, no gap holding
    // it back). Once one has not (a single-port PE's, from its first), every later one is kept as
    // the old program kept them all, and nothing more is received early: the requests then lie in
    // the order they were made, and waiting for them at the end moves the clock as it did.
    bool releasing = true;
    std::vector<request> kept;
    std::int64_t next_catch_up = block;
    for (const auto& p : mine) {
      if (p.cycle >= next_catch_up) {
        // At the block's first cycle, the same for every PE: one engine phase catches all up.
        const std::int64_t first = p.cycle / block * block;
        next_catch_up = first + block;
        const vtime at{first * shape.cycle.ps};
        if (self.now() < at) self.compute(at - self.now());
        std::size_t arrived = self.catch_up();
        if (receive_early)
          for (; arrived > 0 && got.size() < expected; --arrived) receive();
      }
      const vtime created{p.cycle * shape.cycle.ps};
      if (self.now() < created) self.compute(created - self.now());
      request sent = self.isend(p.dest, packet_tag, sized(packet_header{me, p.dest, p.cycle}, shape.packet_bytes()));
      if (!releasing || !self.release(sent)) {
        releasing = receive_early = false;
        kept.push_back(sent);
      }
    }
    while (got.size() < expected) receive();
    self.wait_all(kept);
    check_deliveries(me, *s, got);
  };
}

void check_deliveries(node_id me, const schedule& s, const std::vector<delivery>& received) {
  // The count and fingerprint first (schedule.hpp); where they differ, the packets one by one,
  // for a line that names the first that differs.
  expected_receipts got_receipts;
  for (const auto& d : received) got_receipts.add(d.source, d.cycle);
  const expected_receipts& want = s.receipts[static_cast<std::size_t>(me)];
  if (got_receipts == want) return;
  const std::vector<delivery> got = by_source_and_cycle(received, s.nodes());
  const std::vector<expected_packet> expected = s.receives_of(me);
  for (std::size_t i = 0; i < std::min(got.size(), expected.size()); ++i)
    if (got[i].source != expected[i].source || got[i].cycle != expected[i].cycle)
      throw std::runtime_error("node " + std::to_string(me) + " received the packet of node " + std::to_string(got[i].source) +
                               " created in cycle " + std::to_string(got[i].cycle) + " where the schedule has node " +
                               std::to_string(expected[i].source) + ", cycle " + std::to_string(expected[i].cycle));
  if (got.size() != expected.size())
    throw std::runtime_error("node " + std::to_string(me) + " received " + std::to_string(got.size()) + " packets where the schedule sends it " +
                             std::to_string(expected.size()));
  // The packets are the schedule's; its count or fingerprint for them is not (it was changed).
  throw std::runtime_error("node " + std::to_string(me) + " received the " + std::to_string(got.size()) +
                           " packets the schedule sends it, but the schedule's receipt for them says " +
                           std::to_string(want.packets) + " packets, fingerprint " + std::to_string(want.fingerprint) +
                           " (theirs: " + std::to_string(got_receipts.fingerprint) + ")");
}

}  // namespace weft::traffic
