#include "weft/coll/benchmark.hpp"

#include <algorithm>
#include <cstdint>
#include <functional>
#include <stdexcept>

#include "weft/coll/collectives.hpp"

namespace weft::coll {

namespace {

template <class T>
void run_once(group& g, const benchmark_case& c, std::vector<T>& a, std::vector<T>& b, const options& o) {
  switch (c.op) {
    case operation::broadcast: broadcast(g, a, c.root, o); break;
    case operation::scatter: scatter(g, b, a, c.root, o); break;
    case operation::gather: gather(g, a, b, c.root, o); break;
    case operation::reduce: reduce(g, a, b, std::plus<T>{}, c.root, o); break;
    case operation::allgather: allgather(g, a, b, o); break;
    case operation::allreduce: allreduce(g, a, std::plus<T>{}, o); break;
    case operation::barrier: barrier(g, o); break;
  }
}

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
void verify(const pe& p, const benchmark_case& c, int root, const buffers<T>& x, std::size_t n) {
  const int rank = p.rank(), size = p.size();
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

template <class T>
void measure(pe& p, const benchmark_case& c, std::vector<vtime>& per_pe) {
  auto g = group::world(p);
  const auto n = static_cast<std::size_t>(c.bytes) / sizeof(T), size = static_cast<std::size_t>(p.size());
  auto x = allocate<T>(c, p.rank(), c.root, n, size, T(1));
  const options o{.algorithm = c.algorithm};
  p.barrier();
  const vtime start = p.now();
  for (int i = 0; i < c.iterations; ++i) {
    if (c.check) prepare(x, c, p.rank(), n);  // real work only: no virtual time passes
    run_once(g, c, x.a, x.b, o);
    if (c.check) verify(p, c, c.root, x, n);
  }
  per_pe[static_cast<std::size_t>(p.rank())] = vtime{(p.now() - start).ps / c.iterations};
  // A root other than 0 catches algorithms that only work from rank 0; untimed.
  if (!c.check || !has_root(c.op) || p.size() < 2) return;
  auto other = c;
  other.root = c.root != 0 ? c.root : p.size() - 1;
  auto y = allocate<T>(other, p.rank(), other.root, n, size, T(0));
  prepare(y, other, p.rank(), n);
  run_once(g, other, y.a, y.b, o);
  verify(p, other, other.root, y, n);
}

}  // namespace

program benchmark_program(const benchmark_case& c, std::vector<vtime>& per_pe) {
  if (c.bytes < 0) throw std::invalid_argument("message size " + std::to_string(c.bytes) + " is negative");
  if (c.iterations < 1) throw std::invalid_argument("iterations " + std::to_string(c.iterations) + " must be at least 1");
  if (!c.algorithm.empty()) find_algorithm(c.op, c.algorithm);  // unknown names fail here, listing the known ones
  return [c, &per_pe](pe& p) {
    if (c.bytes % 8 == 0) measure<double>(p, c, per_pe);
    else measure<std::uint8_t>(p, c, per_pe);
  };
}

traffic_hint traffic(const benchmark_case& c, int procs) {
  // In doubles: a size near the int64 limit times the PE count must not wrap around.
  const double bytes = static_cast<double>(c.bytes), p = procs;
  double per_pe = 2 * bytes;  // the buffer and a receive buffer of the same size
  if (c.op == operation::allgather) per_pe += bytes * p;
  if (c.op == operation::scatter || c.op == operation::gather) per_pe += bytes;  // the root's P blocks, spread
  auto clamp = [](double b) { return b < 9e18 ? static_cast<std::int64_t>(b) : INT64_MAX; };
  return {.messages_in_flight = procs, .real_bytes_per_message = c.bytes, .modelled_bytes_per_message = c.bytes,
          .messages_total = clamp(p * p * c.iterations), .real_bytes_per_pe = clamp(per_pe)};
}

latency summarize(const std::vector<vtime>& per_pe) {
  latency l;
  if (per_pe.empty()) return l;
  l.min = l.max = per_pe.front();
  __int128 sum = 0;
  for (auto t : per_pe) {
    l.min = min(l.min, t);
    l.max = max(l.max, t);
    sum += t.ps;
  }
  l.avg = vtime{static_cast<std::int64_t>(sum / static_cast<__int128>(per_pe.size()))};
  return l;
}

std::string algorithm_for(const benchmark_case& c, int procs) {
  return std::string(select_algorithm(c.op, c.algorithm, c.bytes, procs).name);
}

}  // namespace weft::coll
