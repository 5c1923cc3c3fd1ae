#pragma once
// Internal state of one PE, shared by its program (during a PE phase, through its backend,
// weft/detail/emulated_pe.hpp) and its runtime: the engine (during an engine phase) or the
// wall-clock runtime's worker (between the PE's slices). The two never overlap, so nothing here
// is locked.

#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <utility>
#include <string>
#include <vector>

#include "weft/detail/flat_counters.hpp"
#include "weft/detail/matching.hpp"
#include "weft/detail/message_payload.hpp"
#include "weft/pe.hpp"
#include "weft/report.hpp"
#include "weft/units.hpp"

namespace weft::detail {

/// The reserved tag of pe::barrier()'s messages (user tags are >= 0).
inline constexpr int barrier_tag = -2;

class message_pool;

/// One message in flight. Owned by the engine from injection until the receiver takes it.
struct message {
  int src = 0;
  int dst = 0;
  int tag = 0;
  std::uint64_t seq = 0;       ///< per-source sequence number (the tie-break after time)
  std::uint64_t pair_seq = 0;  ///< number among the messages from src to dst (a network that may reorder them)
  std::int64_t bytes = 0;      ///< modelled size
  message_payload data;        ///< real payload
  vtime ready{};               ///< when the sender handed it to the network
  vtime arrival{};             ///< when the last byte reached the destination
  int send_request = -1;       ///< sender's request completed at injection end (single-port)
  bool chained = false;        ///< not the first message of an isend_chain batch
  wire_path path = wire_path::main_path;  ///< its protocol by size (host_model::path_for)
  std::int32_t packets = 1;
  std::int32_t packets_arrived = 0;  ///< counted by a network whose packets may arrive out of order
  std::int32_t hops = 0;
  std::int32_t src_node = 0, dst_node = 0;  ///< topology nodes, set by the engine at injection
  // A distributed run (engine_ranks.cpp): each rank a message's events reach holds a copy.
  std::uint8_t rank_copy = 0;  ///< bits: in_copies (in the rank's copy table), has_payload, in_use
  bool carved = false;  ///< in one of the message pool's blocks (message_pool.hpp): never deleted alone
};

enum class request_kind : std::uint8_t { unused, send, recv };

struct request_slot {
  request_kind kind = request_kind::unused;
  bool complete = false;
  bool waited = false;  ///< the PE is blocked on this request
  int peer = 0;         ///< destination of a send; source filter of a receive
  int tag = 0;
  vtime completion{};
  message* msg = nullptr;  ///< matched message of a receive
};

enum class pe_status : std::uint8_t { runnable, blocked, syncing, finished, failed };

/// A span of a PE's time for the trace: compute, overhead or wait.
struct pe_span {
  vtime begin, end;
  std::uint8_t kind;  // 0 compute, 1 overhead, 2 wait
};

/// What the runtime provides to a PE: a way to give control back to it (the engine, or the
/// wall-clock runtime's worker).
class pe_host {
 public:
  virtual ~pe_host() = default;
  /// Suspends the calling PE until its runtime resumes it.
  virtual void suspend(struct pe_state& pe) = 0;
};

struct pe_state {
  int rank = 0;
  int size = 0;
  pe_host* host = nullptr;
  message_pool* pool = nullptr;

  vtime clock{};
  vtime compute_time{}, overhead_time{}, wait_time{};
  std::uint64_t sent_messages = 0, received_messages = 0;
  std::int64_t sent_bytes = 0, received_bytes = 0;

  // Produced during a PE phase, drained by the engine.
  std::vector<message*> outbox;
  std::vector<message*> spare_messages;  ///< this PE's share of the message pool
  std::uint64_t next_seq = 0;
  vtime last_injection{-1};

  std::vector<request_slot> requests;
  std::vector<int> free_requests;
  posted_receives posted;
  unexpected_messages<message> unexpected;
  /// Under an adaptive routing a message may arrive before an earlier one from the same source;
  /// it waits here until its turn (MPI's non-overtaking). Made on the first such arrival.
  struct arrival_order {
    flat_counters next_from;  ///< per source: the pair_seq due next
    std::map<std::pair<int, std::uint64_t>, message*> early;  ///< (source, pair_seq) -> message
  };
  std::unique_ptr<arrival_order> order;

  // Blocking state, read by the engine.
  pe_status status = pe_status::runnable;
  int outstanding = 0;      ///< waited-for requests not yet complete
  vtime wake_at{};          ///< latest completion among the waited-for requests
  vtime sync_until{};       ///< status == syncing: resume once everything before this is known
  bool woken = false;
  std::uint64_t resumes = 0;
  int last_cpu = -1;
  std::vector<std::uint32_t> cpu_resumes;  ///< resumes per host CPU (placement report)

  std::vector<pe_span> spans;  ///< only when tracing
  bool tracing = false;
  bool recording = false;  ///< keep a record of every message received (--messages)
  std::vector<message_record> received_log;
  bool recording_calls = false;  ///< keep the communication log (--comm-log)
  std::vector<call_record> calls;
  /// Per request id: the index in `calls` of the isend/irecv that posted it; -1 once its wait
  /// is logged (a successful test logs it, the wait that follows does not again).
  std::vector<std::int32_t> call_of_request;
  std::string failure;         ///< set when the program threw

  void add_span(vtime begin, vtime end, std::uint8_t kind) {
    if (tracing && end > begin) spans.push_back({begin, end, kind});
  }
};

}  // namespace weft::detail
