#include "weft/topology_registry.hpp"

namespace weft {

namespace {

/// "family:args" -> {"family", "args"}.
std::pair<std::string_view, std::string_view> split_spec(std::string_view spec) {
  auto colon = spec.find(':');
  if (colon == std::string_view::npos) return {spec, {}};
  return {spec.substr(0, colon), spec.substr(colon + 1)};
}

}  // namespace

std::unique_ptr<topology> topology_registry::make(std::string_view spec) const {
  auto [family, args] = split_spec(spec);
  return entries_.find(family).make(args);
}

std::pair<std::int64_t, std::int64_t> topology_registry::size(std::string_view spec) const {
  auto [family, args] = split_spec(spec);
  const auto& e = entries_.find(family);
  return e.size ? e.size(args) : std::pair<std::int64_t, std::int64_t>{-1, -1};
}

std::unique_ptr<routing> routing_registry::make(std::string_view spec, const topology& topo) const {
  auto [name, args] = split_spec(spec);
  return entries_.find(name).make(topo, args);
}

}  // namespace weft
