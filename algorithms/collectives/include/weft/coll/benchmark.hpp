#pragma once
// OSU-style measurement of one collective: every PE enters together (a barrier), runs the call
// `iterations` times, and records its own virtual time per call. Used by `weft coll` and the
// drivers in bench/collectives.

#include <cstdint>
#include <string>
#include <vector>

#include "weft/coll/registry.hpp"
#include "weft/program.hpp"
#include "weft/run_budget.hpp"

namespace weft::coll {

struct benchmark_case {
  operation op = operation::allreduce;
  std::string algorithm;    ///< empty: the default for the size
  std::int64_t bytes = 8;   ///< per PE (broadcast: the whole buffer; scatter/gather/allgather: one block)
  int iterations = 1;
  /// Untimed calls before the timed ones (OSU's warm-up: caches, connections, page faults on a
  /// real machine; virtual time needs none).
  int warmup = 0;
  int root = 0;
  /// Verify every call's result with distinct data per rank (value of element i at rank r:
  /// r·n + i + 1), and, for an operation with a root, one more call at a non-zero root
  /// (P − 1 when `root` is 0) after the timed ones. Costs no virtual time; a wrong result
  /// throws from the PE ("check failed: ..."), which fails the run. Off: every buffer is ones.
  bool check = true;
};

struct latency {
  vtime min{}, avg{}, max{};  ///< over PEs, of each PE's time per call
};

/// The PE program; PE r writes its time per call to per_pe[r] (sized to the run's PE count).
/// Doubles (sum) when `bytes` is a multiple of 8, else bytes (sum mod 256). With `check`, the
/// timed calls carry distinct data and every result is verified (see benchmark_case::check).
program benchmark_program(const benchmark_case& c, std::vector<vtime>& per_pe);
/// What the benchmark keeps in memory and in flight on `procs` PEs (its buffers are real: the
/// collectives compute on them), for the run's memory estimate.
traffic_hint traffic(const benchmark_case& c, int procs);
latency summarize(const std::vector<vtime>& per_pe);
/// The algorithm that runs for `c` on `procs` PEs (the named one, or the default).
std::string algorithm_for(const benchmark_case& c, int procs);

}  // namespace weft::coll
