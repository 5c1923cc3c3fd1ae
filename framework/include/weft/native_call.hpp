#pragma once
// A collective handed whole to the backend's own library (MPI_Allreduce, MPI_Bcast, ...) instead
// of being run by weft's algorithms over point-to-point calls: what weft::coll's `native`
// algorithm passes to pe::native_collective. Plain data, no MPI types: algorithms and programs
// never see an MPI header.

#include <cstddef>
#include <cstdint>
#include <span>

namespace weft {

/// The operations weft::coll has, in its order.
enum class native_op : std::uint8_t { broadcast, scatter, gather, reduce, allgather, allreduce, barrier };

/// Element type of a reduction the backend may map onto a built-in one (MPI_DOUBLE, ...).
/// No 8- or 16-bit integers: Open MPI 4.1's AVX reductions saturate their sums instead of
/// wrapping (open-mpi/ompi#8045, "wontfix"); weft runs those as its own operation instead.
enum class native_element : std::uint8_t { other, f64, f32, i32, i64 };

struct native_call {
  native_op op = native_op::barrier;
  int root = 0;
  std::size_t elem = 1;  ///< element size in bytes
  /// Buffers as weft::coll's calls use them (weft/coll/detail/call.hpp; broadcast: `out` only).
  std::span<const std::byte> in;
  std::span<std::byte> out;
  /// The reduction, erased: acc[i] = op(acc[i], in[i]), or op(in[i], acc[i]) when in_first.
  void (*combine)(const void* state, std::byte* acc, const std::byte* in, std::size_t count, bool in_first) = nullptr;
  const void* state = nullptr;
  /// True when the reduction is a sum the backend may run as its built-in one (MPI_SUM) on
  /// `element`; otherwise the backend runs `combine` as a user-defined operation (commutative
  /// for allreduce, as weft's algorithms assume; rank-ordered for reduce).
  bool is_sum = false;
  native_element element = native_element::other;
};

}  // namespace weft
