#pragma once
// Measuring an algorithm the way the paper counts: the transfer time (the τ part) is the
// makespan when path set-up is free (α = 0), the switching time (the α part) the makespan when
// data is free (τ = 0); the makespan under the user's α and τ comes from a third run, whose
// report also carries the per-link contention figures.

#include <cstdint>
#include <string_view>

#include "weft/machine.hpp"
#include "weft/transpose/layout.hpp"

namespace weft::transpose {

/// The paper's link model in weft's parameters (docs/transpose.md): α once per message on its
/// first link, τ per modelled byte = per element, no hop latency or CPU overheads,
/// store-and-forward, single-port (one injection and one ejection at a time per PE).
cost_model paper_model(vtime alpha, byte_time tau);

/// Runs `prog` once with machine::run on l.pes() PEs of the machine `k` (topology_spec(k,
/// l.pes())) under `model`, with `routing` (empty: the topology's) and the caller's `options`
/// (workers, stop flag, progress, program name). Throws std::runtime_error with the report's
/// first problem unless it finished ok (a PE that finds a wrong element of Aᵀ fails the run).
report run_checked(machine_kind k, const layout& l, const program& prog, const cost_model& model,
                   const run_options& options = {}, std::string_view routing = {});

struct measurement {
  vtime transfer{};   ///< makespan with α = 0
  vtime switching{};  ///< makespan with τ = 0
  vtime makespan{};   ///< makespan with the given α and τ
  report full;        ///< the report of the run with the given α and τ
  std::int64_t max_link_elements = 0;    ///< elements that crossed the busiest link
  std::int64_t total_link_elements = 0;  ///< Σ over links: the unit transfers really made
};

/// Three runs of run_checked (α = 0, τ = 0, both as given), each with `options` and `routing`.
measurement measure(machine_kind k, const layout& l, const program& prog, vtime alpha, byte_time tau,
                    const run_options& options = {}, std::string_view routing = {});

}  // namespace weft::transpose
