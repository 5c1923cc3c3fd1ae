#pragma once
// Measuring an algorithm the way the paper counts: the transfer time (the τ part) is the
// makespan when path set-up is free (α = 0), the switching time (the α part) the makespan when
// data is free (τ = 0); the makespan under the user's α and τ comes from a third run, whose
// report also carries the per-link contention figures.

#include <cstdint>
#include <functional>
#include <string>

#include "weft/link_model.hpp"
#include "weft/program.hpp"
#include "weft/report.hpp"
#include "weft/transpose/layout.hpp"

namespace weft::transpose {

/// The paper's link model in weft's parameters (docs/transpose.md): α once per message on its
/// first link, τ per modelled byte = per element, no hop latency or CPU overheads,
/// store-and-forward, single-port (one injection and one ejection at a time per PE).
link_model paper_model(vtime alpha, byte_time tau);

/// Runs `prog` on `procs` PEs of the machine `topology_spec` under `model`. The library sees the
/// PE API only, so whoever links the runtime supplies this (a machine plus routing choice).
using run_fn = std::function<report(const std::string& topology_spec, const link_model& model, const program& prog,
                                    int procs)>;

/// Runs once; throws std::runtime_error with the report's first problem unless it finished ok
/// (a PE that finds a wrong element of Aᵀ fails the run).
report run_checked(const run_fn& run, machine_kind k, const layout& l, const program& prog, const link_model& model);

struct measurement {
  vtime transfer{};   ///< makespan with α = 0
  vtime switching{};  ///< makespan with τ = 0
  vtime makespan{};   ///< makespan with the given α and τ
  report full;        ///< the report of the run with the given α and τ
  std::int64_t max_link_elements = 0;    ///< elements that crossed the busiest link
  std::int64_t total_link_elements = 0;  ///< Σ over links: the unit transfers really made
};

measurement measure(const run_fn& run, machine_kind k, const layout& l, const program& prog, vtime alpha,
                    byte_time tau);

}  // namespace weft::transpose
