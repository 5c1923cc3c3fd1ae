#include "weft/machine.hpp"

#include <stdexcept>

#include "weft/topology_registry.hpp"

namespace weft {

machine::machine(std::string_view topology_spec, link_model model, std::string_view routing)
    : model_(model) {
  model_.validate();
  topology_registry topologies;
  register_builtin_topologies(topologies);
  routing_registry routings;
  register_builtin_routings(routings);
  auto topo = topologies.make(topology_spec);
  auto route = routings.make(routing.empty() ? std::string_view(topo->default_routing()) : routing, *topo);
  topology_ = std::move(topo);
  routing_ = std::move(route);
}

pin_policy parse_pin_policy(std::string_view text) {
  if (text == "none") return pin_policy::none;
  if (text == "compact") return pin_policy::compact;
  if (text == "scatter") return pin_policy::scatter;
  throw std::invalid_argument("pin policy '" + std::string(text) + "' is not valid (compact, scatter, none)");
}

std::string to_string(pin_policy p) {
  switch (p) {
    case pin_policy::compact: return "compact";
    case pin_policy::scatter: return "scatter";
    default: return "none";
  }
}

sharing_policy parse_sharing_policy(std::string_view text) {
  if (text == "adaptive") return sharing_policy::adaptive;
  if (text == "always") return sharing_policy::always;
  if (text == "never") return sharing_policy::never;
  if (text == "alternate") return sharing_policy::alternate;
  throw std::invalid_argument("sharing policy '" + std::string(text) +
                              "' is not valid (adaptive, always, never, alternate)");
}

std::string to_string(sharing_policy p) {
  switch (p) {
    case sharing_policy::always: return "always";
    case sharing_policy::never: return "never";
    case sharing_policy::alternate: return "alternate";
    default: return "adaptive";
  }
}

}  // namespace weft
