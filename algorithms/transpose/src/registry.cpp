#include "weft/transpose/registry.hpp"

#include <stdexcept>

#include "weft/transpose/programs.hpp"

namespace weft::transpose {

void register_transpose_algorithms(algorithm_registry& r) {
  r.add({"two-phase", "Nakano & Tsuda: along columns, then along rows; shortest way round each ring", true, true,
         two_phase});
  r.add({"direct", "every block in its own message straight to its destination (topology routing)", true, true,
         direct});
  r.add({"bhuyan-agrawal", "Illiac IV: all blocks pipelined one way round the ±1 chain, P-1 steps", false, true,
         bhuyan_agrawal});
}

program make_program(const algorithm_registry& r, std::string_view name, const layout& l, machine_kind k) {
  const auto& a = r.find(name);
  if (!a.runs_on(k))
    throw std::invalid_argument("algorithm " + a.name + " does not run on " + to_string(k) + " (it needs " +
                                (a.on_pax ? "pax" : "illiac") + ")");
  return a.make(l, k);
}

}  // namespace weft::transpose
