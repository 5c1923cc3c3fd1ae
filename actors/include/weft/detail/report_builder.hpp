#pragma once
// Turns the engine's counters and the PE states into a report (the virtual part only; the
// runtime fills in `host`).

#include <span>

#include "weft/detail/engine.hpp"
#include "weft/machine.hpp"
#include "weft/report.hpp"

namespace weft::detail {

/// What a distributed run's ranks agree on before each builds its share of the report
/// (rank_report.cpp): the makespan over every rank, and whether a PE failed on any rank.
struct rank_totals {
  vtime makespan{};
  bool pe_failed = false;
};

/// The report of a run; in a distributed run (`totals` given), this rank's share: its PEs, its
/// counts, the links it holds, with the status and makespan of the whole run.
report build_report(const machine& m, const engine& net, pe_table& pes,
                    engine::outcome outcome, const run_options& options, const rank_totals* totals = nullptr);

/// "recv(src=3, tag=7)"-style description of what a blocked PE waits for.
std::string describe_wait(const pe_state& pe);

}  // namespace weft::detail
