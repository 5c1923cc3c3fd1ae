#include "weft/coll/benchmark.hpp"

#include <algorithm>
#include <cstdint>
#include <functional>
#include <stdexcept>

#include "weft/coll/collectives.hpp"
#include "weft/coll/detail/benchmark_check.hpp"

namespace weft::coll {

namespace {

using detail::allocate;
using detail::prepare;
using detail::verify;

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

// A root other than 0 catches algorithms that only work from rank 0: with root 0, one call at
// root P - 1, untimed (a root of its own is checked by the timed calls).
template <class T>
void check_other_root(pe& p, const benchmark_case& c, group& g, const options& o) {
  const auto n = static_cast<std::size_t>(c.bytes) / sizeof(T), size = static_cast<std::size_t>(p.size());
  auto other = c;
  other.root = p.size() - 1;
  auto y = allocate<T>(other, p.rank(), other.root, n, size, T(0));
  prepare(y, other, p.rank(), n);
  run_once(g, other, y.a, y.b, o);
  verify(p.rank(), p.size(), other, other.root, y, n);
}

template <class T>
void measure(pe& p, const benchmark_case& c, std::vector<vtime>& per_pe) {
  auto g = group::world(p);
  const auto n = static_cast<std::size_t>(c.bytes) / sizeof(T), size = static_cast<std::size_t>(p.size());
  auto x = allocate<T>(c, p.rank(), c.root, n, size, T(1));
  const options o{.algorithm = c.algorithm};
  for (int i = 0; i < c.warmup; ++i) run_once(g, c, x.a, x.b, o);
  p.barrier();
  // Only the calls are timed: preparing and checking the data costs no virtual time, but on a
  // real machine (--backend mpi) it costs wall time the collective did not take.
  vtime spent{};
  for (int i = 0; i < c.iterations; ++i) {
    if (c.check) prepare(x, c, p.rank(), n);
    const vtime start = p.now();
    run_once(g, c, x.a, x.b, o);
    spent += p.now() - start;
    if (c.check) verify(p.rank(), p.size(), c, c.root, x, n);
  }
  per_pe[static_cast<std::size_t>(p.rank())] = vtime{spent.ps / c.iterations};
  // After the timed calls, PEs done early send this call's traffic while others still run their
  // last timed call: it may change their times. weft coll checks it in a run of its own.
  if (c.check_other_root && needs_root_check(c, p.size())) check_other_root<T>(p, c, g, o);
}

}  // namespace

bool needs_root_check(const benchmark_case& c, int procs) { return c.check && has_root(c.op) && procs >= 2 && c.root == 0; }

program root_check_program(const benchmark_case& c) {
  return [c](pe& p) {
    auto g = group::world(p);
    const options o{.algorithm = c.algorithm};
    if (c.bytes % 8 == 0) check_other_root<double>(p, c, g, o);
    else check_other_root<std::uint8_t>(p, c, g, o);
  };
}

program benchmark_program(const benchmark_case& c, std::vector<vtime>& per_pe) {
  if (c.bytes < 0) throw std::invalid_argument("message size " + std::to_string(c.bytes) + " is negative");
  if (c.iterations < 1) throw std::invalid_argument("iterations " + std::to_string(c.iterations) + " must be at least 1");
  if (c.warmup < 0) throw std::invalid_argument("warm-up " + std::to_string(c.warmup) + " must be at least 0");
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
