#pragma once
// Topologies and routings are selected by name through registries held by the caller
// (no globals, no static self-registration): `register_builtin_topologies` fills one.

#include <cstdint>
#include <functional>
#include <utility>
#include <map>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "weft/named_registry.hpp"
#include "weft/topology.hpp"

namespace weft {

/// Maps a family name to a factory taking the part of the spec after "name:".
class topology_registry {
 public:
  using factory = std::function<std::unique_ptr<topology>(std::string_view args)>;
  /// Nodes and directed links the spec would build, computed without building it (an upper
  /// bound where exact counting is dear); throws std::invalid_argument like the factory.
  using size_function = std::function<std::pair<std::int64_t, std::int64_t>(std::string_view args)>;
  struct entry {
    std::string name;
    std::string usage;  ///< e.g. "torus:KxK[x...]"
    std::string help;   ///< one line
    factory make;
    std::vector<std::string> examples;  ///< small specs: the tests route every pair of each
    size_function size = {};            ///< for families that can outgrow memory; else empty
  };

  void add(entry e) { entries_.add(std::move(e)); }
  /// Builds a topology from "family:args". Throws std::invalid_argument naming the bad value
  /// and what is allowed (an unknown family lists the known ones).
  std::unique_ptr<topology> make(std::string_view spec) const;
  /// {nodes, directed links} of `spec` without building it, or {-1, -1} when the family has
  /// no size function (its size limits keep it small).
  std::pair<std::int64_t, std::int64_t> size(std::string_view spec) const;
  const std::vector<entry>& entries() const { return entries_.entries(); }

 private:
  named_registry<entry> entries_{"topology"};
};

/// Maps a routing name to a factory for a given topology.
class routing_registry {
 public:
  using factory = std::function<std::unique_ptr<routing>(const topology&, std::string_view args)>;
  struct entry {
    std::string name;
    std::string help;
    factory make;
  };

  void add(entry e) { entries_.add(std::move(e)); }
  /// Builds routing "name[:args]" for `topo`; throws std::invalid_argument when unknown or
  /// not applicable to this topology (the message says why).
  std::unique_ptr<routing> make(std::string_view name, const topology& topo) const;
  const std::vector<entry>& entries() const { return entries_.entries(); }

 private:
  named_registry<entry> entries_{"routing"};
};

/// Registers every built-in family / routing.
void register_builtin_topologies(topology_registry& registry);
void register_builtin_routings(routing_registry& registry);

}  // namespace weft
