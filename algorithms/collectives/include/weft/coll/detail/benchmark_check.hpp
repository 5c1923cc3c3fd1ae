#pragma once
// The check of `weft coll` (benchmark_case::check): distinct data per rank, the result every
// operation must leave, and the message when it does not. Templates, so the tests can feed
// them wrong buffers.

#include <algorithm>
#include <cstdint>
#include <stdexcept>
#include <string>
#include <vector>

#include "weft/coll/benchmark.hpp"

namespace weft::coll::detail {

/// Element i of rank r's data: distinct across ranks and elements (bytes wrap mod 256, as the
/// byte sums do).
template <class T>
T value(int r, std::size_t n, std::size_t i) {
  return static_cast<T>(static_cast<std::uint64_t>(r) * n + i + 1);
}

/// The buffers of one call: `a` and `b` as run_once passes them.
template <class T>
struct buffers {
  std::vector<T> a, b;
};

template <class T>
buffers<T> allocate(const benchmark_case& c, int rank, int root, std::size_t n, std::size_t size, T fill) {
  buffers<T> x;
  const bool is_root = rank == root;
  x.a.assign(n, fill);
  if (c.op == operation::allgather || ((c.op == operation::scatter || c.op == operation::gather) && is_root))
    x.b.assign(n * size, fill);
  if (c.op == operation::reduce && is_root) x.b.assign(n, fill);
  return x;
}

/// Fills the inputs with this rank's distinct data, the outputs with a value no result has (0).
template <class T>
void prepare(buffers<T>& x, const benchmark_case& c, int rank, std::size_t n) {
  for (std::size_t i = 0; i < n; ++i) x.a[i] = c.op == operation::scatter ? T(0) : value<T>(rank, n, i);
  std::fill(x.b.begin(), x.b.end(), T(0));
  if (c.op == operation::scatter)
    for (std::size_t j = 0; j < x.b.size(); ++j) x.b[j] = value<T>(static_cast<int>(j / n), n, j % n);
}

/// Throws "check failed: ..." naming the PE, the call and the first wrong element.
template <class T>
void verify(int rank, int size, const benchmark_case& c, int root, const buffers<T>& x, std::size_t n) {
  // Σ_r (r·n + i + 1) in closed form (O(1), also at 10^5 PEs); exact in doubles below 2^53, and
  // the same mod 256 as the byte sums (2^64 is a multiple of 256).
  const auto pp = static_cast<std::uint64_t>(size);
  auto sum = [&](std::size_t i) { return static_cast<T>(n * (pp * (pp - 1) / 2) + pp * (i + 1)); };
  auto fail = [&](const char* buffer, std::size_t i, T got, T want) {
    throw std::runtime_error("check failed: PE " + std::to_string(rank) + " in " + std::string(to_string(c.op)) + "/" +
                             algorithm_for(c, size) + " (" + std::to_string(size) + " PEs, " + std::to_string(c.bytes) +
                             " B, root " + std::to_string(root) + "): " + buffer + "[" + std::to_string(i) + "] is " +
                             std::to_string(+got) + ", expected " + std::to_string(+want));
  };
  auto expect = [&](const char* buffer, const std::vector<T>& v, auto want) {
    for (std::size_t i = 0; i < v.size(); ++i)
      if (v[i] != want(i)) fail(buffer, i, v[i], want(i));
  };
  auto block_of_rank = [&](std::size_t j) { return value<T>(static_cast<int>(j / n), n, j % n); };
  switch (c.op) {
    case operation::broadcast: expect("buffer", x.a, [&](std::size_t i) { return value<T>(root, n, i); }); break;
    case operation::scatter: expect("receive buffer", x.a, [&](std::size_t i) { return value<T>(rank, n, i); }); break;
    case operation::gather:
      if (rank == root) expect("root's buffer", x.b, block_of_rank);
      break;
    case operation::reduce:
      if (rank == root) expect("root's result", x.b, sum);
      break;
    case operation::allgather: expect("receive buffer", x.b, block_of_rank); break;
    case operation::allreduce: expect("result", x.a, sum); break;
    case operation::barrier: break;
  }
}

}  // namespace weft::coll::detail
