#include "link_model_warning.hpp"

#include <ostream>

#include "weft/detail/network_registry.hpp"

namespace weft::cli {

bool free_messages(const cost_model& m) {
  // A network with costs of its own (the flit network's cycles) costs time whatever α, τ and λ are.
  if (!detail::network_of(m).ignores_link_costs.empty()) return false;
  const vtime zero{};
  return m.alpha == zero && m.tau.is_zero() && m.hop_latency == zero && m.o_send == zero && m.o_recv == zero &&
         m.gap == zero && m.short_max < 0 && m.eager_max < 0;
}

void warn_if_no_link_model(const cost_model& m, std::ostream& err) {
  if (!free_messages(m)) return;
  err << "weft: warning: no link model given (alpha, tau/bandwidth and hop latency are all 0): every time will be 0; "
         "see --alpha/--bandwidth/--hop-latency or a preset\n";
}

}  // namespace weft::cli
