#include "weft/traffic/traffic_pe_program.hpp"

#include <algorithm>
#include <span>
#include <stdexcept>
#include <string>

#include "weft/pe.hpp"

namespace weft::traffic {

namespace {

constexpr tag packet_tag{0};

/// `got` ordered as `expected` is, by (source, cycle): bucketed by source (a counting sort), then
/// each source's packets by cycle, the order they mostly arrive in already (a pair's packets
/// overtake each other only on other VCs or paths). Linear, where sorting the whole was 1.5 % of
/// a loaded run's time.
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

void check_payloads(int me, node_id nodes, const std::vector<delivery>& received, const std::vector<expected_packet>& expected) {
  const std::vector<delivery> got = by_source_and_cycle(received, nodes);
  for (std::size_t i = 0; i < expected.size(); ++i)
    if (got[i].source != expected[i].source || got[i].cycle != expected[i].cycle)
      throw std::runtime_error("node " + std::to_string(me) + " received the packet of node " + std::to_string(got[i].source) +
                               " created in cycle " + std::to_string(got[i].cycle) + " where the schedule has node " +
                               std::to_string(expected[i].source) + ", cycle " + std::to_string(expected[i].cycle));
}

}  // namespace

program make_traffic_program(std::shared_ptr<const schedule> s, std::shared_ptr<delivery_log> log) {
  log->per_node.assign(static_cast<std::size_t>(s->nodes()), {});
  return [s = std::move(s), log = std::move(log)](pe& self) {
    const int me = self.rank();
    const auto& shape = s->run.shape;
    const auto& mine = s->sends[static_cast<std::size_t>(me)];
    std::vector<request> sent;
    sent.reserve(mine.size());
    for (const auto& p : mine) {
      const vtime created{p.cycle * shape.cycle.ps};
      if (self.now() < created) self.compute(created - self.now());
      sent.push_back(self.isend(p.dest, packet_tag, sized(packet_header{me, p.dest, p.cycle}, shape.packet_bytes())));
    }
    const auto& expected = s->receives[static_cast<std::size_t>(me)];
    auto& got = log->per_node[static_cast<std::size_t>(me)];
    got.reserve(expected.size());
    for (std::size_t i = 0; i < expected.size(); ++i) {
      packet_header h;
      const auto m = self.recv_into(std::as_writable_bytes(std::span(&h, 1)), any_source, packet_tag);
      if (m.bytes != sizeof h)
        throw std::runtime_error("node " + std::to_string(me) + " received a packet of " + std::to_string(m.bytes) +
                                 " real bytes from node " + std::to_string(m.source) + " where a header has " +
                                 std::to_string(sizeof h));
      if (h.source != m.source || h.dest != me)
        throw std::runtime_error("node " + std::to_string(me) + " received a packet from node " + std::to_string(m.source) +
                                 " whose header says " + std::to_string(h.source) + " -> " + std::to_string(h.dest));
      got.push_back({h.source, h.cycle, m.arrival.ps});
    }
    self.wait_all(sent);
    check_payloads(me, s->nodes(), got, expected);
  };
}

}  // namespace weft::traffic
