#pragma once
// A bare topology spec with no link options gives a model where every transfer is free: the run
// "works" and reports 0 everywhere. That is a legal abstract model, so it is warned about, not refused.

#include <iosfwd>

#include "weft/cost_model.hpp"

namespace weft::cli {

/// True when no message costs anything: α, τ, hop latency, send/receive overheads and gap are 0.
bool free_messages(const cost_model& m);
/// Writes one line "weft: warning: no link model given ..." to `err` if free_messages(m).
void warn_if_no_link_model(const cost_model& m, std::ostream& err);

}  // namespace weft::cli
