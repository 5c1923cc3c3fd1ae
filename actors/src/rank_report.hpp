#pragma once
// A distributed run's report, gathered at rank 0 (rank_report.cpp).

#include <span>

#include "weft/detail/engine.hpp"
#include "weft/machine.hpp"
#include "weft/report.hpp"

namespace weft::detail {

/// Collective: every rank of the run calls it once, after its last phase, and gets the whole
/// report (the virtual part; the runtime fills in `host`).
report gather_report(const machine& m, engine& eng, pe_table& pes, engine::outcome outcome,
                     const run_options& options);

/// Collective: each rank's share of the work (report::host.ranks), `pes` and `peak_rss` its own.
std::vector<host_report::rank_share> gather_rank_shares(engine& eng, std::int64_t pes, std::int64_t peak_rss);

/// Collective, after gather_report: every PE's results (run_options::results) in every process.
void share_pe_results(engine& eng, const pe_results& results, int procs);

}  // namespace weft::detail
