#pragma once
// A bare topology spec with no link options gives a model where every transfer is free: the run
// "works" and reports 0 everywhere. That is a legal abstract model when a topology is typed (the
// deadlock and correctness demos use it), so it is warned about; with no machine typed at all it
// is refused (docs/cli.md, "No machine, no run").

#include <iosfwd>
#include <string>

#include "weft/cost_model.hpp"

namespace weft::cli {

/// True when no message costs anything: α, τ, hop latency, send/receive overheads and gap are 0.
bool free_messages(const cost_model& m);
/// Writes one line "weft: warning: no link model given ..." to `err` if free_messages(m).
void warn_if_no_link_model(const cost_model& m, std::ostream& err);
/// The machine presets, comma-separated; with `compute_only`, those with a compute model
/// (flops or memory bandwidth: what weft cg and map --program cg: need).
std::string preset_names(bool compute_only = false);
/// The refusal when neither a machine nor a link cost was typed: what to add, and the presets
/// that would work (with a compute model when `needs_compute`).
std::string no_machine_line(bool needs_compute);
/// `what` ("the machine has no compute model: ...") with the presets that have one named.
std::string no_compute_line(const std::string& what);

}  // namespace weft::cli
