#pragma once
// What a run measured, as plain data. Everything outside `host` is virtual and bit-identical
// across worker counts and runs; `host` holds wall-clock and placement facts about this
// particular run. The writers (text, JSON, Chrome trace, communication and message logs) are
// output/'s: weft/output/report_writers.hpp.

#include <cstdint>
#include <iosfwd>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "weft/cost_model.hpp"
#include "weft/topology.hpp"
#include "weft/units.hpp"

namespace weft {

/// deadlock: the program's (every unfinished PE waits, nothing in flight); network_deadlock: the
/// routing's (packets in the network wait for each other in a cycle of channels).
enum class run_status { ok, deadlock, failed, interrupted, network_deadlock };
std::string to_string(run_status s);
std::ostream& operator<<(std::ostream& out, run_status s);

struct pe_report {
  int rank = 0;
  node_id node = 0;
  vtime finish{}, compute{}, overhead{}, wait{};
  std::uint64_t sent_messages = 0, received_messages = 0;
  std::int64_t sent_bytes = 0, received_bytes = 0;
  std::string blocked_on;  ///< non-empty when the run ended with this PE blocked
  int core = -1;           ///< host CPU that ran most of its resumes (host fact, not virtual)
};

/// One directed link. Every field means the same on every network (docs/report.md); a network
/// that counts more (the flit network: flits) adds its own fields beside them.
struct link_report {
  link_id id = 0;
  node_id from = 0, to = 0;
  int dimension = -1, direction = 0;
  std::int64_t bytes = 0;  ///< modelled payload bytes carried
  vtime busy{};
  double utilization = 0;  ///< busy / makespan
  std::uint64_t packets = 0, waited = 0;
  vtime wait_total{};
  std::int32_t max_queue = 0;
  std::int64_t flits = -1;  ///< flits carried, padding included; -1: the network has no flits
};

struct unreceived_message {
  int src = 0, dst = 0, tag = 0;
  std::int64_t bytes = 0;
  vtime arrival{};
};

struct host_report {
  std::string host_topology;  ///< hwloc summary: packages, cores, PUs
  int workers = 0;
  std::string pin;
  std::string sharing;  ///< sharing policy of phases with helper workers
  std::vector<int> worker_cpus;            ///< CPU each worker was bound to (-1: unbound)
  std::vector<std::uint64_t> pes_per_cpu;  ///< PEs whose most resumes ran on that CPU
  double wall_seconds = 0;
  double events_per_second = 0;
  double messages_per_second = 0;
  std::int64_t peak_rss_bytes = 0;
  std::uint64_t phases = 0;
  std::uint64_t shared_phases = 0;  ///< phases whose engine windows and PEs the helpers shared
  std::uint64_t spread_phases = 0;  ///< phases whose PEs were spread over the workers
  std::uint64_t engine_events = 0;
  std::string partition;                       ///< how the nodes were split: blocks, scotch, or none
  std::vector<std::int64_t> partition_nodes;   ///< nodes per engine partition
  std::int64_t cut_links = 0;                  ///< directed links between two partitions
  std::uint64_t border_events = 0;             ///< engine events that crossed between partitions
  /// A distributed run (--engine mpi, docs/distributed.md): each rank's share of the work.
  struct rank_share {
    std::int64_t pes = 0;               ///< PEs it held
    std::uint64_t engine_events = 0;    ///< events it committed
    std::uint64_t windows = 0;          ///< windows (each one reduction and one exchange)
    double wait_seconds = 0;            ///< wall time in the exchanges and reductions
    std::uint64_t sent_events = 0;      ///< events it sent to other ranks
    std::uint64_t sent_bytes = 0;       ///< their bytes (headers, payloads)
    std::int64_t peak_rss_bytes = 0;
  };
  std::vector<rank_share> ranks;  ///< empty: one process
};

/// One message a PE received, for --messages (replayed by `weft traffic --pattern trace:FILE`).
struct message_record {
  int src, dst;             ///< PEs
  node_id src_node, dst_node;
  int tag;
  std::int64_t bytes;       ///< modelled
  std::uint64_t seq;        ///< per-source sequence number (orders messages sent at one time)
  vtime ready, arrival;     ///< handed to the network; its last byte arrived
};

/// One communication call of a PE, in program order, for --comm-log (run_options::record_calls).
/// The JSON Lines it is written as are described in docs/report.md, "Communication logs".
struct call_record {
  enum class kind : std::uint8_t { send, isend, recv, irecv, wait, collective };
  kind call = kind::send;
  bool on_send = false;     ///< a wait: for a send's request (else a receive's)
  int peer = -1;            ///< destination of a send; source of a receive (-1: any, not matched yet)
  int tag = -1;             ///< -1 on an irecv posted for any tag
  std::int64_t bytes = -1;  ///< modelled; -1 on an irecv (not matched yet)
  int request = -1;         ///< isend, irecv and wait: the request id (reused once waited for)
  vtime start{};            ///< the PE's clock when the call started
  std::string name, algorithm;  ///< a collective marker's operation and algorithm
};
std::string_view to_string(call_record::kind k);

struct trace_data {
  struct pe_span {
    int rank;
    vtime begin, end;
    int kind;  // 0 compute, 1 overhead, 2 wait
  };
  struct link_span {
    link_id link;
    int src, dst;
    vtime begin, end;
  };
  std::vector<pe_span> pes;
  std::vector<link_span> links;
  /// Received messages by (ready, source, seq), when recorded (run_options::record_messages).
  std::vector<message_record> messages;
};

/// Counts by powers of two: bucket 0 counts 0, bucket i counts [2^(i-1), 2^i) (trailing empty
/// buckets left out); `total` sums what was counted.
struct log2_histogram {
  std::vector<std::uint64_t> buckets;
  std::int64_t total = 0;
};

/// A cycle-level packet network's own figures (the flit network's; docs/report.md "network").
struct cycle_network_figures {
  vtime cycle{};
  std::int64_t cycles = 0;  ///< the makespan in cycles, rounded up
  /// Its configuration as it lists it (vcs, vc_classes, buffer_flits, ...), in that order.
  std::vector<std::pair<std::string, std::int64_t>> configuration;
  std::int64_t injected_flits = 0, ejected_flits = 0, packets = 0;
  double accepted_throughput = 0;  ///< ejected flits / nodes / cycles
  log2_histogram queueing, in_network;  ///< per packet, in cycles
  /// Per link (by id), the flits each of its virtual channels carried; their sum is the link's
  /// (report::links[l].flits).
  std::vector<std::vector<std::int64_t>> link_vc_flits;
  std::vector<std::int64_t> router_blocked_cycles;  ///< by node
  /// Mean cycles per packet of `h` (0 without packets).
  double mean(const log2_histogram& h) const {
    return packets > 0 ? static_cast<double>(h.total) / static_cast<double>(packets) : 0.0;
  }
};

/// Latencies measured on the host (--clock wall): from a send to the receiving worker taking it.
struct measured_latency_figures {
  std::uint64_t crossed_queues = 0;  ///< messages that crossed a worker's inbox
  std::uint64_t same_worker = 0;     ///< handed over on their own worker
  vtime min{}, mean{}, median_below{}, max{};
  std::vector<std::uint64_t> histogram_ns_log2;  ///< bucket 0 under 1 ns, bucket i [2^(i-1), 2^i) ns
};

/// A network's own figures beyond the per-link ones (the report's "network" section).
struct network_figures {
  std::string kind;  ///< the network that measured them; empty: no section
  std::optional<cycle_network_figures> cycles;
  std::optional<measured_latency_figures> measured;
};

/// One of the network's own parameters as the run used it.
struct network_parameter_value {
  std::string name, unit;
  std::int64_t value = 0;
};

/// `--contention`: the same run on the `ideal` network (the same links, costs, ports and routes,
/// but links that never queue), measured beside this one. The report's own figures are the ones
/// "with contention"; these are "without"; the difference is what contention cost.
struct contention_report {
  bool measured = false;
  std::string reference;  ///< the network of the run without contention (the registry's reference)
  vtime makespan{};                 ///< its makespan
  std::vector<vtime> pe_wait;       ///< per PE (by rank), its wait
  std::vector<vtime> link_wait;     ///< per link (by id), the time its packets waited for it
};

struct report {
  /// Empty: the emulator (virtual times; the key is left out of the JSON, which stays as it
  /// was). "mpi": a run on MPI ranks, every time wall-clock, measured by the ranks (docs/mpi.md).
  std::string backend;
  std::string program;
  std::string machine;  ///< topology spec
  std::string routing;
  std::string model_description;  ///< the link model in one line, as the network reads it
  /// The costs the run was modelled with (absent on MPI ranks, where nothing is modelled but
  /// the compute), and the network's own parameters with their units.
  std::optional<cost_model> model;
  std::vector<network_parameter_value> network_parameters;
  bool ticks = false;   ///< print times as raw ticks
  /// Abstract units (weft transpose --units abstract): times are numbers of units, and the text
  /// says units, never ps.
  bool abstract_units = false;
  /// A modelled "byte" is one element (weft transpose, whose τ is per element): the link table's
  /// column says elements, never bytes.
  bool elements = false;
  /// Times were measured on the host (--clock wall), not modelled: nothing is deterministic.
  bool wall_clock = false;
  int procs = 0;
  run_status status = run_status::ok;
  std::vector<std::string> problems;  ///< deadlock / failure descriptions, one per line
  vtime makespan{};
  std::vector<pe_report> pes;
  std::vector<link_report> links;     ///< every directed link, by id
  std::vector<std::uint64_t> hop_histogram;
  std::uint64_t sent = 0, delivered = 0, received = 0;
  /// No message lost: sent == delivered, or the run stopped early (interrupted, a virtual-time
  /// overflow, a network deadlock) with the rest still in the network, which is not checked.
  bool conserved = true;
  std::vector<unreceived_message> unreceived;
  network_figures network;  ///< the network's own figures (docs/report.md "network")
  contention_report contention;  ///< only with --contention (measured)
  host_report host;
  trace_data trace;
  /// Per PE, its communication calls in program order (run_options::record_calls; else empty).
  /// Not part of the JSON report: write_call_log writes them.
  std::vector<std::vector<call_record>> calls;

  /// Exit code for the CLI: 0 ok, 3 deadlock, 4 failed (a PE program threw, virtual time
  /// overflowed, a route passed its hop bound), 5 conservation violated, 6 a PE's fiber stack
  /// overflowed, 130 interrupted (SIGINT).
  int exit_code() const;
};

}  // namespace weft
