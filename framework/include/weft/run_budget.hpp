#pragma once
// Memory a run will need, estimated before anything is built, and the limit it must stay under.
// A run that would not fit is refused up front with the estimate and the limit, rather than
// growing until the host kills it or an allocation throws std::bad_alloc halfway through.
//
// Modelled sizes cost nothing here: a message of "1 GiB modelled" with 64 real bytes holds 64
// bytes. What does cost memory is counted: PE fiber stacks and state, the engine's per-link and
// per-node state, messages and their events in flight (one event per packet with --mtu), the real
// payload bytes the program holds, and the trace, communication log and report kept for the end
// of the run.

#include <cstdint>
#include <string>

#include "weft/memory_budget.hpp"  // default_memory_limit()

namespace weft {

/// What a program keeps in flight, as far as its caller knows (the defaults assume little).
struct traffic_hint {
  std::int64_t messages_in_flight = -1;  ///< most messages sent but not yet received; -1: one per PE
  std::int64_t real_bytes_per_message = 0;
  std::int64_t modelled_bytes_per_message = 0;  ///< sets the packets per message with an MTU
  std::int64_t messages_total = -1;      ///< over the whole run (trace size); -1: messages_in_flight
  std::int64_t real_bytes_per_pe = 0;    ///< buffers each PE's program holds (its own data)
  /// What a refusal advises when the run itself (not the machine) is too large: the command's own
  /// options that size it (coll --sizes, transpose -N/-P, traffic --load/--cycles).
  std::string advice = "lower --bytes/--procs or raise --max-memory";
};

/// The shape of a run: everything the estimate reads.
struct run_shape {
  std::int64_t procs = 1;
  std::int64_t nodes = 1;
  std::int64_t links = 0;
  std::int64_t stack_bytes = 64 * 1024;
  bool shared_stacks = false;  ///< --stacks shared: a blocked PE's frames are copied out (~1 KiB)
  std::int64_t mtu = 0;  ///< 0: a message is one packet
  /// Flit buffer slots of a flit network: (links + nodes) input ports × VCs × buffer (0: none).
  std::int64_t flit_slots = 0;
  bool trace = false;
  bool calls = false;  ///< the communication log (run_options::record_calls, --comm-log)
  /// A distributed run (--engine mpi) over this many processes: each holds its share of the PEs,
  /// their messages and buffers, but every PE's small state and the whole network; the estimate
  /// is one process's.
  std::int64_t ranks = 1;
  traffic_hint traffic;
};

/// What the estimate counts for a flit network: bytes of one buffer slot (a flit), and of one
/// input port's VC beside its slots (its state, with its last move, and the credits of the output VC
/// upstream). The flit network checks its own sizes against them (networks/flit/flit_network.hpp).
inline constexpr std::int64_t flit_slot_bytes = 56;
inline constexpr std::int64_t flit_vc_bytes = 72;

/// An estimate in parts, so that a refusal can say where the memory goes.
struct memory_estimate {
  std::int64_t pes = 0;        ///< fiber stacks (the part a PE typically touches) and PE state
  std::int64_t network = 0;    ///< per-link and per-node engine state, the per-link report
  std::int64_t in_flight = 0;  ///< messages, their real payloads and their packets' events
  std::int64_t program = 0;    ///< the programs' own buffers
  std::int64_t trace = 0;      ///< trace spans (with --trace), kept until the end
  std::int64_t calls = 0;      ///< the communication log (with --comm-log), kept until the end
  std::int64_t total() const;
  /// "64 PEs × 33.0 KiB, 4032 messages in flight × 200 B, ..." — the largest parts first.
  std::string describe(const run_shape& shape) const;
};

memory_estimate estimate_run_memory(const run_shape& shape);

/// Throws std::invalid_argument with the estimate and the limit when the estimate exceeds
/// `limit` (a limit <= 0 checks nothing).
void check_memory_budget(const run_shape& shape, std::int64_t limit);

/// Most messages one run may send (docs/cli.md, "Limits"): weft emulates about 4 million a
/// second, so this bounds a run to minutes rather than letting a typo run for days unannounced.
inline constexpr std::int64_t max_messages_per_run = 1'000'000'000;

/// Throws std::invalid_argument "SIZED_BY: this run sends about N messages, more than ...; ADVICE"
/// when `messages` (an estimate, in a double so that it cannot wrap) exceeds max_messages_per_run.
void check_message_count(double messages, const std::string& sized_by, const std::string& advice);

}  // namespace weft
