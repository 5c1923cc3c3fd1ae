#pragma once
// Every packet of one run, drawn once before it starts, outside the PEs: a Bernoulli process per
// node per cycle (a packet with probability load / packet_flits), its destination from the
// pattern. Each node draws from its own stream of (seed, node), so the schedule depends on the
// seed alone: not on the worker count, the routing or the order anything runs in.

#include <cstdint>
#include <vector>

#include "weft/traffic/message_log.hpp"
#include "weft/traffic/params.hpp"
#include "weft/traffic/pattern.hpp"
#include "weft/traffic/random.hpp"

namespace weft::traffic {

/// A creation cycle in a schedule's lists: below max_cycles (10^9) < 2^31, so 32 bits. The send
/// lists and the delivery logs are a traffic run's largest data (a list entry 8 bytes, not 16).
using packet_cycle = std::int32_t;
static_assert(max_cycles <= INT32_MAX, "a traffic run's cycles fit packet_cycle");

struct send {
  packet_cycle cycle = 0;  ///< creation cycle
  node_id dest = 0;
};

struct expected_packet {
  node_id source = 0;
  std::int64_t cycle = 0;
  friend auto operator<=>(const expected_packet&, const expected_packet&) = default;
};

/// What a destination is to receive, in a size that does not grow with its packets: how many,
/// and the sum (mod 2^64) of each one's mix of (source, cycle). A PE compares its deliveries
/// with it (traffic_pe_program.cpp), and only when they differ looks at them packet by packet
/// (schedule::receives_of). The mix is a bijection of the pair (a cycle is below 10^9 < 2^32,
/// a node below 2^31): a packet lost, duplicated or changed changes the count or the sum, save
/// for several errors that cancel exactly in 64 bits. (The lists themselves, one entry a
/// packet, and the sorted copy a PE compared them with, were 2 % of a loaded run's time.)
struct expected_receipts {
  std::int64_t packets = 0;
  std::uint64_t fingerprint = 0;

  static std::uint64_t mix(node_id source, std::int64_t cycle) {
    return splitmix64(static_cast<std::uint64_t>(cycle) << 32 | static_cast<std::uint32_t>(source));
  }
  void add(node_id source, std::int64_t cycle) {
    ++packets;
    fingerprint += mix(source, cycle);
  }
  friend bool operator==(const expected_receipts&, const expected_receipts&) = default;
};

struct schedule {
  params run;
  double load = 0;                            ///< requested, flits/node/cycle
  std::vector<std::vector<send>> sends;       ///< per source, by creation cycle
  std::vector<expected_receipts> receipts;    ///< per destination
  std::int64_t packets = 0;

  node_id nodes() const { return static_cast<node_id>(sends.size()); }
  bool measured(std::int64_t cycle) const { return cycle >= run.warmup && cycle < run.cycles; }
  /// The packets `dest` is to receive, sorted by (source, cycle): found in every source's sends.
  std::vector<expected_packet> receives_of(node_id dest) const;
};

/// The packets a message of `bytes` fills: at least one, and no wrap near 2^63 (a 2^63 − 1 byte
/// message is 2^55 packets of 256 B, not one).
std::int64_t packets_of(std::int64_t bytes, std::int64_t packet_bytes);

/// The cycles a replay of `trace` lasts when --cycles is not given: up to the cycle its last
/// message is sent in. Throws std::invalid_argument "FILE:LINE: ..." naming that message when it
/// is past what a traffic run may last (10^9 cycles, or the virtual clock).
std::int64_t replay_cycles(const message_trace& trace, const packet_shape& shape);

/// What replaying `trace` for `cycles` cycles creates: its packets and flits (messages within a
/// node and those sent from cycle `cycles` on are left out), and the message with the most.
struct replay_extent {
  std::int64_t packets = 0, flits = 0;
  std::size_t largest = 0;  ///< index of the message with the most packets
  std::int64_t largest_packets = 0;
};
/// Throws std::invalid_argument "FILE:LINE: ..." at the message where the trace's packets or
/// flits pass 2^63 − 1: such sums are refused, never wrapped.
replay_extent measure_replay(const message_trace& trace, const packet_shape& shape, std::int64_t cycles);

/// Throws std::invalid_argument for bad params or a load outside (0, 1].
schedule build_schedule(const pattern& p, double load, const params& run);

/// Packets a schedule of `nodes` nodes is expected to hold at `load`, plus six standard
/// deviations: what the memory estimate assumes before the schedule is drawn.
std::int64_t packets_bound(node_id nodes, double load, const params& run);

}  // namespace weft::traffic
