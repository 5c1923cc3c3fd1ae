#pragma once
// Selection by name, shared by every module (topologies, routings, programs, algorithms,
// operations, presets): entries carry a `name`; an unknown name is answered with the list of
// known ones. Registries are plain objects filled by a module's register function — no globals,
// no static self-registration.

#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

namespace weft {

/// "ring, mesh, torus": the `name`s of `entries` in order, for "(known: ...)" in error messages.
template <class Range>
std::string known_names(const Range& entries) {
  std::string names;
  for (const auto& e : entries) {
    if (!names.empty()) names += ", ";
    names += e.name;
  }
  return names;
}

template <class Entry>
class named_registry {
 public:
  /// `kind` names what is selected, for error messages: "topology", "program", ...
  explicit named_registry(std::string kind) : kind_(std::move(kind)) {}

  void add(Entry e) { entries_.push_back(std::move(e)); }

  /// The entry called `name`, or nullptr.
  const Entry* lookup(std::string_view name) const {
    for (const auto& e : entries_)
      if (e.name == name) return &e;
    return nullptr;
  }

  /// Throws std::invalid_argument: "unknown topology 'cube' (known: ring, mesh, torus)".
  const Entry& find(std::string_view name) const {
    if (const Entry* e = lookup(name)) return *e;
    throw std::invalid_argument("unknown " + kind_ + " '" + std::string(name) + "' (known: " + known() + ")");
  }

  /// "ring, mesh, torus": the names in registration order.
  std::string known() const { return known_names(entries_); }

  const std::vector<Entry>& entries() const { return entries_; }

 private:
  std::string kind_;
  std::vector<Entry> entries_;
};

}  // namespace weft
