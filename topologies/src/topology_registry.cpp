#include "weft/topology_registry.hpp"

#include <stdexcept>

namespace weft {

namespace {

template <class Entries>
std::string known_names(const Entries& entries) {
  std::string names;
  for (const auto& e : entries) names += (names.empty() ? "" : ", ") + e.name;
  return names;
}

}  // namespace

void topology_registry::add(entry e) { entries_.push_back(std::move(e)); }

std::unique_ptr<topology> topology_registry::make(std::string_view spec) const {
  auto colon = spec.find(':');
  auto family = spec.substr(0, colon);
  auto args = colon == std::string_view::npos ? std::string_view{} : spec.substr(colon + 1);
  for (const auto& e : entries_)
    if (e.name == family) return e.make(args);
  throw std::invalid_argument("unknown topology '" + std::string(family) +
                              "' (known: " + known_names(entries_) + ")");
}

void routing_registry::add(entry e) { entries_.push_back(std::move(e)); }

std::unique_ptr<routing> routing_registry::make(std::string_view spec, const topology& topo) const {
  auto colon = spec.find(':');
  auto name = spec.substr(0, colon);
  auto args = colon == std::string_view::npos ? std::string_view{} : spec.substr(colon + 1);
  for (const auto& e : entries_)
    if (e.name == name) return e.make(topo, args);
  throw std::invalid_argument("unknown routing '" + std::string(name) +
                              "' (known: " + known_names(entries_) + ")");
}

}  // namespace weft
