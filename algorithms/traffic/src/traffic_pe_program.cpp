#include "weft/traffic/traffic_pe_program.hpp"

#include <algorithm>
#include <span>
#include <stdexcept>
#include <string>

#include "weft/pe.hpp"

namespace weft::traffic {

namespace {

constexpr tag packet_tag{0};

void check_payloads(int me, std::vector<delivery> got, const std::vector<expected_packet>& expected) {
  std::sort(got.begin(), got.end(), [](const delivery& a, const delivery& b) {
    return expected_packet{a.source, a.cycle} < expected_packet{b.source, b.cycle};
  });
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
    check_payloads(me, got, expected);
  };
}

}  // namespace weft::traffic
