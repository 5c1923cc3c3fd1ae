#pragma once
// The `flit` network (docs/model.md, "The flit network"): one input-queued virtual-channel router
// per node, wormhole switching, credit-based flow control. A message becomes packets of flits;
// a packet's head flit is routed at every router (the routing's candidates, chosen at VC
// allocation from the credits seen there), its body follows on the VCs the head took, and the
// tail frees them (once it has left, or once its credit is back: --wait-for-tail-credit). Flits really move buffer to buffer: a flit leaves a buffer only with a credit
// for the next one, and its credit travels back upstream.
//
// Ownership, so that partitions never share state: an input VC (its buffer and the packet in it)
// belongs to the router it feeds; the credits and the owner of an output VC belong to the router
// upstream of the link. Everything crossing a link happens at the other end later: a flit
// arriving (at least link delay + 1 cycles later), a credit arriving (credit delay later). Within
// an engine partition those, and the routers' cycles, are entries of the partition's agenda
// (agenda.hpp); between partitions they are engine events.
//
// Split over several files: this one (state and events), flit.hpp (a flit), agenda.hpp (a
// partition's calendar), flit_params.cpp (its parameters' checks and description),
// flit_router.cpp (weft's router's cycle: injection, VC allocation, switch allocation, and what
// both routers share), flit_booksim.cpp (BookSim2's router's cycle), flit_stall.cpp (the cycle of
// channels of a network deadlock), flit_report.cpp (statistics into the report).

#include <algorithm>
#include <array>
#include <atomic>
#include <bit>
#include <cstdint>
#include <span>
#include <string>
#include <unordered_map>
#include <utility>
#include <vector>

#include "weft/detail/link_spans.hpp"
#include "weft/detail/network.hpp"
#include "weft/detail/network_registry.hpp"
#include "weft/run_budget.hpp"
#include "agenda.hpp"
#include "cache_aligned.hpp"
#include "flit.hpp"
#include "router_arena.hpp"

namespace weft::detail::flit {

/// An input virtual channel: a FIFO of at most `buffer` flits. Under the tail-credit rule it
/// holds one packet at a time (its upstream frees the VC only once the packet's tail has left
/// this buffer); under BookSim's rule a head may wait behind the previous packet's tail. The
/// phase and output are those of the packet at the front (its hops are its flits').
struct alignas(64) input_vc {
  enum class phase : std::uint8_t { idle, routing, active };
  static constexpr std::int32_t eject = -2;    ///< `out` of a packet at its destination
  static constexpr std::int32_t discard = -3;  ///< `out` of a packet the routing could not route
  // A cache line each, holding what a flit's arrival, routing and departure read and write of
  // its channel beside the flit itself: a router's cycle reads a busy VC's first 32 bytes, a
  // head's routing its front's destination and links crossed, a departure its last move and its
  // port's busy bit. (At 32 bytes, with the last moves, the ports' busy counts and the fronts'
  // destinations in arrays of their own, a hop read three more lines: 2 fewer L1 misses a hop now.)
  // --router booksim only (flit_booksim.cpp): the stage the front flit is in.
  std::int64_t ready_at = 0;   ///< first cycle its next stage (VC or switch allocation) is evaluated
  std::int64_t grant_at = -1;  ///< a VC or switch grant waiting for its update at this cycle (-1: none)
  std::int32_t count = 0;      ///< flits in its buffer
  phase state = phase::idle;
  std::int8_t out_vc = -1;     ///< the VC it holds on that link (--vcs is at most 64)
  std::uint16_t first = 0;     ///< ring over this channel's slots: the front (--buffer is at most 65536)
  std::int32_t out = -1;       ///< the output link the packet holds (or eject / discard)
  std::int32_t port = 0;       ///< its input port (a link or injection)
  std::int64_t last_move = -1;  ///< the cycle a flit last left it (blocked-cycle figures, booksim_ahead)
  /// Of the flit at the front (count > 0), as its routing reads them: its destination and the
  /// links it crossed (the flit's own, kept by write_flit and pop_front).
  node_id front_dest = 0;
  std::int32_t front_hops = 0;
  /// Its port's bit in its router's busy-port bitmap: bit busy_bit of the arena's word busy_word.
  std::uint32_t busy_word = 0;
  std::uint8_t busy_bit = 0;
};

static_assert(sizeof(input_vc) == 64);

/// An output VC, seen from upstream: credits for the downstream buffer, and the input channel
/// whose packet holds it (-1: free; under BookSim's rule its buffer downstream may still hold
/// the previous packet's flits).
struct output_vc {
  std::int32_t credits = 0;
  std::int32_t owner = -1;
};

// The memory estimate's figures (weft/run_budget.hpp) cover what a slot and a VC hold: a flit; an
// input VC and the output VC upstream.
static_assert(sizeof(flit) <= flit_slot_bytes);
static_assert(sizeof(input_vc) + sizeof(output_vc) <= flit_vc_bytes);

/// A message in a source queue, with what injection reads of it, copied as it entered (the
/// message itself is seldom in the cache by the time its flits leave).
struct queued_message {
  message* msg;
  std::int64_t bytes;
  std::int32_t flits, packets;
  node_id dest;
};

/// A router's own state beside its channels; its arrays are in the network's router_arena,
/// next to each other. What a cycle reads comes first.
struct router {
  pooled_array<std::uint64_t> busy_ports;  ///< bit p: a VC of input port p holds flits (a cycle skips the others)
  pooled_array<std::int32_t> ports;  ///< input ports: incoming link ids, then the injection port
  pooled_array<std::int32_t> outs;   ///< outgoing link ids
  std::size_t source_head = 0;
  std::int64_t last_tick = -1;
  bool stuck = false;                 ///< the last tick left a ready flit unmoved
  /// --router booksim: whether its disjoint allocators may take its VC allocation (one-cycle, at
  /// most 64 output VCs) and switch allocation (one-cycle, at most 64 outputs and input ports);
  /// prepare().
  bool disjoint_vcs = false, disjoint_switch = false;
  // The source queue: messages that entered this node, and where injection stands in the first.
  std::vector<queued_message> source;
  std::int64_t blocked_cycles = 0;
  // --router booksim only: iSLIP pointers (grant per output, accept per input) of its VC
  // allocator (over input and output VCs) and switch allocator (over ports), the VC each input
  // port's switch requests start from, and the ejection port's VCs.
  pooled_array<std::int32_t> va_grant, va_accept, sw_grant, sw_accept, sw_vc_rr;
  pooled_array<std::int32_t> eject_owner;     ///< per ejection VC: the input channel whose packet holds it
  pooled_array<std::int64_t> eject_free_at;   ///< per ejection VC: first cycle it may be reallocated
  std::int32_t inject_last = -1;             ///< the injection VC the last packet took
  pooled_array<std::int32_t> port_rr;  ///< per input port: the VC switch allocation looks at first
  std::int32_t va_rr = 0, sa_rr = 0;  ///< rotating priorities: input channel, input port
  std::uint32_t next_packet = 0, next_flit = 0;
  std::int32_t inject_channel = -1;  ///< the injection VC of the packet being injected
  std::int32_t inject_rr = 0;        ///< BookSim's rule: the injection VC the next packet takes
  std::int64_t inject_born = 0;       ///< of the packet being injected: its first cycle,
  std::int64_t inject_payload = 0;    ///< its payload bytes,
  std::int32_t inject_flits = 0;      ///< and its flits
  std::int64_t eject_granted = -1;    ///< cycle the ejection port last took a flit
  std::int32_t discarding = 0;  ///< packets given up on whose flits still drain through its ejection port
  std::vector<std::pair<message*, std::int32_t>> arriving;  ///< packets ejected per message
};

/// Counters of one directed link (kept by the router upstream).
struct link_counters {
  std::int64_t flits = 0;
  std::int64_t bytes = 0;  ///< payload bytes of the packets that crossed
  std::uint64_t packets = 0, waited = 0;
  std::int64_t wait_cycles = 0;
  std::int32_t max_queue = 0;
  std::int64_t granted = -1;  ///< cycle the link last took a flit (one a cycle)
  std::int32_t requests = 0;  ///< scratch: packets asking for it in the current switch allocation (0 between them)
};

/// Latency figures, by powers of two: bucket 0 counts 0 cycles, bucket i [2^(i-1), 2^i).
struct latency_histogram {
  std::array<std::uint64_t, 64> buckets{};
  std::int64_t total = 0;
  void add(std::int64_t cycles);
};

/// An input VC whose next stage is due at a router's cycle, and its port's place at the router.
struct due_vc {
  std::int32_t channel, port;
};

/// Counters of one engine partition (summed for the report).
struct partition_counters {
  std::int64_t injected_flits = 0, ejected_flits = 0, packets = 0;
  std::int64_t last_eject = 0;
  latency_histogram queueing, network;
  std::vector<hop> candidates;  ///< scratch for next_hops
  /// Scratch of --router booksim's allocators: requests (input, output, label), the requests
  /// matched, and per output and input (every entry -1 between two allocations) the grants and
  /// acceptances.
  struct request {
    std::int32_t in, out, label;
  };
  std::vector<request> requests;
  std::vector<std::int32_t> matched, granted, accepted, leaving;
  std::vector<std::int32_t> asked;  ///< scratch: the links asked for in one switch allocation
  std::vector<due_vc> due;          ///< scratch: a router's VCs whose stage is due this cycle (as many as its VCs)
  /// Scratch as long: those of them whose head is routing (VC allocation's), and the others
  /// (switch allocation's), each in port order, for the disjoint allocators. Valid only until
  /// they return: booksim_disjoint_switch writes its own list of active VCs into due_flits.
  std::vector<due_vc> due_heads, due_flits;
  /// The arrivals and router cycles this partition runs (agenda.hpp), and while it runs its
  /// ticks the time of the one running (an event queued at that time must commit before the
  /// next: run_agenda yields).
  cycle_agenda agenda;
  std::int64_t running = -1;
  bool yield = false;
};

class flit_network final : public network {
 public:
  explicit flit_network(const network_setup& setup);

  vtime lookahead() const override;
  void check_message(std::int64_t bytes) const override;
  bool sender_waits_for_injection() const override { return single_port_; }
  /// Packets overtake each other on other VCs (even under a deterministic routing) and on other
  /// paths. With one VC and one path per pair (a routing that is not adaptive) a pair's packets
  /// cross the same buffers, each a FIFO, from the same source queue to the same ejection VC, so
  /// they arrive in the order they were sent and the engine need not number them.
  bool may_reorder() const override { return vcs_ > 1 || adaptive_; }
  /// Flits and credits cross a link as engine events; every router's state is its node's.
  bool runs_over_ranks() const override { return true; }
  void prepare(int partitions) override;
  std::int64_t agenda_time(int partition) const override;
  std::uint64_t run_agenda(std::int64_t time, network_context& ctx) override;
  std::size_t agenda_size(int partition) const override;
  void repartition(std::span<const int> part_of_node) override;
  void inject(message& m, network_context& ctx) override;
  void handle(const event& e, network_context& ctx) override;
  std::string stalled() const override;
  void pack_stall_state(std::span<const char> held, std::vector<std::byte>& out) const override;
  void absorb_stall_state(std::span<const std::byte> bytes) override;
  void held_messages(std::vector<message*>& out) const override;
  void add_to_report(report& r, vtime makespan) const override;

  /// Throws std::invalid_argument when `routes` needs more VC classes than `wire` has VCs.
  static void check(const routing& routes, const wire_model& wire);
  /// Throws std::invalid_argument naming the first flit parameter out of range, as its option
  /// ("--vcs 65: ..."); flit_params.cpp.
  static void validate(const wire_model& wire);
  /// "flit network: cycle=1ns vcs=2 ...": a machine's costs as this network reads them.
  static std::string describe(const cost_model& model, bool ticks);
  /// What one run reads: its routers' parameters and the packet shape.
  struct config {
    int vcs, buffer, router_delay, link_delay, credit_delay;
    bool wait_for_tail_credit;  ///< the output VC release rule (docs/model.md, "The flit network")
    std::int64_t flit_bytes;
    int packet_flits;
    vtime cycle;
    bool booksim;  ///< --router booksim: BookSim2's iq router pipeline (flit_booksim.cpp)
    int routing_delay, vc_alloc_delay, sw_alloc_delay, st_delay, injection_delay, ejection_delay;
  };
  /// config::link_delay of --router booksim when none is set: BookSim's, 2 on a torus, else 1.
  static constexpr int by_topology = -1;
  static config config_of(const wire_model& wire);
  /// Flit buffer slots for the memory estimate: every input port (links, injection) × VCs × buffer.
  static std::int64_t buffer_slots(const wire_model& wire, std::int64_t nodes, std::int64_t links);
  static constexpr const char* ignores_link_costs =
      "the flit network's costs are --cycle, --router-delay, --link-delay, --credit-delay, --flit-size";
  /// The options of its routers and packets (the packet shape, --flit-size --packet-flits --cycle,
  /// is also read by commands that send packets on any network).
  static std::vector<std::string> own_options() { return {"--flit-size", "--packet-flits", "--cycle"}; }
  /// Its routers' own parameters (vcs, buffer, router_delay, link_delay, credit_delay,
  /// wait_for_tail_credit):
  /// declared here, stored in wire_model::params (flit_params.cpp).
  static std::vector<network_parameter> parameters();
  /// Those its router reads on `topo`, with the values it reads (flit_params.cpp).
  static std::vector<network_parameter_value> read_parameters(const wire_model& wire, const topology& topo);
  /// The link latency of --router booksim when none is set (BookSim's kncube: 2 on a torus, else 1).
  static int booksim_link_delay(const topology& topo) { return topo.family() == "torus" ? 2 : 1; }
  static constexpr const char* own_options_are = "it sets the flit network's routers";
  /// Why `--contention` has no reference for this network (network_entry::contention_free).
  static constexpr const char* no_contention_free =
      "no contention-free reference: its routers' pipeline, credits and flits are costs the ideal network "
      "(message-level alpha, tau, hop latency) does not model, so a difference would mix them with contention; "
      "measure contention with --network message";

 private:
  // Events (kind network). Keys: a flit's (source PE, message, packet, flit); the source queue
  // entry's flit number is `source_entry`; credits take a source past every PE's. A router's
  // cycle (a tick) is no queued event but an entry of its partition's agenda, which commits
  // after every queued event of its time: at one time a router takes arrivals, then credits,
  // then runs its cycle; routers run their cycles in node order.
  static constexpr std::uint32_t source_entry = UINT32_MAX;
  static constexpr std::int32_t credit_source = INT32_MAX - 1;

  void on_source_entry(const event& e, network_context& ctx);
  // [[gnu::always_inline]] here and below: what every hop runs (a flit's arrival and write, its
  // credit, the switch traversal's pieces, BookSim's router's cycle, its one-VC case, a head's
  // candidates), called from the other flit files; they compile as one unit
  // (networks/CMakeLists.txt) and GCC still left these out of line: 6 % of the instructions of
  // (a) at 0.07 and 13 % on the 32x32 torus went to the calls. (send, booksim_leave and the
  // disjoint allocators inline cost more.)
  /// Flit `f` is written into input `channel` of router `at` at cycle f.arrived.
  [[gnu::always_inline]] inline void arrive_flit(std::int32_t channel, node_id at, const flit& f, network_context& ctx);
  /// A credit for output VC `out` comes back to router `at` at cycle `c`; `frees`: the
  /// tail-credit rule's last one, which frees the VC.
  [[gnu::always_inline]] inline void arrive_credit(std::int32_t out, node_id at, bool frees, std::int64_t c, network_context& ctx);
  /// Router `n`'s cycle `c`.
  void tick(node_id n, std::int64_t c, network_context& ctx);
  /// Queues `e`; one at the time of the tick running makes the agenda yield to the queue.
  void queue(const event& e, network_context& ctx) {
    auto& part = parts_[static_cast<std::size_t>(ctx.partition())];
    part.yield |= e.time <= part.running;
    ctx.push(e);
  }
  /// Stops the run at `e` (ctx.fail); the agenda yields.
  void fail(const event& e, std::string problem, network_context& ctx) {
    parts_[static_cast<std::size_t>(ctx.partition())].yield = true;
    ctx.fail(e, std::move(problem));
  }
  /// Input `channel` became non-empty (+1) or empty (-1): its port's count of busy VCs, and
  /// whether its router sees the port busy.
  [[gnu::always_inline]] inline void note_busy(std::int32_t channel, std::int32_t change) {
    const auto& in = inputs_[static_cast<std::size_t>(channel)];
    if (vcs_ > 1) {  // (one VC a port: the port is busy when its VC is)
      auto& busy = busy_vcs_[static_cast<std::size_t>(in.port)];
      if (change > 0 ? busy++ != 0 : --busy != 0) return;
    }
    arena_.word(in.busy_word) ^= std::uint64_t{1} << in.busy_bit;
  }
  /// Calls f(p) for each busy input port p of `r` in [lo, hi), ascending. Each word of the
  /// bitmap is read once: a port emptied by f(p) is one already visited.
  template <class F>
  static void for_each_busy(const router& r, std::int32_t lo, std::int32_t hi, F&& f) {
    for (std::int32_t w = lo >> 6; w * 64 < hi; ++w) {
      std::uint64_t bits = r.busy_ports[static_cast<std::size_t>(w)];
      if (w == lo >> 6) bits &= ~std::uint64_t{0} << (lo & 63);
      if (hi - w * 64 < 64) bits &= (std::uint64_t{1} << (hi - w * 64)) - 1;
      for (; bits != 0; bits &= bits - 1) f(w * 64 + std::countr_zero(bits));
    }
  }

  // A router's cycle (flit_router.cpp).
  bool inject_flit(router& r, node_id n, std::int64_t c, network_context& ctx);
  /// The injection VC a new packet at `r` takes, or -1 while none may.
  std::int32_t injection_vc(router& r, node_id n);
  /// Writes `f` behind the flits of input `channel`; a head written into an empty buffer starts
  /// its routing.
  [[gnu::always_inline]] inline void write_flit(std::int32_t channel, const flit& f);
  bool allocate_vcs(router& r, node_id n, std::int64_t c, network_context& ctx);
  /// VC allocation for input `channel` of router `n`; true when it changed anything.
  bool allocate_vc(std::int32_t channel, node_id n, std::int64_t c, network_context& ctx);
  bool allocate_switch(router& r, node_id n, std::int64_t c, network_context& ctx);
  /// After a switch allocation at cycle `c`: each link in `asked` takes its requests not granted
  /// as a queue length, and its count of requests goes back to 0.
  void settle_queues(const std::vector<std::int32_t>& asked, std::int64_t c);
  void send(std::int32_t channel, std::int64_t c, network_context& ctx);
  /// send's record, when tracing, of flit `f` crossing `link` on `vc` at `c` (out of line: its
  /// span's making cost send's every call a larger frame).
  [[gnu::noinline, gnu::cold]] void trace_span(const flit& f, std::int32_t link, std::int32_t vc, std::int64_t c,
                                               network_context& ctx);
  /// Pushes the arrival of `f` at `to`, in VC `vc` of input `port` (a link, or an injection port).
  [[gnu::always_inline]] inline void push_flit(const flit& f, node_id to, std::int32_t port, std::int32_t vc, std::int64_t arrival,
                 std::int32_t hops, network_context& ctx);
  /// push_flit's arrival in another partition (an engine event), or past the latest cycle.
  [[gnu::noinline]] void queue_flit(const flit& f, node_id to, std::int32_t port, std::int32_t vc,
                                    std::int64_t arrival, std::int32_t hops, network_context& ctx);
  static std::string loop_text(std::int32_t hops);
  /// A flit left input `channel` at cycle `c`: its credit goes to the router upstream.
  [[gnu::always_inline]] inline void return_credit(std::int32_t channel, bool tail, std::int64_t c, network_context& ctx);
  /// return_credit's credit for a router in another partition: an engine event at cycle `back`.
  [[gnu::noinline]] void queue_credit(std::int32_t channel, node_id at, bool frees, std::int64_t back,
                                      network_context& ctx);
  /// Takes the front flit of input `channel` at cycle `c` (pop_front).
  flit take_front(std::int32_t channel, std::int64_t c);
  /// Input `channel`'s front flit (a tail if `tail`) has left at cycle `c`; when it was a tail,
  /// the next packet's head (BookSim's rule) starts its routing.
  [[gnu::always_inline]] inline void pop_front(std::int32_t channel, bool tail, std::int64_t c);
  void eject(router& r, std::int32_t channel, node_id n, std::int64_t c, network_context& ctx);
  /// The earliest cycle after `c` something at `r` becomes ready by time alone (INT64_MAX:
  /// none); sets r.stuck when a ready flit stayed, `holds` when any flit or message is here.
  std::int64_t next_ready(router& r, std::int64_t c, bool& holds);
  /// Router `n` runs a cycle at `c` (once, however often asked).
  void request_tick(node_id n, std::int64_t c, network_context& ctx) {
    parts_[static_cast<std::size_t>(ctx.partition())].agenda.add_tick(c, n);
  }

  // --router booksim's cycle (flit_booksim.cpp): its stages evaluated on the state at the
  // cycle's start, then updated, as BookSim's IQRouter::_InternalStep does.
  /// The injection VC a new packet takes (BookSim's source: the first after the last taken that
  /// is free and has a credit), or -1.
  std::int32_t booksim_injection_vc(router& r, node_id n);
  /// Sends `f` down the injection channel of `n` into the router's injection VC `channel`.
  void send_injected(std::int32_t channel, node_id n, const flit& f, std::int64_t c, network_context& ctx);
  /// Router `n`'s cycle `c` after injection: one look at its busy VCs finds those due now
  /// (their stage is evaluated at c: only they can take part in VC or switch allocation), then
  /// the two allocations among them, then the next cycle it needs (INT64_MAX: none); `progress`
  /// and r.stuck as next_ready. (Whether the router holds anything is not asked: every VC
  /// holding flits books its next stage by its cycle, tick's comment.)
  template <bool OneVc>
  [[gnu::always_inline]] inline std::int64_t booksim_cycle(router& r, node_id n, std::int64_t c, bool& progress, network_context& ctx);
  /// Its VC and switch allocation among the VCs `due` (channel, port index), in port order.
  bool booksim_allocate_vcs(router& r, node_id n, std::int64_t c, std::span<const due_vc> due, network_context& ctx);
  bool booksim_allocate_switch(router& r, node_id n, std::int64_t c, std::span<const due_vc> due, network_context& ctx);
  /// Those allocations when the due VCs ask for no output in common (flit_booksim_disjoint.cpp):
  /// both done (all: `next` and r.stuck then say what the cycle leaves, as
  /// booksim_cycle's own loop would; the heads granted may also have left ahead, as of c + 1,
  /// booksim_heads_ahead), VC allocation only (vcs: the switch's requests are not disjoint), or
  /// nothing changed (none: VC allocation's are not). `progress` set if anything moved.
  /// (SwitchOnly: switch allocation alone, after the general VC allocator; none or all, and
  /// `next` and r.stuck left to booksim_cycle.)
  enum class disjoint : std::uint8_t { none, vcs, all };
  /// The due VCs come as `due_heads` (routing) and `due_flits` (the others; SwitchOnly: the
  /// active ones), each in port order.
  template <bool SwitchOnly, bool OneVc>
  [[gnu::always_inline]] inline disjoint booksim_disjoint(router& r, node_id n, std::int64_t c, std::span<const due_vc> due_heads,
                                                          std::span<const due_vc> due_flits, bool& progress, std::int64_t& next,
                                                          network_context& ctx);
  /// booksim_disjoint<true>: true when done, false having changed nothing.
  bool booksim_disjoint_switch(router& r, node_id n, std::int64_t c, std::span<const due_vc> due, bool& progress,
                               network_context& ctx);
  /// The first cycle after `c` an ejection VC of `r` held by the tail-credit rule is free again
  /// (INT64_MAX: none): when a head waits for one, time alone frees it.
  static std::int64_t booksim_eject_free(const router& r, std::int64_t c) {
    std::int64_t next = INT64_MAX;
    for (const std::int64_t free_at : r.eject_free_at)
      if (free_at > c) next = std::min(next, free_at);
    return next;
  }
  /// The cycle of a router with one due VC, in the common case (booksim_alone's comment); false
  /// when it is not that case (nothing changed).
  template <bool OneVc>
  [[gnu::always_inline]] inline bool booksim_alone(router& r, node_id n, std::int64_t c, due_vc d, bool& progress, network_context& ctx);
  /// The switch grants the front flit of due VC `d` of `r`, the one request, at `c`: it leaves.
  [[gnu::always_inline]] inline void booksim_switch_alone(router& r, node_id n, std::int64_t c, due_vc d, network_context& ctx);
  /// After booksim_alone's cycle `c` of `r`, with nothing else due there by c + 1
  /// (switch_ahead_): the flit it left bidding for the switch from c + 1 in VC `d` leaves now,
  /// as of c + 1, when the switch would grant it then (booksim_ahead's comment).
  void booksim_ahead(router& r, node_id n, std::int64_t c, due_vc d, network_context& ctx);
  /// Whether the flit in input VC `in` of `r`, bidding for the switch from c + 1, may leave at c
  /// as of c + 1 when nothing else bids then: alone in its buffer, holding its output (not a
  /// packet given up on), with a credit for it, or bound for the ejection port while no packet
  /// given up on drains through it.
  bool booksim_may_leave_ahead(const router& r, const input_vc& in, std::int64_t c) const;
  /// booksim_ahead for several heads granted their output VCs at `c` at once, when nothing
  /// else at `r` is due by c + 1 and no VC there is stuck: they leave now, as of c + 1, when
  /// the switch would grant every one of them then; false (nothing changed) when it would not.
  /// For a router whose disjoint switch allocation is allowed (at most 64 outputs and ports).
  bool booksim_heads_ahead(router& r, node_id n, std::int64_t c, std::span<const due_vc> heads, network_context& ctx);
  /// Why a head cannot be routed: it can (no), it crossed the most links a route may (loop), or
  /// the routing has no next hop for it (dead_end).
  enum class unroutable : std::uint8_t { no, loop, dead_end };
  /// Calls each(out, vc) for every output VC (out: the router's links, then ejection) the head at
  /// the front of input `channel` of `r` may take at `c`, in the order BookSim's allocator sees
  /// them; changes nothing when the head cannot be routed.
  template <bool OneVc, class Each>
  [[gnu::always_inline]] inline unroutable booksim_candidates(const router& r, node_id n, std::int64_t c, std::int32_t channel, network_context& ctx,
                                Each&& each);
  /// Whether the routing's hop `h` is a link out of `n` on a class this network has.
  bool booksim_usable(node_id n, const hop& h) const;
  /// The one link an adaptive routing's head asks for among `cands` (booksim_adaptive_link's
  /// comment), for an adaptive routing; -1 when no candidate has a free VC.
  std::int32_t booksim_adaptive_link(node_id n, std::int64_t c, const router& r, std::span<const hop> cands) const;
  /// Whether output VC `vc` of router `r`'s output `out` (its links, then ejection) is free at `c`.
  bool booksim_vc_free(const router& r, std::int32_t out, std::int32_t vc, std::int64_t c) const;
  /// Input `channel` of `r` takes output VC `vc` of output `out`; switch allocation from c + 1.
  [[gnu::always_inline]] inline void booksim_take(router& r, std::int32_t channel, std::int32_t out, std::int32_t vc, std::int64_t c);
  /// The flit at the front of input `channel` of `r` leaves through the switch at `c`.
  void booksim_leave(router& r, node_id n, std::int32_t channel, std::int64_t c, network_context& ctx);
  /// booksim_leave for a flit granted the switch with no grant pending (one-cycle switch
  /// allocation): to its link, `send` at once, without booksim_leave's call; anything else
  /// (ejection, a packet given up on) through it.
  [[gnu::always_inline]] inline void booksim_cross(router& r, node_id n, std::int32_t channel, std::int64_t c,
                                                   network_context& ctx) {
    if (inputs_[static_cast<std::size_t>(channel)].out >= 0) return send(channel, c, ctx);
    booksim_leave(r, n, channel, c, ctx);
  }
  /// A packet that cannot be routed: dropped, its flits drained through the ejection port.
  void give_up(input_vc& in, const flit& head, node_id n, std::int64_t c, const std::string& why,
               network_context& ctx);
  // Geometry, from a message's bytes.
  std::int32_t flits_of(std::int64_t bytes) const;
  std::int32_t flits_in_packet(std::int32_t flits, std::uint32_t packet) const;
  /// The message's bytes that packet `packet` carries (its last flit's padding not counted).
  std::int64_t payload_of(std::int64_t bytes, std::uint32_t packet) const;
  std::int32_t injection_port(node_id n) const { return links_ + n; }
  /// The router input `port` feeds: its link's head, or the node of an injection port.
  node_id router_of_port(std::int32_t port) const {
    return port < links_ ? link_to_[static_cast<std::size_t>(port)] : port - links_;
  }
  /// The class of VC `vc`, and the first VC of class `cls` (classes_: one past the last VC),
  /// from tables: a head's routing asks them at every hop, and each is an integer division.
  std::int32_t class_of(std::int32_t vc) const { return class_of_vc_[static_cast<std::size_t>(vc)]; }
  std::int32_t first_vc_of(std::int32_t cls) const {
    return cls >= 0 && cls <= classes_ ? first_vc_of_class_[static_cast<std::size_t>(cls)] : first_vc_formula(cls);
  }
  std::int32_t class_formula(std::int32_t vc) const { return vc * classes_ / vcs_; }
  std::int32_t first_vc_formula(std::int32_t cls) const { return (cls * vcs_ + classes_ - 1) / classes_; }
  flit& slot(std::int32_t channel, std::int32_t i) {
    return slots_[static_cast<std::size_t>(channel) * static_cast<std::size_t>(buffer_) + static_cast<std::size_t>(i)];
  }
  const flit& front(std::int32_t channel) const {
    const auto& in = inputs_[static_cast<std::size_t>(channel)];
    return slots_[static_cast<std::size_t>(channel) * static_cast<std::size_t>(buffer_) + static_cast<std::size_t>(in.first)];
  }
  std::int64_t time_of(std::int64_t cycle) const { return cycle * cycle_; }
  std::string channel_name(std::int32_t channel) const;

  const topology& topo_;
  const routing& routing_;
  const bool adaptive_;  ///< routing_.adaptive(), asked once: it is asked at every head's routing
  /// --router booksim, a routing that is not adaptive and reads no route state, at most
  /// `table_nodes` nodes: its hop from node n to destination d at n * nodes + d, asked once per
  /// pair as a router's table holds it (0: not asked yet; `many`: not one usable hop, asked every
  /// time; else the hop's class << 8 | its place among n's outputs + 1, so at most 254 outputs a
  /// router and 254 classes). Two bytes an entry: 128 KiB on a 16x16 mesh stays in the L2
  /// cache, where 8 bytes (the link id) missed it; 2 % of (a)'s time at 0.07. Atomic: partitions
  /// on two threads may fill the same entry, with the same value.
  std::vector<std::atomic<std::uint16_t>> route_table_;
  static constexpr std::int32_t table_nodes = 1024;
  static constexpr std::uint16_t many = UINT16_MAX;
  /// route_table_'s entry for a hop on output `out` of its router (its place among r.outs) and
  /// VC class `cls`, and back.
  static std::uint16_t route_entry(std::int32_t out, std::int32_t cls) { return static_cast<std::uint16_t>(cls << 8 | (out + 1)); }
  static std::int32_t entry_out(std::uint16_t entry) { return (entry & 0xff) - 1; }
  static std::int32_t entry_class(std::uint16_t entry) { return entry >> 8; }
  /// The routing's candidates from `n` for `head` arriving on class `cls`, in `cands`; its
  /// answer kept in the routing table's `entry` when there is one (booksim_candidates).
  [[gnu::noinline]] std::span<const hop> ask_routing(node_id n, const flit& head, std::int32_t cls,
                                                     std::vector<hop>& cands, std::atomic<std::uint16_t>* entry);
  config params_;
  bool tracing_;
  /// --router booksim with one-cycle allocators, routing_delay >= 1, one VC or one-flit packets
  /// and no trace: a lone flit that will bid for the switch at the next router cycle crosses it
  /// in this one, as of the next (booksim_ahead), and so do several heads granted together
  /// (booksim_heads_ahead). (A trace lists a cycle's spans in the order they were made, which
  /// this would change.)
  bool switch_ahead_;
  std::vector<std::vector<link_span>> spans_;  ///< per partition, when tracing: a packet's head to tail on a link
  bool single_port_;
  std::int32_t links_, nodes_, vcs_, buffer_, classes_;
  std::vector<std::int32_t> class_of_vc_, first_vc_of_class_;  ///< class_of, first_vc_of
  std::int64_t cycle_;
  std::int64_t va_wait_, sa_wait_;  ///< cycles from a flit's arrival to VC / switch allocation
  std::int64_t max_cycle_;          ///< later cycles would pass the latest virtual time
  // Cycles from a flit leaving a buffer (switch allocation) to: its write downstream, its credit
  // usable upstream (over a link; from the injection VC, at the source), its packet delivered.
  std::int64_t flit_offset_, credit_offset_, inject_credit_offset_, eject_offset_;
  std::int32_t hop_bound_;
  std::vector<node_id> link_from_, link_to_;
  std::vector<router> routers_;
  /// Per node: whether a credit arriving there asks for its router's cycle (r.stuck, or its
  /// source holds a message; set by its cycle and by a message entering), read by arrive_credit
  /// from here: the router itself is seldom in the cache by then (3 % of (a)'s cache misses at
  /// 0.07). Each partition writes its own nodes' bytes.
  std::vector<std::uint8_t> credit_wakes_;
  router_arena arena_;  ///< the routers' arrays
  aligned_vector<input_vc> inputs_;    ///< channel = port * vcs + vc; ports: links, then injection
  aligned_vector<flit> slots_;         ///< channel * buffer + i
  aligned_vector<output_vc> outputs_;  ///< link * vcs + vc; then, under --router booksim, the sources' injection VCs
  std::vector<std::int32_t> out_index_;  ///< per link: its place among its router's outputs (booksim)
  /// Each node's engine partition (network::repartition): what crosses a link within one is an
  /// arrival on its agenda, what crosses between two an engine event.
  std::vector<int> part_of_node_;
  /// Per input port, with more than one VC a port: its VCs holding flits (a router's cycle
  /// skips the ports not busy; note_busy keeps its bit, input_vc::busy_word, at every flit into
  /// an empty buffer and out of a last one).
  std::vector<std::int32_t> busy_vcs_;
  aligned_vector<link_counters> link_counters_;
  std::vector<std::int64_t> vc_flits_;   ///< link * vcs + vc: flits per VC, with more than one VC a link
  std::vector<std::int64_t> head_sent_;  ///< link * vcs + vc, when tracing: the cycle the owning packet's head crossed the link
  std::vector<partition_counters> parts_;
  /// Per node, the messages in its source queue another process holds (absorb_stall_state).
  std::vector<std::int64_t> waiting_elsewhere_;
};

}  // namespace weft::detail::flit
