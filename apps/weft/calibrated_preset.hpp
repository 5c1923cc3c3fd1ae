#pragma once
// What `weft calibrate` writes: the fit of its ping-pong to one hop of the message network, and the
// preset holding it. The text is checked as weft reads it before it is written, so calibrate never
// writes a preset that `weft run -m FILE` would then refuse (tests/collectives/calibrated_preset_test).

#include <cstdint>
#include <string>
#include <vector>

#include "weft/units.hpp"

namespace weft::cli {

/// The message network's one-hop model, time = alpha + bytes x tau, fitted to the measurement.
struct fit {
  double alpha_ps = 0, tau_ps_per_byte = 0;
  double at(std::int64_t bytes) const { return alpha_ps + static_cast<double>(bytes) * tau_ps_per_byte; }
};

/// Least squares on relative errors (weights 1 / time^2): every size counts alike, not just the
/// largest, whose milliseconds would otherwise drown the microseconds of the small ones. A
/// negative intercept (a curve steeper than linear) is clamped to 0 and tau refitted.
fit fit_model(const std::vector<std::int64_t>& sizes, const std::vector<vtime>& t);

/// What was measured, and on what, for the preset's comments and summary.
struct calibration {
  std::vector<std::int64_t> sizes;
  std::vector<vtime> one_way;  ///< measured, one per size
  int iterations = 0, warmup = 0;
  std::string hosts;           ///< the hosts' topology, as the MPI backend reports it
  std::string date;            ///< "2026-11-25 17:00 UTC"
};

/// The preset's text: the measurement and the fit as comments, then name, summary, topology
/// full:`nodes`, procs and the [link] table.
std::string calibrated_preset_text(const calibration& c, const fit& f, const std::string& name, int nodes);

/// Throws std::invalid_argument unless `name` is one `weft run -m NAME` can select: letters,
/// digits, '-', '_' and '.', not ending in ".toml" (read as a file) — a name with ':' reads as a
/// topology spec, one with '/' as a path.
void check_preset_name(const std::string& name);

/// Throws std::invalid_argument (one line, saying what to change) unless `text` loads as weft
/// loads a preset file (presets::parse) and its machine, with its PEs, fits the default
/// --max-memory — what `weft run -m FILE` would check before running it.
void check_preset_loads(const std::string& text);

}  // namespace weft::cli
