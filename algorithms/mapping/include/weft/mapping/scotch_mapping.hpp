#pragma once
// Scotch as the outside mapping baseline (issue 14 point 8): the log's communication graph mapped
// onto the machine by SCOTCH_graphMap, so `weft map` can answer "why not just Scotch?".
//
//   sets ──Σ bytes per unordered pair──> task graph ─┐
//                                                    ├─ SCOTCH_graphMap ──> placement (task → node)
//   topology ──its node graph, hop distances──> deco target ─┘
//
// Scotch minimises its communication cost Σ over task-graph edges of weight · distance, i.e.
// hop-bytes on a minimal routing (docs/mapping.md, "Scotch baseline"). scotch.h stays in the .cpp:
// it needs <stdio.h> and <stdint.h> first and declares C names no caller needs.

#include <cstdint>
#include <string_view>

#include "weft/mapping/ccs.hpp"
#include "weft/mapping/objectives.hpp"
#include "weft/topology.hpp"

namespace weft::mapping {

struct scotch_mapping {
  placement where;          ///< task i on compute node where[i], one task per node
  int repaired = 0;         ///< tasks Scotch put on an occupied node, moved to the nearest free one
  std::int64_t weight_unit = 1;  ///< bytes per unit of Scotch edge weight (exact when no rounding)
  bool weights_rounded = false;  ///< true when the weights had to be scaled down to fit Scotch's int
};

/// Maps the tasks of `sets` (sets.tasks of them) onto the compute nodes of `topo` with Scotch's
/// quality strategy and strict balance; Scotch's random generator is seeded with `seed`, so the
/// same inputs and seed give the same placement. Throws std::invalid_argument when the machine
/// has fewer compute nodes than tasks, std::runtime_error when Scotch reports an error.
scotch_mapping scotch_placement(const ccs_result& sets, const topology& topo, std::uint64_t seed = 1);
/// The same on a machine built from its spec ("tofu:1x2x4@4x2x8", "ring:8").
scotch_mapping scotch_placement(const ccs_result& sets, std::string_view machine_spec, std::uint64_t seed = 1);

}  // namespace weft::mapping
