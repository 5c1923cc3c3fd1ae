#pragma once
// A distributed run's report, gathered at rank 0 (rank_report.cpp).

#include <span>

#include "weft/detail/engine.hpp"
#include "weft/machine.hpp"
#include "weft/report.hpp"

namespace weft::detail {

/// Collective: every rank of the run calls it once, after its last phase, and gets the whole
/// report (the virtual part; the runtime fills in `host`).
report gather_report(const machine& m, engine& eng, std::span<pe_state> pes, engine::outcome outcome,
                     const run_options& options);

/// Collective, after gather_report: every PE's results (run_options::results) in every process.
void share_pe_results(engine& eng, const pe_results& results, int procs);

}  // namespace weft::detail
