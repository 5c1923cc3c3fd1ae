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

#include <array>
#include <climits>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <memory>
#include <span>
#include <string_view>
#include <stdexcept>
#include <type_traits>
#include <vector>

#include "weft/units.hpp"

namespace weft {

struct host_model;
struct native_call;
class pe_backend;

/// A message tag. User tags are >= 0; negative tags are reserved for weft's own protocols.
struct tag {
  int value = 0;
  constexpr explicit tag(int v) : value(v) {}
  constexpr bool operator==(const tag&) const = default;
};
inline constexpr tag any_tag{INT_MIN};
inline constexpr int any_source = -1;

/// Floating-point operations to charge with compute(); converted with the machine's rate.
struct flops {
  double count = 0;
};

/// One compute kernel (an SpMV, a dot product): its arithmetic and the memory traffic it
/// causes. compute(kernel) charges the machine's kernel overhead plus the larger of the two
/// times (a roofline), so memory-bound kernels cost what their bytes cost.
struct kernel {
  double flops = 0;
  std::int64_t bytes = 0;
};

namespace detail {
template <class T>
inline constexpr bool is_span_v = false;
template <class T, std::size_t Extent>
inline constexpr bool is_span_v<std::span<T, Extent>> = true;
}  // namespace detail

/// Bytes to send plus the size the network model charges for them (by default their real size).
///
/// A payload never outlives its bytes where it can own them, so a batch of `outgoing` built in
/// a loop stays correct:
///  - a single trivially copyable value (an int, a double, a small struct) is copied into the
///    payload: inline up to inline_capacity bytes (no allocation), on the heap beyond;
///  - a temporary std::vector is moved into the payload and kept alive by it;
///  - a named vector or a span is viewed, not copied (sending a big buffer costs one copy, made
///    when the send starts): it must stay alive and unchanged until the call that takes the
///    payload (send, isend, isend_chain) has returned.
class payload {
 public:
  static constexpr std::size_t inline_capacity = 32;

  payload() = default;
  template <class T, std::size_t Extent>
    requires std::is_trivially_copyable_v<T>
  payload(std::span<T, Extent> s, std::int64_t modelled = -1)
      : view_(std::as_bytes(s)), modelled_(modelled) {}
  template <class T>
    requires std::is_trivially_copyable_v<T>
  payload(const std::vector<T>& v, std::int64_t modelled = -1)
      : view_(std::as_bytes(std::span<const T>(v))), modelled_(modelled) {}
  template <class T>
    requires std::is_trivially_copyable_v<T>
  payload(std::vector<T>&& v, std::int64_t modelled = -1) : modelled_(modelled) {
    auto owned = std::make_shared<const std::vector<T>>(std::move(v));
    view_ = std::as_bytes(std::span<const T>(*owned));
    owner_ = std::move(owned);
  }
  /// A single trivially copyable value, copied.
  template <class T>
    requires(std::is_trivially_copyable_v<T> && std::is_object_v<T> && !std::is_pointer_v<T> &&
             !detail::is_span_v<T>)
  payload(const T& value, std::int64_t modelled = -1) : modelled_(modelled) {
    const auto* bytes = reinterpret_cast<const std::byte*>(&value);
    if constexpr (sizeof(T) <= inline_capacity) {
      std::memcpy(inline_.data(), bytes, sizeof(T));
      inline_size_ = sizeof(T);
    } else {
      auto owned = std::make_shared<const std::vector<std::byte>>(bytes, bytes + sizeof(T));
      view_ = *owned;
      owner_ = std::move(owned);
    }
  }

  /// The real bytes. Held inline, they are addressed afresh on every call, so copies and moves
  /// of a payload need no fix-up.
  std::span<const std::byte> bytes() const {
    return inline_size_ > 0 ? std::span<const std::byte>(inline_.data(), inline_size_) : view_;
  }
  std::int64_t modelled_bytes() const {
    return modelled_ >= 0 ? modelled_ : static_cast<std::int64_t>(bytes().size());
  }

 private:
  std::span<const std::byte> view_;      ///< the bytes when not inline
  std::shared_ptr<const void> owner_;    ///< keeps owned bytes alive (shared: copies stay cheap)
  std::int64_t modelled_ = -1;           ///< -1: the real size
  std::size_t inline_size_ = 0;          ///< > 0: the bytes are inline_[0, inline_size_)
  std::array<std::byte, inline_capacity> inline_;  ///< not zeroed: only [0, inline_size_) is read
};

/// `data` with an explicit modelled size: pe.send(1, tag{0}, weft::sized(x, 1 << 20)).
/// Takes what payload takes, and owns or views it the same way.
template <class T>
payload sized(T&& data, std::int64_t modelled_bytes) {
  return payload(std::forward<T>(data), modelled_bytes);
}

/// A received message: where it came from, its real bytes and its modelled size.
struct received {
  int source = -1;
  int tag = 0;
  std::int64_t modelled_bytes = 0;
  vtime arrival{};
  std::vector<std::byte> data;

  /// The payload as a vector of T (its byte size must be a multiple of sizeof(T)).
  template <class T>
  std::vector<T> as_vector() const {
    if (data.size() % sizeof(T) != 0)
      throw std::length_error("received payload of " + std::to_string(data.size()) +
                              " bytes is not a whole number of elements");
    std::vector<T> out(data.size() / sizeof(T));
    if (!data.empty()) std::memcpy(out.data(), data.data(), data.size());
    return out;
  }
  /// The payload as one T (its byte size must be exactly sizeof(T)).
  template <class T>
  T as() const {
    if (data.size() != sizeof(T))
      throw std::length_error("received payload of " + std::to_string(data.size()) +
                              " bytes, expected " + std::to_string(sizeof(T)));
    T out;
    std::memcpy(&out, data.data(), sizeof(T));
    return out;
  }
};

/// What a receive into the caller's buffer reports (pe::recv_into).
struct receipt {
  int source = -1;
  int tag = 0;
  std::int64_t modelled_bytes = 0;
  vtime arrival{};
  std::size_t bytes = 0;  ///< the payload's real size: copied only when it equals the buffer's
};

/// Handle of a non-blocking send or receive; valid until waited for.
struct request {
  int id = -1;
  bool valid() const { return id >= 0; }
};

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

  /// One message of a chained batch; its payload owns single values and temporary vectors, so
  /// a batch may be built from loop variables (see payload for what is viewed).
  struct outgoing {
    int dst;
    weft::tag tag;
    payload data;
  };
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

  /// Charges compute time: a duration, or flops at the machine's rate.
  void compute(vtime duration);
  void compute(flops f);
  /// Charges a kernel by the machine's kernel model: kernel overhead + max(flops / flop rate,
  /// bytes x memory time). Needs a flop rate for flops > 0 and a memory bandwidth for bytes > 0.
  void compute(kernel k);

  /// The host's costs, read-only (weft/link_model.hpp). For libraries built on this API that
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

}  // namespace weft
