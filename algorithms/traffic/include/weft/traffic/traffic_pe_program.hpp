#pragma once
// The PE program of a traffic run, one PE per node:
//
//   for each packet of my send list:   compute() up to its creation time, isend(dest, header)
//                                      and release() its request when the send is done;
//                                      at each block's first cycle, catch_up() and recv what
//                                      arrived before it (when receives cost no time)
//   then, until every packet sent to me came:   recv(any_source) and note the arrival
//   check: the (source, creation cycle) pairs I got are exactly those the schedule sent me
//          (their count and fingerprint, schedule.hpp; the pairs one by one where they differ)
//
// The header is real data (source, destination, creation cycle); the modelled size is the whole
// packet, packet_flits x flit_bytes. A PE that sends late (its own overheads) still dates its
// packet from the schedule, so host delay counts as source queueing. The catch-ups change no
// result: they keep what is in flight (messages and their events) to a few blocks' worth, where
// a PE that sent its whole list before its first receive had every packet of the run in memory.

#include <cstdint>
#include <memory>
#include <vector>

#include "weft/program.hpp"
#include "weft/traffic/schedule.hpp"

namespace weft::traffic {

/// The real bytes of a packet.
struct packet_header {
  std::int32_t source = 0, dest = 0;
  std::int64_t cycle = 0;
};

struct delivery {
  node_id source = 0;
  packet_cycle cycle = 0;       ///< creation cycle, from the payload
  std::int64_t arrival_ps = 0;  ///< when the network delivered it
};

/// What the PEs saw: each PE writes only its own entry.
struct delivery_log {
  std::vector<std::vector<delivery>> per_node;
};

/// The program for `s`; PE r runs node r's lists and fills log->per_node[r]. A PE that gets a
/// packet the schedule did not send it (or misses one) throws: the run's report says failed.
program make_traffic_program(std::shared_ptr<const schedule> s, std::shared_ptr<delivery_log> log);

/// The program's last step at node `me`: throws std::runtime_error naming the first packet (by
/// source and cycle) where `received`, in any order, differs from what `s` sends the node, or
/// the counts, or (the packets being the schedule's) the schedule's receipt for them.
void check_deliveries(node_id me, const schedule& s, const std::vector<delivery>& received);

}  // namespace weft::traffic
