#include "link_model_warning.hpp"

#include <ostream>

#include "weft/detail/network_registry.hpp"
#include "weft/presets/preset.hpp"
#include "weft/io/input_file.hpp"

namespace weft::cli {

bool free_messages(const cost_model& m) {
  // A network with costs of its own (the flit network's cycles) costs time whatever α, τ and λ are.
  if (!detail::network_of(m).ignores_link_costs.empty()) return false;
  const vtime zero{};
  return m.alpha == zero && m.tau.is_zero() && m.hop_latency == zero && m.o_send == zero && m.o_recv == zero &&
         m.gap == zero && m.short_max < 0 && m.eager_max < 0;
}

std::string preset_names(bool compute_only) {
  std::string names;
  for (const auto& p : presets::list())
    if (!compute_only || p.model.flops.per_second > 0 || !p.model.memory_time.is_zero())
      names += (names.empty() ? "" : ", ") + p.name;
  return names.empty() ? "none found; see 'weft machines'" : names;
}

// Why a refusal rather than a default machine: a careful user reads a report's times as a
// prediction for some machine, and a machine weft picked would be read as theirs. SimGrid, too,
// runs nothing without a platform. The line names what to add, so the fix takes seconds.
std::string no_machine_line(bool needs_compute) {
  if (needs_compute)
    return "no machine given: add -m with a preset that has a compute model (" + preset_names(true) +
           "; 'weft machines' lists them), or -m TOPOLOGY with link costs and --flops or --memory-bandwidth "
           "(e.g. -m torus:4x4 --alpha 1us --bandwidth 4GB/s --flops 1Gflops)";
  return "no machine given, so every time would be 0: add -m with a preset (" + preset_names() +
         "; 'weft machines' lists them), or link costs for the default torus:8x8 (e.g. --alpha 1us --bandwidth 4GB/s)";
}

std::string no_link_costs_line(const std::string& machine) {
  return "machine " + io::printable(machine) +
         " has no link costs, so every message would take 0: add link costs (e.g. --alpha 1us --bandwidth 4GB/s), "
         "-m a preset (" + preset_names() + "), or --free-messages to run with free messages on purpose";
}

std::string no_compute_line(const std::string& what) {
  return what + "; or -m a preset with one (" + preset_names(true) + ")";
}

}  // namespace weft::cli
