#include "weft/machine.hpp"

#include <stdexcept>

#include "spellings.hpp"
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

machine::machine(std::shared_ptr<const topology> topo, std::shared_ptr<const weft::routing> routing, link_model model)
    : topology_(std::move(topo)), routing_(std::move(routing)), model_(model) {
  if (!topology_ || !routing_) throw std::invalid_argument("a machine needs a topology and a routing");
  model_.validate();
}

namespace {
constexpr detail::spelling<pin_policy> pin_words[] = {
    {"none", pin_policy::none}, {"compact", pin_policy::compact}, {"scatter", pin_policy::scatter}};
constexpr detail::spelling<sharing_policy> sharing_words[] = {
    {"adaptive", sharing_policy::adaptive}, {"always", sharing_policy::always},
    {"never", sharing_policy::never}, {"alternate", sharing_policy::alternate}};
}  // namespace

pin_policy parse_pin_policy(std::string_view text) {
  return detail::parse_spelled<pin_policy>(text, "pin policy", pin_words, "compact, scatter, none");
}
std::string to_string(pin_policy p) { return detail::spelled<pin_policy>(p, pin_words); }

sharing_policy parse_sharing_policy(std::string_view text) {
  return detail::parse_spelled<sharing_policy>(text, "sharing policy", sharing_words, "adaptive, always, never, alternate");
}
std::string to_string(sharing_policy p) { return detail::spelled<sharing_policy>(p, sharing_words); }

}  // namespace weft
