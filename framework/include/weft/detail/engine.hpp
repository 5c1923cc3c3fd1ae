#pragma once
// The network engine: a conservative, sequential discrete-event core that moves every message
// through the links its route crosses. Each directed link (and, on single-port PEs, each
// injection/ejection port) is a FIFO resource: a packet that needs it while it is busy waits,
// and that waiting is the contention weft reports.
//
// Phases alternate: PEs run (in parallel, on their own clocks) until each blocks; then the
// engine commits events in (time, kind, source, seq, packet) order up to the horizon H, the
// earliest time a PE about to resume could inject something. Nothing depends on thread timing,
// so the same program gives bit-identical results on any number of workers.
//
// With a hop latency λ > 0 (and all-port PEs) the nodes are split into partitions that commit
// their events in parallel, in windows λ wide: every event that crosses from one partition to
// another is at least λ later than the event that caused it, so within a window the partitions
// cannot affect each other. Each partition keeps its own horizon. Which partition committed what
// never shows in a result: links, PEs and messages each belong to exactly one partition at a time.

#include <cstdint>
#include <functional>
#include <span>
#include <string>
#include <utility>
#include <vector>

#include "weft/detail/event_queue.hpp"
#include "weft/detail/pe_state.hpp"
#include "weft/link_model.hpp"
#include "weft/topology.hpp"

namespace weft::detail {

/// Counters of one directed link over a run.
struct link_stats {
  std::int64_t bytes = 0;
  vtime busy{};
  std::uint64_t packets = 0;
  std::uint64_t waited = 0;  ///< packets that found the link busy
  vtime wait_total{};
  std::int32_t max_queue = 0;  ///< most packets waiting (not yet started) at one time
};

/// One interval during which a link carried a packet (recorded only when tracing).
struct link_span {
  link_id link;
  int src, dst;
  vtime begin, end;
};

/// Runs `count` independent tasks, possibly in parallel, and returns when all are done.
class partition_runner {
 public:
  virtual ~partition_runner() = default;
  virtual void run(int count, const std::function<void(int)>& task) = 0;
};

class engine {
 public:
  /// `partitions` > 1 is used only where the model allows it (λ > 0, all-port PEs).
  engine(const topology& topo, const routing& routing, const link_model& model,
         std::vector<node_id> node_of_rank, bool tracing, int partitions = 1);

  const link_model& model() const { return model_; }
  const topology& topo() const { return topo_; }

  /// Takes a message a PE injected during its phase (in any order: keys are unique).
  void inject(message* m);
  /// Takes a PE's blocking state after its phase (a PE that synchronizes on its clock).
  void absorb_status(const pe_state& pe);

  /// overflow: a time passed latest_time; overflow_problem() says where.
  enum class outcome { resume, finished, deadlock, overflow };
  /// Commits events up to the next horizon and lists the PEs to resume (ascending rank).
  /// `runner` (may be null) runs the partitions of a window in parallel.
  outcome advance(std::span<pe_state> pes, std::vector<int>& resume, partition_runner* runner = nullptr);
  /// How many partitions the engine may use (1 unless λ > 0 and PEs are all-port).
  int partitions() const { return static_cast<int>(parts_.size()); }
  /// Uses the first `count` partitions from the next phase on (1 for a sequential engine with
  /// no windows). Called between phases; results never depend on it.
  void set_active_partitions(int count);
  /// The active partition whose thread should run PE `rank` (the one holding its node's state).
  int partition_of_rank(int rank) const {
    return part_of_node_[static_cast<std::size_t>(node_of_rank_[static_cast<std::size_t>(rank)])];
  }

  // Results.
  std::vector<link_stats> links() const;
  std::vector<std::uint64_t> hop_histogram() const;
  /// Every link occupancy, ordered by (begin, link): the same on any number of partitions.
  std::vector<link_span> link_spans() const;
  std::uint64_t injected() const { return injected_; }
  std::uint64_t delivered() const;
  std::uint64_t events() const;
  std::uint64_t phases() const { return phases_; }
  /// Why a packet was stopped (a route with no next hop, or longer than the topology's hop
  /// bound), naming source, destination and topology; empty when every route was sound.
  std::string routing_error() const;
  vtime last_arrival() const;
  /// Empties the queues of a run stopped early and returns the messages not yet delivered
  /// (each once), for the caller to free: nothing else owns them.
  std::vector<message*> take_undelivered();
  /// What overflowed, when advance() returned outcome::overflow.
  const std::string& overflow_problem() const { return overflow_; }

 private:
  enum kind : std::uint64_t { send_done = 0, delivery = 1, hop_request = 2 };
  struct event {
    std::int64_t time;
    std::uint64_t tie;  // kind << 62 | src << 40 | seq
    message* msg;
    std::uint32_t packet;
    std::int32_t stage;
    node_id at;
    std::int64_t prev_end;  // cut-through: when the packet's tail left the previous link
  };
  struct tie_later {  // among events of equal time
    bool operator()(const event& a, const event& b) const {
      return a.tie != b.tie ? a.tie > b.tie : a.packet > b.packet;
    }
  };
  /// a before b in the order the engine commits events.
  static bool earlier(const event& a, const event& b) { return a.time != b.time ? a.time < b.time : tie_later{}(b, a); }
  struct sync_entry {
    vtime until;
    int rank;
    bool operator>(const sync_entry& o) const {
      return until != o.until ? until > o.until : rank > o.rank;
    }
  };

  static std::uint64_t tie_of(kind k, const message& m) {
    return (static_cast<std::uint64_t>(k) << 62) | (static_cast<std::uint64_t>(m.src) << 40) | m.seq;
  }
  /// One partition's share of the engine state.
  struct partition {
    int index = 0;
    event_queue<event, tie_later> queue;
    std::vector<sync_entry> syncing;  // min-heap
    std::vector<int> resume;
    vtime horizon{};
    std::vector<std::vector<event>> outbox;  // events for other partitions, by partition
    std::uint64_t delivered = 0, events = 0;
    std::vector<std::uint64_t> hop_histogram;
    std::vector<link_span> spans;
    vtime last_arrival{};
    std::string overflow;  // set when a hop's time passed latest_time: the partition stops
    event overflow_event{};  // the hop request that overflowed
    // The earliest (time, tie) route this partition had to stop: the same on any partitioning.
    std::string routing_error;
    std::pair<std::int64_t, std::uint64_t> routing_error_at{INT64_MAX, 0};
    std::vector<message*> dropped;  // messages a stop or a bad route took out of the queues
  };

  partition& owner_of(node_id n) { return parts_[static_cast<std::size_t>(part_of_node_[static_cast<std::size_t>(n)])]; }
  partition& owner_of_rank(int rank) { return owner_of(node_of_rank_[static_cast<std::size_t>(rank)]); }
  /// Queues `e` in the partition of its node, or in `from`'s outbox for that partition.
  void push(partition& from, const event& e);
  void commit_window(partition& p, std::int64_t window_end, std::span<pe_state> pes);
  void process_hop(partition& p, const event& e);
  /// Stops partition `p` at event `e` with `problem` (an overflow).
  void stop(partition& p, const event& e, std::string problem);
  void note_overflow(partition& p, const event& e, link_id l, std::int64_t start, std::int64_t setup,
                     std::int64_t serial);
  /// Records why the packet of `e` cannot go on; the message is dropped (never delivered).
  void stop_route(partition& p, const event& e, const std::string& why);
  void deliver(partition& p, message* m, vtime at, std::span<pe_state> pes);
  void complete_request(partition& p, pe_state& pe, int request, vtime at);
  void note_wake(partition& p, pe_state& pe);
  std::size_t queued_events();       // in the active partitions
  std::uint64_t committed_events();  // by the active partitions, over the run
  /// Sorts distinct PE ranks.
  void ascending(std::vector<int>& ranks, std::size_t pe_count);
  std::int64_t packet_bytes(const message& m, std::uint32_t packet) const;
  struct link_state;
  std::int32_t queue_depth(link_state& link, link_id l, std::int64_t at, std::int64_t start);

  const topology& topo_;
  const routing& routing_;
  link_model model_;
  std::vector<node_id> node_of_rank_;
  bool tracing_;
  std::int32_t hop_bound_;  // route_hop_limit(topo): a packet past it is in a routing loop

  std::vector<partition> parts_;
  std::size_t active_ = 1;
  std::span<partition> active() { return {parts_.data(), active_}; }
  std::vector<int> part_of_node_;
  std::int64_t window_ = INT64_MAX;  // λ when partitioned
  // Fewer queued events than this (an upper bound on a window's) are not worth another thread.
  static constexpr std::size_t min_parallel_window = 64;
  /// What a hop touches of its link, in one cache line.
  struct alignas(64) link_state {
    std::int64_t free = 0;                ///< when the link can start its next packet
    std::int64_t latest_wait_start = -1;  ///< start of the latest packet that had to wait
    link_stats stats;
  };
  std::vector<link_state> links_;
  std::vector<node_id> link_to_;  // where each link leads: the topology's, packed for the hop loop
  std::vector<std::int64_t> inject_free_;  // single-port injection per rank
  std::vector<std::int64_t> eject_free_;   // single-port ejection per rank
  // Starts of the packets waiting on each link (only links that ever had a queue), from head.
  std::vector<std::vector<std::int64_t>> pending_starts_;
  std::vector<std::uint32_t> pending_head_;
  std::uint64_t injected_ = 0, phases_ = 0;
  std::string overflow_;
  std::vector<std::uint8_t> marks_;  // scratch of ascending()
};

}  // namespace weft::detail
