#pragma once
// The emulator's backends: a PE's calls served from its pe_state, on either of the emulator's
// clocks. The third backend, MPI ranks, is mpi::detail::rank_pe (backends/mpi/src/rank_pe.hpp).
//
//   pe (weft/pe.hpp) --one virtual call--> emulated_pe<virtual_clock>  the engine's virtual time
//                                      |-> emulated_pe<wall_clock>     measured (--clock wall)
//                                      '-> mpi::detail::rank_pe        real MPI ranks
//
// Both clocks share every line of sending, matching, requests and the communication log
// (emulated_pe.cpp); what differs is the clock policy's few hooks below. The class is final and
// its helpers are inlined into each method, so the emulator's hot path pays one indirect call
// per PE call and nothing else for being a backend (docs/PERFORMANCE.md, "One PE API over three
// backends").

#include <span>
#include <string_view>
#include <vector>

#include "weft/detail/pe_state.hpp"
#include "weft/pe_backend.hpp"

namespace weft::detail {

class engine;

/// The engine's virtual time: host costs and compute are charged to the PE's clock, and what it
/// sends waits in its outbox for the engine, which reads it between phases.
struct virtual_clock {
  vtime now(const pe_state& s) const { return s.clock; }
  /// Charges CPU overhead (o_send, o_recv, poll, a library's path); `what` names it if the
  /// clock would overflow.
  void charge_overhead(pe_state& s, vtime d, const char* what) const;
  /// Charges compute time (checked to be >= 0).
  void charge_compute(pe_state& s, vtime d) const;
  void sent(pe_state&) const {}
  /// The outbox's last message follows another of its isend_chain batch: it pays the chain α.
  void chained(pe_state& s) const { s.outbox.back()->chained = true; }
};

/// What the wall-clock runtime (actors/src/wall_runtime.cpp) does for a PE besides suspending it.
class wall_host {
 public:
  /// The time since the run started, measured.
  virtual vtime elapsed() const = 0;
  /// Sends what the PE has just put in its outbox, at once.
  virtual void post(pe_state& s) = 0;

 protected:
  ~wall_host() = default;
};

/// The host's own clock (--clock wall): nothing is charged, since the host's costs are in its
/// measured times and compute() is a no-op (docs/model.md, "Clocks"); a send is posted at once.
struct wall_clock {
  wall_host* host = nullptr;
  vtime now(const pe_state&) const { return host->elapsed(); }
  void charge_overhead(pe_state&, vtime, const char*) const {}
  void charge_compute(pe_state&, vtime) const {}
  void sent(pe_state& s) const { host->post(s); }
  void chained(pe_state&) const {}  // posted already: no α to save
};

/// One PE of the emulator. Everything here runs on the PE's own fiber, during its slice, and
/// touches only this PE's state (the runtime reads it between slices). `machine` answers what
/// PE code may know of the machine: its host costs and the network's limits.
template <class Clock>
class emulated_pe final : public pe_backend {
 public:
  emulated_pe(pe_state& state, const engine& machine, Clock clock = {})
      : s_(state), machine_(machine), clock_(clock) {}

  int rank() const override { return s_.rank; }
  int size() const override { return s_.size; }
  vtime now() const override { return clock_.now(s_); }

  void send(int dst, tag t, const payload& data) override;
  request isend(int dst, tag t, const payload& data) override;
  std::vector<request> isend_chain(std::span<const outgoing> batch) override;
  received recv(int src, tag t) override;
  receipt recv_into(std::span<std::byte> into, int src, tag t) override;
  request irecv(int src, tag t) override;
  received wait(request& r) override;
  std::vector<received> wait_all(std::span<request> rs) override;
  bool test(request& r) override;
  bool release(request& r) override;
  std::size_t catch_up() override;

  void compute(vtime duration) override;
  void compute(flops f) override;
  void compute(kernel k) override;
  const host_model& host() const override;
  void overhead(vtime duration) override;
  void note_collective(std::string_view name, std::string_view algorithm) override;
  void barrier() override;
  /// The emulator has no collective library of its own: it models weft's algorithms only.
  bool native_collective(const native_call&) override { return false; }

 private:
  pe_state& s_;
  const engine& machine_;
  [[no_unique_address]] Clock clock_;
};

extern template class emulated_pe<virtual_clock>;
extern template class emulated_pe<wall_clock>;

}  // namespace weft::detail
