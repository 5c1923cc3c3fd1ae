#pragma once
// The network seam. The engine keeps virtual time: windows, PE scheduling and matching. A network
// keeps what lies between the PEs: links, routers, buffers and routes. The engine hands it each
// message that must cross links and every event of kind `network` when it comes due; the network
// answers by queueing events through a network_context: its own next steps, the completion of a
// single-port send, the delivery of the message. The engine never names a network: it is handed
// one, made by the registry of the networks/ layer (weft/detail/network_registry.hpp) from
// `--network` or a preset's `network` key; docs/model.md describes each.
//
// The engine may split the nodes into partitions that commit their events in parallel, in
// windows as wide as the network's lookahead: an event at one node must not cause an event at
// another node sooner than lookahead() later. Everything a network keeps per node or per link
// must be touched only by events at that node (or at the link's source): then each belongs to
// exactly one partition at a time, and a result never depends on the partitioning.

#include <cstdint>
#include <functional>
#include <memory>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "weft/detail/event.hpp"
#include "weft/cost_model.hpp"
#include "weft/report.hpp"
#include "weft/topology.hpp"

namespace weft::detail {

/// What a network may do while an engine partition commits its events (or takes a message).
class network_context {
 public:
  /// Which partition commits (0 .. partitions-1, as told to network::prepare).
  int partition() const { return index_; }
  /// Queues `e` in the partition that holds node `e.at`.
  virtual void push(const event& e) = 0;
  /// Stops the run at `e` (status failed): `problem` says what overflowed.
  virtual void fail(const event& e, std::string problem) = 0;
  /// The message of `e` cannot go on (a route with no next hop, a routing loop): it is dropped,
  /// and the run fails naming `why` (the earliest such stop, on any partitioning).
  virtual void drop(const event& e, const std::string& why) = 0;

 protected:
  explicit network_context(int index) : index_(index) {}
  ~network_context() = default;
  int index_;
};

/// What a network is built from.
struct network_setup {
  const topology& topo;
  const routing& routes;
  const wire_model& wire;
  int pes;       ///< PEs of the run (ranks 0 .. pes-1)
  bool tracing;  ///< record every link occupancy for --trace
};

class network {
 public:
  virtual ~network() = default;
  /// How much later than an event at one node its effect can show at another node; 0 when the
  /// network cannot be partitioned (the engine then commits sequentially).
  virtual vtime lookahead() const = 0;
  /// Throws std::invalid_argument when a message of `bytes` cannot be sent (before the sender
  /// pays anything for it).
  virtual void check_message(std::int64_t /*bytes*/) const {}
  /// True when a send's request completes only once the network has taken its last byte (a
  /// single-port PE); false when it completes at once (the data was copied).
  virtual bool sender_waits_for_injection() const { return false; }
  /// Called before the run: the engine will use at most `partitions` partitions.
  virtual void prepare(int partitions) = 0;
  /// Takes a message between two different nodes (m.src_node, m.dst_node are set) at m.ready;
  /// sets m.packets and queues the message's first events.
  virtual void inject(message& m, network_context& ctx) = 0;
  /// Commits one of its own events (kind network). What it adds to the agenda is at e.time or
  /// later.
  virtual void handle(const event& e, network_context& ctx) = 0;

  // An agenda: events a network keeps itself instead of queueing them (the flit network's router
  // cycles), one list per partition. Each touches only its own node, and at its time it commits
  // after every queued event of that time, as a queued network event keyed after all others
  // would; among themselves they commit in the agenda's order. The engine interleaves them with
  // its queue and counts them as events.
  /// The earliest time on partition `partition`'s agenda (INT64_MAX: none).
  virtual std::int64_t agenda_time(int /*partition*/) const { return INT64_MAX; }
  /// Commits the agenda's events at `time` (its earliest, or earlier: then there are none) in
  /// order and returns how many. It returns before the last when one of them queued an event at
  /// `time` (that event commits first: call again) or stopped the run (fail).
  virtual std::uint64_t run_agenda(std::int64_t /*time*/, network_context& /*ctx*/) { return 0; }
  /// How many events partition `partition`'s agenda holds.
  virtual std::size_t agenda_size(int /*partition*/) const { return 0; }
  /// Between phases the engine moved nodes between partitions: node n is now partition
  /// part_of_node[n]'s, and so are its agenda's events.
  virtual void repartition(std::span<const int> /*part_of_node*/) {}
  /// Asked when the engine has no event left and no PE can run: the packets still inside the
  /// network, if any, cannot move (a routing deadlock). Returns what it found (the cycle of
  /// channels waiting for each other), or "" when it holds no packet.
  virtual std::string stalled() const { return {}; }
  /// A distributed run that found packets stuck (engine_ranks.cpp): what stalled() reads at the
  /// nodes this process holds (`held[n]`), as bytes, and another process's bytes taken into this
  /// copy, so that stalled() names the same cycle on every process as in one. The run ends
  /// there: nothing else reads what was taken in. (No packets held: nothing to do.)
  virtual void pack_stall_state(std::span<const char> /*held*/, std::vector<std::byte>& /*out*/) const {}
  virtual void absorb_stall_state(std::span<const std::byte> /*bytes*/) {}
  /// Adds to `out` the messages the network itself still holds (not in any event) when a run
  /// stops early: the engine hands them back for freeing.
  virtual void held_messages(std::vector<message*>& /*out*/) const {}
  /// True when its nodes may be spread over the ranks of a distributed run (engine_ranks.cpp):
  /// it queues events only at a node or at the other end of one of its links, and keeps no
  /// state that two nodes share.
  virtual bool runs_over_ranks() const { return false; }
  /// True when two messages between the same PEs may arrive in another order than they were
  /// sent (other paths, other VCs): the engine then numbers each pair's messages and hands them
  /// to the receiver in order (MPI's non-overtaking).
  virtual bool may_reorder() const = 0;
  /// Adds what it measured to the report: per-link figures (`makespan` gives utilization) and,
  /// when tracing, the link occupancy spans.
  virtual void add_to_report(report& r, vtime makespan) const = 0;
};

}  // namespace weft::detail
