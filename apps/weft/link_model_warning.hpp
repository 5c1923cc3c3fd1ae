#pragma once
// A machine with no link costs makes every transfer free: the run "works" and reports 0
// everywhere. Such a run is refused with what to add, unless --free-messages asks for it (the
// deadlock and correctness demos do) (docs/cli.md, "No link costs, no run").

#include <iosfwd>
#include <string>

#include "weft/cost_model.hpp"

namespace weft::cli {

/// True when no message costs anything: α, τ, hop latency, send/receive overheads and gap are 0.
bool free_messages(const cost_model& m);
/// The machine presets, comma-separated; with `compute_only`, those with a compute model
/// (flops or memory bandwidth: what weft cg and map --program cg: need).
std::string preset_names(bool compute_only = false);
/// The refusal when neither a machine nor a link cost was typed: what to add, and the presets
/// that would work (with a compute model when `needs_compute`).
std::string no_machine_line(bool needs_compute);
/// The refusal when a topology was typed with no link cost: what to add, or --free-messages.
std::string no_link_costs_line(const std::string& machine);
/// `what` ("the machine has no compute model: ...") with the presets that have one named.
std::string no_compute_line(const std::string& what);

}  // namespace weft::cli
