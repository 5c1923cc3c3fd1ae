#pragma once
// The placement objectives of seed 004 (docs/mapping.md has every formula with a worked
// example). A placement π maps task i to compute node placement[i], one task per node.
//
//   hop-bytes  Σ over messages m      hops(π(src), π(dst)) · bytes(m)         (Scotch's measure)
//   TAHB       Σ_i Σ_j hop(π(i), π(j)) · size(i, j)     eq. (2), size = bytes i -> j over the log
//              (the same number as hop-bytes: the sum is linear in the bytes)
//   max_link   max over directed links of the bytes all messages put on it
//   RMATT-O2F  TAHB × max_link                                              eq. (3)
//              (RMATT, the FX10 tool, uses the same objective on the logical 3D torus it assumes:
//              evaluate it with a machine_routes of that torus)
//   TAC3       Σ over CCS t of max over m in t of bytes(m) · coll(t, π(src), π(dst)) / B   eq. (1)
//              coll(t, p, q) = max over the links of route p -> q of the number of t's messages
//              routed over that link
//
// objective_evaluator keeps the per-link counters it needs between calls, so simulated annealing
// can later update them per swap instead of recounting (issue 14 §4).

#include <algorithm>
#include <cstdint>
#include <vector>

#include "weft/mapping/ccs.hpp"
#include "weft/mapping/routes.hpp"
#include "weft/units.hpp"

namespace weft::mapping {

using placement = std::vector<node_id>;

/// The identity placement: task i on node i.
placement identity_placement(int tasks);
/// Throws std::invalid_argument unless `p` places each of `tasks` tasks on its own compute node.
void check_placement(const placement& p, int tasks, const machine_routes& machine);

/// size(i, j): the bytes from task i to task j over all sets, one entry per ordered pair with
/// traffic, sorted by (src, dst).
std::vector<message> communication_graph(const ccs_result& sets);

/// Refuses (std::invalid_argument) sets whose objectives could pass 2^63 − 1 on `machine`, for
/// any placement: hop-bytes and TAHB ≤ Σ bytes × the longest route, max_link ≤ Σ bytes, TAC3 ≤
/// Σ over sets of the largest message × the set's messages. The message names the log and the
/// line of its largest message, so a log of 2^62-byte messages is refused, never summed into a
/// negative figure.
void check_objective_range(const ccs_result& sets, const machine_routes& machine);

struct objective_values {
  std::int64_t hop_bytes = 0;
  std::int64_t tahb = 0;
  std::int64_t max_link_bytes = 0;
  double rmatt_o2f = 0;                 ///< tahb × max_link_bytes (bytes² · hops)
  std::int64_t tac3_bytes = 0;          ///< Σ_t max_m bytes · coll: TAC3 × B
  std::vector<std::int64_t> tac3_per_ccs;  ///< the terms of that sum
  std::vector<int> coll_per_ccs;        ///< the largest coll of each set (1: no two messages share a link)
  /// No two messages of one set share a link: every set's largest coll is at most 1 (a set whose
  /// messages all stay on their task's node has coll 0).
  bool collision_free() const {
    return std::all_of(coll_per_ccs.begin(), coll_per_ccs.end(), [](int c) { return c <= 1; });
  }
  /// TAC3 as a time: Σ_t of each term at `per_byte` (the link's time per byte, 1/B). Throws
  /// std::invalid_argument when it passes the virtual clock (latest_time), never wrapping.
  vtime tac3(byte_time per_byte) const;
};

class objective_evaluator {
 public:
  /// Keeps references: `sets` and `machine` must outlive the evaluator.
  objective_evaluator(const ccs_result& sets, const machine_routes& machine);
  /// Every objective for placement `p` (checked with check_placement).
  objective_values evaluate(const placement& p);
  std::int64_t hop_bytes(const placement& p) const;
  std::int64_t tahb(const placement& p) const;
  std::int64_t max_link_bytes(const placement& p);
  /// TAC3 × B and its per-set terms.
  std::int64_t tac3_bytes(const placement& p, std::vector<std::int64_t>* per_ccs = nullptr, std::vector<int>* coll = nullptr);
  const ccs_result& sets() const { return sets_; }
  const machine_routes& machine() const { return machine_; }

 private:
  const ccs_result& sets_;
  const machine_routes& machine_;
  std::vector<message> graph_;
  std::vector<std::int64_t> link_bytes_;  // scratch: bytes per directed link
  std::vector<int> link_count_;           // scratch: messages of one CCS per directed link
};

}  // namespace weft::mapping
