#pragma once
// The values the PE API's calls take and return (weft/pe.hpp): tags, payloads, what a receive
// returns, request handles and amounts of compute. Apart from the pe class so that the backend
// interface (weft/pe_backend.hpp) can be declared before it.

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
  /// Only [0, inline_size_) is read; zeroed all the same (two stores), so that copying a payload
  /// that holds none copies defined bytes (GCC warned of the copy).
  std::array<std::byte, inline_capacity> inline_{};
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

/// One message of a chained batch (pe::isend_chain); its payload owns single values and
/// temporary vectors, so a batch may be built from loop variables (see payload for what is viewed).
struct outgoing {
  int dst;
  weft::tag tag;
  payload data;
};

}  // namespace weft
