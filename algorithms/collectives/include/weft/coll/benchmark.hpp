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
  /// r·n + i + 1), and, for an operation with a root of 0, one more call at root P − 1 (a
  /// non-zero root is checked by the timed calls). The data costs no virtual time; a wrong result
  /// throws from the PE ("check failed: ..."), which fails the run. Off: every buffer is ones.
  bool check = true;
  /// With `check` and root 0: the call at root P − 1 in this run, after the timed ones. Its
  /// traffic may overlap slower PEs' last timed call and change their times; false leaves it
  /// to a run of its own (root_check_program), as weft coll does, so --no-check changes no time.
  bool check_other_root = true;
};

struct latency {
  vtime min{}, avg{}, max{};  ///< over PEs, of each PE's time per call
};

/// The PE program; PE r writes its time per call to per_pe[r] (sized to the run's PE count).
/// Doubles (sum) when `bytes` is a multiple of 8, else bytes (sum mod 256). With `check`, the
/// timed calls carry distinct data and every result is verified (see benchmark_case::check).
program benchmark_program(const benchmark_case& c, std::vector<vtime>& per_pe);
/// Whether `c` on `procs` PEs has a root to check apart from its timed calls (check on, an
/// operation with a root, root 0, two PEs or more).
bool needs_root_check(const benchmark_case& c, int procs);
/// One verified call of `c` at root P − 1 (see benchmark_case::check_other_root); a wrong
/// result fails the run.
program root_check_program(const benchmark_case& c);
/// What the benchmark keeps in memory and in flight on `procs` PEs (its buffers are real: the
/// collectives compute on them), for the run's memory estimate.
traffic_hint traffic(const benchmark_case& c, int procs);
latency summarize(const std::vector<vtime>& per_pe);
/// The algorithm that runs for `c` on `procs` PEs (the named one, or the default).
std::string algorithm_for(const benchmark_case& c, int procs);

}  // namespace weft::coll
