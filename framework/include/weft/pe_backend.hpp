#pragma once
// The seam under the PE API: a `pe` (weft/pe.hpp) forwards every call to the one pe_backend its
// run chose when it started. Three backends implement it, each in its own place:
//
//   emulated_pe<virtual_clock>  the engine's virtual time   weft/detail/emulated_pe.hpp (framework)
//   emulated_pe<wall_clock>     --clock wall, measured      the same file; its runtime is actors/src/wall_runtime.cpp
//   mpi::detail::rank_pe        --backend mpi, real ranks   backends/mpi/src/rank_pe.hpp (weft_mpi)
//
// The interface is at the level of whole PE calls (a send, a wait), never per byte or per
// message in flight, and pe's calls are inline, so its price is one indirect call per PE call;
// the emulator's backends are final classes whose inner calls are direct (docs/mpi.md,
// docs/PERFORMANCE.md). No header here includes a backend's: MPI's headers stay inside
// backends/mpi/src.

#include <cstddef>
#include <span>
#include <string_view>
#include <vector>

#include "weft/cost_model.hpp"
#include "weft/native_call.hpp"
#include "weft/pe_types.hpp"

namespace weft {

/// The time compute(flops) charges on `host` (throws std::invalid_argument without a flop rate);
/// shared by the emulator and backends that spin for it.
vtime compute_time(const host_model& host, flops f);
/// The time compute(kernel) charges on `host`: kernel overhead + max(arithmetic, memory).
vtime compute_time(const host_model& host, kernel k);

/// What serves one PE's calls: each method is the pe call of the same name (weft/pe.hpp).
class pe_backend {
 public:
  virtual ~pe_backend() = default;

  virtual int rank() const = 0;
  virtual int size() const = 0;
  virtual vtime now() const = 0;

  virtual void send(int dst, tag t, const payload& data) = 0;
  virtual request isend(int dst, tag t, const payload& data) = 0;
  virtual std::vector<request> isend_chain(std::span<const outgoing> batch) = 0;
  virtual received recv(int src, tag t) = 0;
  virtual receipt recv_into(std::span<std::byte> into, int src, tag t) = 0;
  virtual request irecv(int src, tag t) = 0;
  virtual received wait(request& r) = 0;
  virtual std::vector<received> wait_all(std::span<request> rs) = 0;
  virtual bool test(request& r) = 0;
  virtual bool release(request& r) = 0;
  virtual std::size_t catch_up() = 0;

  virtual void compute(vtime duration) = 0;
  virtual void compute(flops f) = 0;
  virtual void compute(kernel k) = 0;
  virtual const host_model& host() const = 0;
  virtual void overhead(vtime duration) = 0;
  virtual void note_collective(std::string_view name, std::string_view algorithm) = 0;
  virtual void barrier() = 0;
  /// Runs `c` with the backend's own collective; false if it has none for `c`.
  virtual bool native_collective(const native_call& c) = 0;
};

}  // namespace weft
