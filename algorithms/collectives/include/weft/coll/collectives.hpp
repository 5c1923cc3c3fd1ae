#pragma once
// Collective operations on a group of PEs, with algorithms selectable by name (seed 003).
//
//   void program(weft::pe& pe) {
//     std::vector<double> x{double(pe.rank())};
//     weft::coll::allreduce(pe, x, std::plus<>{}, {.algorithm = "dissemination"});  // x = sum
//     auto g = weft::coll::group::world(pe);       // a group keeps a call sequence: use one
//     weft::coll::broadcast(g, x, /*root=*/3);     // object for many calls, as with MPI_Comm
//   }
//
// Elements are any trivially copyable T; reductions take any associative op functor (T, T) -> T.
// Algorithms other than reduce/gather-reduce also assume the op commutes (as MPI's built-in ops
// do): see docs/collectives.md. Every PE of the group calls the same collective with the same
// root, algorithm and sizes; a size that differs is reported by the PE that notices, naming both.
// The pe& overloads use a fresh world group per call (tag sequence restarts at 0): still correct,
// because all collective traffic is received from named sources in FIFO order.

#include <cstdint>
#include <cstring>
#include <functional>
#include <span>
#include <string_view>
#include <type_traits>
#include <vector>

#include "weft/coll/detail/call.hpp"
#include "weft/coll/group.hpp"
#include "weft/coll/registry.hpp"

namespace weft::coll {

template <class T>
concept element = std::is_trivially_copyable_v<T>;

struct options {
  std::string_view algorithm{};  ///< empty: the default for the size and group size
};

namespace detail {

template <class T, class Op>
void combine_typed(const void* op, std::byte* acc, const std::byte* in, std::size_t count, bool in_first) {
  const Op& f = *static_cast<const Op*>(op);
  for (std::size_t i = 0; i < count; ++i) {
    T a, b;
    std::memcpy(&a, acc + i * sizeof(T), sizeof(T));
    std::memcpy(&b, in + i * sizeof(T), sizeof(T));
    T r = in_first ? static_cast<T>(f(b, a)) : static_cast<T>(f(a, b));
    std::memcpy(acc + i * sizeof(T), &r, sizeof(T));
  }
}

template <class T>
constexpr native_element element_of() {
  if constexpr (std::is_same_v<T, double>) return native_element::f64;
  else if constexpr (std::is_same_v<T, float>) return native_element::f32;
  else if constexpr (std::is_same_v<T, std::int32_t>) return native_element::i32;
  else if constexpr (std::is_same_v<T, std::int64_t>) return native_element::i64;
  else return native_element::other;
}

template <class T, class Op>
reduce_fn erase(const Op& op) {
  constexpr bool sum = std::is_same_v<Op, std::plus<T>> || std::is_same_v<Op, std::plus<>>;
  return {sizeof(T), &combine_typed<T, Op>, &op, sum, element_of<T>()};
}

/// Checks the root and the sizes, picks the algorithm and runs it (run.cpp).
void run(operation op, const options& o, call& c);

template <class T>
std::span<const std::byte> bytes_of(const std::vector<T>& v) {
  return std::as_bytes(std::span<const T>(v));
}
template <class T>
std::span<std::byte> bytes_of(std::vector<T>& v) {
  return std::as_writable_bytes(std::span<T>(v));
}

/// Allreduce over `x` in place: the algorithms read their input before they overwrite it.
template <class T, class Op>
void allreduce_in_place(group& g, std::span<T> x, Op op, const options& o) {
  auto f = erase<T>(op);
  call c{&g, g.next_tag(), 0, sizeof(T), &f, std::as_bytes(x), std::as_writable_bytes(x), "allreduce", {}};
  run(operation::allreduce, o, c);
}

}  // namespace detail

/// Copies the root's `data` to every member; every member passes a vector of the same size.
template <element T>
void broadcast(group& g, std::vector<T>& data, int root = 0, const options& o = {}) {
  detail::call c{&g, g.next_tag(), root, sizeof(T), nullptr, {}, detail::bytes_of(data), "broadcast", {}};
  detail::run(operation::broadcast, o, c);
}

/// The root's `send` (size P·n) is cut into P blocks of n; member i receives block i in `recv`
/// (size n). Non-roots may pass an empty `send`.
template <element T>
void scatter(group& g, const std::vector<T>& send, std::vector<T>& recv, int root = 0, const options& o = {}) {
  detail::call c{&g, g.next_tag(), root, sizeof(T), nullptr, detail::bytes_of(send), detail::bytes_of(recv), "scatter", {}};
  detail::run(operation::scatter, o, c);
}

/// Every member's `send` (size n) lands at the root's `recv` (size P·n) in group-rank order.
template <element T>
void gather(group& g, const std::vector<T>& send, std::vector<T>& recv, int root = 0, const options& o = {}) {
  detail::call c{&g, g.next_tag(), root, sizeof(T), nullptr, detail::bytes_of(send), detail::bytes_of(recv), "gather", {}};
  detail::run(operation::gather, o, c);
}

/// recv[i] at the root = op over all members' send[i]; `recv` is used at the root only.
template <element T, class Op>
void reduce(group& g, const std::vector<T>& send, std::vector<T>& recv, Op op, int root = 0, const options& o = {}) {
  auto f = detail::erase<T>(op);
  detail::call c{&g, g.next_tag(), root, sizeof(T), &f, detail::bytes_of(send), detail::bytes_of(recv), "reduce", {}};
  detail::run(operation::reduce, o, c);
}

/// Every member's `send` (size n) lands in every member's `recv` (size P·n) in group-rank order.
template <element T>
void allgather(group& g, const std::vector<T>& send, std::vector<T>& recv, const options& o = {}) {
  detail::call c{&g, g.next_tag(), 0, sizeof(T), nullptr, detail::bytes_of(send), detail::bytes_of(recv), "allgather", {}};
  detail::run(operation::allgather, o, c);
}

/// x[i] = op over all members' x[i], on every member (in place).
template <element T, class Op>
void allreduce(group& g, std::vector<T>& x, Op op, const options& o = {}) {
  detail::allreduce_in_place(g, std::span<T>(x), op, o);
}

/// One value: returns op over all members' x.
template <element T, class Op>
T allreduce(group& g, const T& x, Op op, const options& o = {}) {
  T v = x;
  detail::allreduce_in_place(g, std::span<T>(&v, 1), op, o);
  return v;
}

/// Returns when every member has entered.
inline void barrier(group& g, const options& o = {}) {
  detail::call c{&g, g.next_tag(), 0, 1, nullptr, {}, {}, "barrier", {}};
  detail::run(operation::barrier, o, c);
}

// The same over all PEs of the run.
template <element T>
void broadcast(pe& p, std::vector<T>& data, int root = 0, const options& o = {}) {
  auto g = group::world(p);
  broadcast(g, data, root, o);
}
template <element T>
void scatter(pe& p, const std::vector<T>& send, std::vector<T>& recv, int root = 0, const options& o = {}) {
  auto g = group::world(p);
  scatter(g, send, recv, root, o);
}
template <element T>
void gather(pe& p, const std::vector<T>& send, std::vector<T>& recv, int root = 0, const options& o = {}) {
  auto g = group::world(p);
  gather(g, send, recv, root, o);
}
template <element T, class Op>
void reduce(pe& p, const std::vector<T>& send, std::vector<T>& recv, Op op, int root = 0, const options& o = {}) {
  auto g = group::world(p);
  reduce(g, send, recv, op, root, o);
}
template <element T>
void allgather(pe& p, const std::vector<T>& send, std::vector<T>& recv, const options& o = {}) {
  auto g = group::world(p);
  allgather(g, send, recv, o);
}
template <element T, class Op>
void allreduce(pe& p, std::vector<T>& x, Op op, const options& o = {}) {
  auto g = group::world(p);
  allreduce(g, x, op, o);
}
template <element T, class Op>
T allreduce(pe& p, const T& x, Op op, const options& o = {}) {
  auto g = group::world(p);
  return allreduce(g, x, op, o);
}
inline void barrier(pe& p, const options& o = {}) {
  auto g = group::world(p);
  barrier(g, o);
}

}  // namespace weft::coll
