#pragma once
// The engine: a conservative discrete-event core that owns virtual time. Phases alternate: PEs
// run (in parallel, on their own clocks) until each blocks; then the engine commits events in key
// order (weft/detail/event.hpp) up to the horizon H, the earliest time a PE about to resume could
// inject something. What lies between the PEs is the network's (weft/detail/network.hpp): the
// engine hands it every message that crosses links and every event of kind `network`, and the
// network queues the send completions and deliveries the engine acts on. Nothing depends on
// thread timing, so the same program gives bit-identical results on any number of workers.
//
// Where each part lives: windows and partitions in engine.cpp; which PEs wake, and when, in
// pe_scheduling.cpp (the runtime resumes them); delivery in matching.cpp, where an arriving
// message meets its receive through weft/detail/arrival.hpp, which the wall-clock runtime uses
// too; the networks (message, flit, ideal) in networks/, made by networks/registry.cpp; the
// report in actors/src/report_builder.cpp.
//
// With a network lookahead L > 0 the nodes are split into partitions that commit their events in
// parallel, in windows L wide: every event that crosses from one partition to another is at least
// L later than the event that caused it, so within a window the partitions cannot affect each
// other. Each partition keeps its own horizon. Which partition committed what never shows in a
// result: links, PEs and messages each belong to exactly one partition at a time.

#include <cstdint>
#include <functional>
#include <memory>
#include <span>
#include <string>
#include <unordered_map>
#include <utility>
#include <vector>

#include "weft/detail/event_queue.hpp"
#include "weft/detail/network.hpp"
#include "weft/detail/pe_state.hpp"
#include "weft/detail/pe_table.hpp"
#include "weft/detail/rank_link.hpp"
#include "weft/cost_model.hpp"
#include "weft/topology.hpp"

namespace weft::detail {

/// Runs `count` independent tasks, possibly in parallel, and returns when all are done.
class partition_runner {
 public:
  virtual ~partition_runner() = default;
  virtual void run(int count, const std::function<void(int)>& task) = 0;
};

class engine {
 public:
  /// Each node's partition (0..parts-1) when the nodes are split `parts` ways.
  using node_partitioner = std::function<std::vector<int>(int parts)>;
  /// `partitions` > 1 is used only where the network allows it (lookahead > 0). The engine is
  /// handed its network (made for `node_of_rank.size()` PEs by the networks/ registry).
  /// `split` (empty: contiguous blocks of node ids) says which nodes each partition holds.
  /// With `ranks` (a distributed run, engine_ranks.cpp) each rank holds `partitions` of them
  /// (fewer on a small machine), rank r the r-th run of them; throws std::invalid_argument when
  /// the network has no lookahead or the machine fewer nodes than ranks.
  engine(const topology& topo, const routing& routing, const cost_model& model,
         std::vector<node_id> node_of_rank, std::unique_ptr<network> net, int partitions = 1,
         const node_partitioner& split = {}, rank_link* ranks = nullptr);
  ~engine();

  /// What PE code may know of the machine: its hosts' costs.
  const host_model& host() const { return model_; }
  /// Throws std::invalid_argument when the network cannot carry a message of `bytes`.
  void check_sendable(std::int64_t bytes) const { network_->check_message(bytes); }
  /// A send's request completes once the network has taken its last byte, not at once.
  bool sender_waits_for_injection() const { return sender_waits_; }
  const topology& topo() const { return topo_; }

  /// Takes a message a PE injected during its phase (in any order: keys are unique).
  void inject(message* m);
  /// Takes a PE's blocking state after its phase (a PE that synchronizes on its clock).
  void absorb_status(const pe_state& pe);

  /// overflow: a time passed latest_time; overflow_problem() says where. network_deadlock: the
  /// network holds packets that cannot move; network_problem() names the cycle it found.
  enum class outcome { resume, finished, deadlock, overflow, network_deadlock };
  /// Commits events up to the next horizon and lists the PEs to resume (ascending rank).
  /// `runner` (may be null) runs the partitions of a window in parallel.
  outcome advance(pe_table& pes, std::vector<int>& resume, partition_runner* runner = nullptr);
  /// How many partitions the engine may use (1 unless the network has a lookahead).
  int partitions() const { return static_cast<int>(parts_.size()); }
  /// Uses every partition (`count` >= partitions(): the split) or one (a sequential engine with
  /// no windows) from the next phase on. Called between phases; results never depend on it.
  void set_active_partitions(int count);
  /// How the nodes are split when every partition is active: nodes per partition, and the
  /// directed links whose ends lie in different partitions (each a window-end hand-over).
  struct split_summary {
    std::vector<std::int64_t> nodes;
    std::int64_t cut_links = 0;
  };
  split_summary summarize_split() const;
  /// Events that crossed from one partition to another over the run (each waited for a window's end).
  std::uint64_t border_events() const;
  /// The active partition whose thread should run PE `rank` (the one holding its node's state).
  int partition_of_rank(int rank) const {
    return part_of_node_[static_cast<std::size_t>(node_of_rank_[static_cast<std::size_t>(rank)])];
  }

  // A distributed run (engine_ranks.cpp): this process holds one partition, its PEs and their
  // messages; every count below is this rank's, and the runtime gathers the report.
  /// The link to the other ranks (null: a single-process run).
  rank_link* ranks() const { return ranks_; }
  /// PE `rank` runs in this process (always, in a single-process run).
  bool holds(int rank) const { return !ranks_ || local(partition_of_rank(rank)); }
  /// Node `n`'s state (its links' too) is kept in this process.
  bool holds_node(node_id n) const { return !ranks_ || local(part_of_node_[static_cast<std::size_t>(n)]); }
  /// The partitions this process commits: all of them, or (distributed) its rank's.
  int local_partitions() const { return ranks_ ? per_rank_ : partitions(); }
  /// Which of those holds PE `rank` (0 .. local_partitions()-1); the PE must be held here.
  int local_partition_of_rank(int rank) const { return partition_of_rank(rank) - static_cast<int>(first_local_); }
  /// True when any rank says `mine` (every rank calls it at the same point); `mine` alone in a
  /// single-process run.
  bool on_any_rank(bool mine);
  /// A distributed run's own figures on this rank (host facts, not results).
  struct rank_figures {
    std::uint64_t windows = 0, sent_events = 0, sent_bytes = 0;
    double wait_seconds = 0;
  };
  const rank_figures& rank_work() const { return rank_work_; }
  /// Called once at the end of a run on every rank: the routing error (the earliest on any rank)
  /// becomes every rank's routing_error().
  void settle_ranks();

  // Results.
  /// The network's figures (links, their trace spans) into `r`; `makespan` gives utilization.
  void add_network_report(report& r, vtime makespan) const { network_->add_to_report(r, makespan); }
  std::vector<std::uint64_t> hop_histogram() const;
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
  /// What the network found, when advance() returned outcome::network_deadlock.
  const std::string& network_problem() const { return network_problem_; }

 private:
  struct sync_entry {
    vtime until;
    int rank;
    bool operator>(const sync_entry& o) const {
      return until != o.until ? until > o.until : rank > o.rank;
    }
  };

  /// One partition's share of the engine state; the network reaches the engine through it.
  struct partition final : network_context {
    partition(engine& owner, int index) : network_context(index), eng(&owner) {}
    void push(const event& e) override;
    void fail(const event& e, std::string problem) override;
    void drop(const event& e, const std::string& why) override;
    int index() const { return index_; }  ///< network_context::partition(), which this class's name hides

    engine* eng;
    event_queue<event, tie_later> queue;
    std::vector<sync_entry> syncing;  // min-heap
    std::vector<int> resume;
    vtime horizon{};
    std::vector<std::vector<event>> outbox;  // events for other partitions, by partition
    std::uint64_t delivered = 0, events = 0;
    std::uint64_t border_events = 0;  // pushed to another partition, handed over at a window's end
    std::vector<std::uint64_t> hop_histogram;
    vtime last_arrival{};
    std::string overflow;  // set when an event's time passed latest_time: the partition stops
    event overflow_event{};  // the event that overflowed
    // The earliest route this partition had to stop: the same on any partitioning.
    std::string routing_error;
    event_key routing_error_at{INT64_MAX, event_kind::send_done, 0, 0, 0};
    std::vector<message*> dropped;  // messages a stop or a bad route took out of the queues
    std::vector<message*> delivered_copies;  // distributed: copies handed to their receivers this window
  };

  partition& owner_of(node_id n) { return parts_[static_cast<std::size_t>(part_of_node_[static_cast<std::size_t>(n)])]; }
  partition& owner_of_rank(int rank) { return owner_of(node_of_rank_[static_cast<std::size_t>(rank)]); }
  void commit_window(partition& p, std::int64_t window_end, pe_table& pes);
  // What a phase does the same in one process and over ranks (engine.cpp).
  /// Counts the phase and readies the active partitions for it (their horizons, no PE woken).
  void start_phase(std::vector<int>& resume);
  /// The earliest queued event and the lowest horizon among the active partitions.
  struct bounds {
    std::int64_t start, lowest_horizon;
  };
  bounds active_bounds();
  /// Runs `task(i)` for each active partition i (its window), on the runner's threads when the
  /// window holds enough work.
  void commit_active(const std::function<void(int)>& task, partition_runner* runner);
  /// The active partition that overflowed at the earliest event, or null.
  const partition* first_overflow();

  // A distributed run (engine_ranks.cpp).
  outcome advance_ranks(pe_table& pes, std::vector<int>& resume, partition_runner* runner);
  bool local(int partition) const {
    return partition >= static_cast<int>(first_local_) && partition < static_cast<int>(first_local_) + per_rank_;
  }
  int rank_of_partition(int partition) const { return partition / per_rank_; }
  void connect_ranks();
  /// Hands the local partitions' outboxes over: to each other at once, to other ranks
  /// serialized; returns the earliest time among those sent away.
  std::int64_t pack_outboxes();
  /// Queues the events the other ranks sent (in neighbour order, each in its sender's order).
  void unpack_arrivals();
  message* copy_of(const struct message_header& h);
  void forget_delivered();
  /// Frees the copies nothing here needs any more; `pes`: the senders of this rank's own.
  void collect_copies(pe_table& pes);
  outcome settle_overflow();

  // PE scheduling (pe_scheduling.cpp).
  /// The network has taken the last byte of a single-port send: its request completes.
  void complete_send(partition& p, pe_state& sender, int request, vtime at);
  /// Queues PE `pe`, whose requests arrive() or complete_request() (weft/detail/arrival.hpp)
  /// found all complete, to resume.
  void note_wake(partition& p, pe_state& pe);
  /// Moves the PEs of the active partitions that can resume now into `resume` (ascending rank):
  /// those woken by the phase, and syncing PEs whose clock every partition has passed (`known`).
  void collect_resumed(std::int64_t known, std::vector<int>& resume, std::size_t pe_count);
  /// Sorts distinct PE ranks.
  void ascending(std::vector<int>& ranks, std::size_t pe_count);
  // Delivery (matching.cpp): the message arrived at its receiver at `at`; under an adaptive
  // routing it is handed over (to arrive(), weft/detail/arrival.hpp) in its pair's order
  // (early arrivals wait for the ones before).
  void deliver(partition& p, message* m, vtime at, pe_table& pes);
  void hand_over(partition& p, message* m, vtime at, pe_state& pe);

  std::size_t queued_events();       // in the active partitions
  std::uint64_t committed_events();  // by the active partitions, over the run

  const topology& topo_;
  const routing& routing_;
  cost_model model_;
  std::vector<node_id> node_of_rank_;
  std::unique_ptr<network> network_;
  bool sender_waits_ = false;  // the network's answer, asked once: every isend reads it
  bool in_pair_order_ = false;  // the network may reorder a pair's messages: numbered, handed over in order
  flat_counters next_pair_seq_;  // (src, dst) -> next pair_seq

  std::vector<partition> parts_;
  std::size_t active_ = 1;
  std::span<partition> active() { return {parts_.data() + first_local_, active_}; }
  std::vector<int> part_of_node_;
  std::vector<int> split_;  // each node's partition with all of them active (the partitioner's)
  std::int64_t window_ = INT64_MAX;  // the network's lookahead when partitioned
  // Fewer queued events than this (an upper bound on a window's) are not worth another thread.
  static constexpr std::size_t min_parallel_window = 64;
  std::uint64_t injected_ = 0, phases_ = 0;
  std::string overflow_;
  std::string network_problem_;
  std::vector<std::uint8_t> marks_;  // scratch of ascending()

  // A distributed run: the link, this rank's partition, its neighbours, and the copies of
  // messages that crossed a rank border, by (source PE, sequence number).
  rank_link* ranks_ = nullptr;
  std::size_t first_local_ = 0;
  int per_rank_ = 1;  // partitions per rank
  std::vector<int> neighbours_;          // ranks this one exchanges events with, ascending
  std::vector<int> neighbour_index_;     // per rank: its index in neighbours_, or -1
  std::vector<std::vector<std::byte>> out_bytes_, in_bytes_;  // per neighbour, reused
  struct copy_key_hash {
    std::size_t operator()(const std::pair<int, std::uint64_t>& k) const {
      return std::hash<std::uint64_t>{}(k.second * 0x9E3779B97F4A7C15ULL ^ static_cast<std::uint64_t>(k.first));
    }
  };
  std::unordered_map<std::pair<int, std::uint64_t>, message*, copy_key_hash> copies_;
  std::size_t copies_kept_ = 0;  // after the last collection
  std::vector<message*> held_scratch_;  // collect_copies' scratch
  std::string routing_error_everywhere_;
  rank_figures rank_work_;
  bool routing_settled_ = false;
};

}  // namespace weft::detail
