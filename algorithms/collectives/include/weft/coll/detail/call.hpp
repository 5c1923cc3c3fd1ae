#pragma once
// The type-erased form every algorithm implements: bytes in, bytes out, an erased reduction.
// The typed templates of collectives.hpp reduce to this, so algorithms compile once, in .cpp files.

#include <cstddef>
#include <span>
#include <string_view>

#include "weft/native_call.hpp"
#include "weft/pe.hpp"

namespace weft::coll {
class group;
}

namespace weft::coll::detail {

/// An associative operation on elements of `elem` bytes: acc[i] = op(acc[i], in[i]), or
/// op(in[i], acc[i]) when `in_first` (the received operand holds the lower ranks).
struct reduce_fn {
  std::size_t elem = 1;
  void (*combine)(const void* op, std::byte* acc, const std::byte* in, std::size_t count, bool in_first) = nullptr;
  const void* op = nullptr;
  /// A sum of a built-in element type: the `native` algorithm may run the library's own
  /// (MPI_SUM on MPI_DOUBLE) instead of calling `combine` element by element.
  bool is_sum = false;
  native_element element = native_element::other;

  void apply(std::span<std::byte> acc, std::span<const std::byte> in, bool in_first) const {
    combine(op, acc.data(), in.data(), acc.size() / elem, in_first);
  }
};

/// One collective call as the algorithms see it. Which fields mean what depends on the operation:
///   broadcast  out = the data (input at the root, output elsewhere)
///   scatter    in = the root's P blocks, out = this PE's block
///   gather     in = this PE's block, out = the root's P blocks
///   reduce     in = this PE's data, out = the result (root only)
///   allgather  in = this PE's block, out = P blocks
///   allreduce  in = this PE's data, out = the result (same size)
///   barrier    nothing
struct call {
  group* g;
  weft::tag tag;
  int root = 0;
  std::size_t elem = 1;  ///< element size: algorithms split data only at element boundaries
  const reduce_fn* op = nullptr;
  std::span<const std::byte> in;
  std::span<std::byte> out;
  const char* what = "";          ///< the operation ("allreduce"), for error messages
  std::string_view algorithm;     ///< the algorithm once chosen ("ring"), for error messages
};

using algorithm_fn = void (*)(const call&);

}  // namespace weft::coll::detail
