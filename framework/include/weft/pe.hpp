#pragma once
// The PE API: what a PE program sees. A program is one blocking-style function run by every
// PE (SPMD), like an MPI rank's code; it never touches threads, queues or actors.
//
//   void ring(weft::pe& pe) {
//     int right = (pe.rank() + 1) % pe.size(), left = (pe.rank() + pe.size() - 1) % pe.size();
//     if (pe.rank() == 0) pe.send(right, weft::tag{1}, 42);
//     auto token = pe.recv(left, weft::tag{1}).as<int>();
//     if (pe.rank() != 0) pe.send(right, weft::tag{1}, token);
//   }
//
// Every call goes, whole, to the backend the run chose when it started (weft/pe_backend.hpp). The
// calls are inline: a program's call is one indirect call into its backend, no more.

#include <cstddef>
#include <span>
#include <string_view>
#include <vector>

#include "weft/pe_backend.hpp"
#include "weft/pe_types.hpp"

namespace weft {

/// The processing element a program runs on. Every call charges virtual time to this PE only.
/// A run serves every call through the one backend it chose when it started (weft/pe_backend.hpp):
/// the emulator's virtual clock, its wall clock (times measured on this host), or MPI ranks
/// (times wall-clock ones).
class pe {
 public:
  /// A PE whose calls `backend` serves (the runtimes and weft::mpi::run build these).
  explicit pe(pe_backend& backend);

  int rank() const { return rank_; }
  int size() const { return size_; }
  /// This PE's clock: its virtual time on the emulator; with --clock wall or on MPI ranks, the
  /// wall-clock time elapsed since the run started.
  vtime now() const;

  /// Sends and returns when the send buffer may be reused: after o_send on an all-port PE,
  /// after the port has finished injecting the message on a single-port PE.
  void send(int dst, tag t, const payload& data);
  /// Starts a send; the data is copied at once, so the buffer may be reused immediately.
  request isend(int dst, tag t, const payload& data);

  /// One message of a chained batch (weft/pe_types.hpp).
  using outgoing = weft::outgoing;
  /// Starts a batch of sends with one start-up (PEACH2's chaining DMA): the first message
  /// pays α, each further one the machine's chain α. Returns one request per message.
  std::vector<request> isend_chain(std::span<const outgoing> batch);

  /// Blocks until a matching message has arrived; costs o_recv.
  received recv(int src = any_source, tag t = any_tag);
  /// Like recv, but copies the payload into `into` and allocates nothing (MPI_Recv's shape).
  /// The payload is copied only if its size is exactly into.size(); otherwise nothing is
  /// copied and receipt::bytes tells the size that came, for the caller to report.
  [[nodiscard]] receipt recv_into(std::span<std::byte> into, int src = any_source, tag t = any_tag);
  /// Posts a receive; matched in posting order against messages in arrival order.
  request irecv(int src = any_source, tag t = any_tag);

  /// Waits for one request; for a receive, returns the message.
  received wait(request& r);
  /// Waits for all; returns the messages of the receives (in the order given; empty entries
  /// for sends).
  std::vector<received> wait_all(std::span<request> rs);
  /// True if the request has completed by now() (then wait() returns at once). An
  /// unsuccessful test costs the model's poll time, so polling loops always make progress.
  bool test(request& r);
  /// Lets go of a send's request that has completed by now() as far as this PE knows without
  /// waiting, as MPI_Request_free: true, and `r` is no request any more. An all-port PE's send
  /// completes as it is made (its data copied), unless --gap holds its injection back; a
  /// single-port PE's completes only once its port has injected it. False, `r` unchanged, for
  /// such a send still in progress: wait for it as usual. No time is charged. For a PE that sends
  /// many messages and waits for none: their requests are not all kept until the end. A
  /// receive's request cannot be let go of: its message must be taken (throws
  /// std::invalid_argument).
  [[nodiscard]] bool release(request& r);
  /// Lets the machine catch up with this PE's clock, then returns how many messages of user
  /// tags (>= 0) arrived before now() that no receive has taken yet: that many receives from
  /// any source and of any tag take them (the earliest first) and wait for nothing.
  /// Charges no time and changes no result. For a PE that runs far ahead of the machine (a
  /// traffic source whose sends are all dated in advance): calling it every so often keeps
  /// what is in flight, and in memory, to what it sent since, where otherwise all it will send
  /// is queued before the machine starts. On the wall clock: the messages that have arrived,
  /// at once; on MPI ranks: 0 (their sends go out as they are made).
  std::size_t catch_up();

  /// Charges compute time: a duration, or flops at the machine's rate.
  void compute(vtime duration);
  void compute(flops f);
  /// Charges a kernel by the machine's kernel model: kernel overhead + max(flops / flop rate,
  /// bytes x memory time). Needs a flop rate for flops > 0 and a memory bandwidth for bytes > 0.
  void compute(kernel k);

  /// The host's costs, read-only (weft/cost_model.hpp). For libraries built on this API that
  /// charge costs of their own, such as weft::coll and host_model::coll_call.
  const host_model& host() const;
  /// Charges CPU overhead (reported as overhead, not compute): a library's software path.
  void overhead(vtime duration);

  /// Marks the start of a collective operation in the communication log (--comm-log,
  /// run_options::record_calls) as a `collective` line before the calls it makes; nothing
  /// otherwise. For libraries built on this API, such as weft::coll.
  void note_collective(std::string_view name, std::string_view algorithm);

  /// Dissemination barrier over all PEs (real zero-byte messages on a reserved tag).
  void barrier();

  /// Runs a whole collective with the backend's own library (weft::coll's `native` algorithm);
  /// false when there is none: the emulator has none, it models weft's algorithms only.
  bool native_collective(const native_call& c);

 private:
  pe_backend* b_;
  int rank_, size_;  ///< the backend's, asked once: they never change during a run
};

// Each call forwards, whole, to the backend.
inline pe::pe(pe_backend& backend) : b_(&backend), rank_(backend.rank()), size_(backend.size()) {}

inline vtime pe::now() const { return b_->now(); }
inline void pe::send(int dst, tag t, const payload& data) { b_->send(dst, t, data); }
inline request pe::isend(int dst, tag t, const payload& data) { return b_->isend(dst, t, data); }
inline std::vector<request> pe::isend_chain(std::span<const outgoing> batch) { return b_->isend_chain(batch); }
inline received pe::recv(int src, tag t) { return b_->recv(src, t); }
inline receipt pe::recv_into(std::span<std::byte> into, int src, tag t) { return b_->recv_into(into, src, t); }
inline request pe::irecv(int src, tag t) { return b_->irecv(src, t); }
inline received pe::wait(request& r) { return b_->wait(r); }
inline std::vector<received> pe::wait_all(std::span<request> rs) { return b_->wait_all(rs); }
inline bool pe::test(request& r) { return b_->test(r); }
inline bool pe::release(request& r) { return b_->release(r); }
inline std::size_t pe::catch_up() { return b_->catch_up(); }
inline void pe::compute(vtime duration) { b_->compute(duration); }
inline void pe::compute(flops f) { b_->compute(f); }
inline void pe::compute(kernel k) { b_->compute(k); }
inline const host_model& pe::host() const { return b_->host(); }
inline void pe::overhead(vtime duration) { b_->overhead(duration); }
inline void pe::note_collective(std::string_view name, std::string_view algorithm) { b_->note_collective(name, algorithm); }
inline void pe::barrier() { b_->barrier(); }
inline bool pe::native_collective(const native_call& c) { return b_->native_collective(c); }

}  // namespace weft
