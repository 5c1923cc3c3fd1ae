#pragma once
// What the engine queues: an event and the key that orders it. Events of one time commit in key
// order, kind first (a send's completion, then deliveries, then the network's own events), then
// by the message (source PE, its sequence number), the packet and a part the network numbers as it
// likes (a flit, a step). A network keeps the keys of its events unique among the events at one
// node and time, so the order never depends on the order of pushes: the same run commits the same
// sequence on any number of workers. (A network may give its own events that carry no message a
// `src` past every PE's, to order them after the messages' events of the same time.)

#include <compare>
#include <cstdint>

#include "weft/detail/pe_state.hpp"
#include "weft/topology.hpp"

namespace weft::detail {

enum class event_kind : std::uint8_t {
  send_done = 0,  ///< a single-port sender's request completes (its last byte left)
  delivery = 1,   ///< a message's last byte reached its destination
  network = 2,    ///< the network's own step (a hop, a router cycle): handled by the network
};

struct event_key {
  std::int64_t time = 0;  ///< ps
  event_kind kind = event_kind::send_done;
  std::int32_t src = 0;   ///< sending PE
  std::uint64_t seq = 0;  ///< per-source sequence number of the message
  std::uint32_t packet = 0;
  std::uint32_t part = 0;  ///< network-defined (0 in the message network)
  friend auto operator<=>(const event_key&, const event_key&) = default;  // member order = key order
};

/// One event: a key, where it happens (its node decides which engine partition commits it),
/// the message, and words the network reads as it likes (the message network: the number of
/// links crossed so far, when the packet's tail left the previous link, and the route state a
/// routing function keeps: the VC class it arrived on and its private flags).
struct event : event_key {
  message* msg = nullptr;
  std::int64_t aux = 0;
  std::int32_t stage = 0;
  node_id at = 0;
  std::int32_t vc = 0;
  std::uint32_t flags = 0;
  const event_key& key() const { return *this; }
};

/// Among events of equal time, `a` commits after `b` (the event queue's order).
struct tie_later {
  bool operator()(const event& a, const event& b) const { return b.key() < a.key(); }
};

/// `a` commits before `b`.
inline bool earlier(const event& a, const event& b) { return a.key() < b.key(); }

/// An event of `kind` for packet `packet` of `m`, at `time` on node `at`.
inline event event_of(event_kind kind, message& m, std::int64_t time, node_id at, std::uint32_t packet = 0) {
  event e;
  e.time = time;
  e.kind = kind;
  e.src = m.src;
  e.seq = m.seq;
  e.packet = packet;
  e.msg = &m;
  e.at = at;
  return e;
}

}  // namespace weft::detail
