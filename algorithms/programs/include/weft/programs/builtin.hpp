#pragma once
// The built-in PE programs of `weft run`, selected by name through a registry.
//
//   pingpong   0 <-> 1, `iterations` round trips of `bytes`
//   ring       a token travels 0 -> 1 -> ... -> P-1 -> 0, `iterations` laps
//   alltoall   every PE sends `bytes` to every other PE (isend/irecv, wait_all)
//   deadlock   every PE receives from its right neighbour before sending: a deliberate deadlock
//   overflow   recurses until its fiber stack overflows (to show the report)

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "weft/machine.hpp"
#include "weft/named_registry.hpp"

namespace weft::programs {

struct params {
  std::int64_t bytes = 8;  ///< modelled and real payload size
  int iterations = 1;
};

struct entry {
  std::string name;
  std::string help;
  program (*make)(const params&);
  int min_procs = 1;  ///< fewer PEs is an argument error, refused before the run
  bool sized = true;  ///< uses params::bytes and params::iterations (the demos of failure do not)
};

class registry {
 public:
  void add(entry e) { entries_.add(std::move(e)); }
  /// Throws std::invalid_argument for bad params or an unknown name (listing the known ones).
  program make(std::string_view name, const params& p) const;
  /// Throws std::invalid_argument for an unknown name (listing the known ones).
  const entry& find(std::string_view name) const { return entries_.find(name); }
  /// Throws std::invalid_argument "<name> needs at least N PEs (--procs P)" if `procs` is too few.
  void check_procs(std::string_view name, int procs) const;
  const std::vector<entry>& entries() const { return entries_.entries(); }

 private:
  named_registry<entry> entries_{"program"};
};

void register_builtin_programs(registry& r);

program pingpong(const params& p);
program ring(const params& p);
program alltoall(const params& p);
program deadlock(const params& p);
program overflow(const params& p);

}  // namespace weft::programs
