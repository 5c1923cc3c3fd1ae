#pragma once
// Turns the engine's counters and the PE states into a report (the virtual part only; the
// runtime fills in `host`).

#include <span>

#include "weft/detail/engine.hpp"
#include "weft/machine.hpp"
#include "weft/report.hpp"

namespace weft::detail {

report build_report(const machine& m, const engine& net, std::span<pe_state> pes,
                    engine::outcome outcome, const run_options& options);

/// "recv(src=3, tag=7)"-style description of what a blocked PE waits for.
std::string describe_wait(const pe_state& pe);

}  // namespace weft::detail
