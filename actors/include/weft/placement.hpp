#pragma once
// Placement of worker threads (which run the PE actors) on host CPUs. The plan is computed as
// plain data by a pure function, testable without hwloc; applying it is a separate effect.

#include <string>
#include <vector>

#include "weft/machine.hpp"

namespace weft {

/// One processing unit (hardware thread) of the host, as hwloc reports it.
struct host_pu {
  int os_index;  ///< the CPU number the OS uses
  int core;      ///< logical index of its core
  int package;   ///< logical index of its package (socket)
};

struct host_info {
  std::vector<host_pu> pus;  ///< in hwloc's logical order
  std::string summary;       ///< "1 package, 2 cores, 2 PUs"
};

/// Reads the host with hwloc (falls back to sysconf if hwloc fails).
host_info discover_host();

/// CPU (os_index) for each of `workers` workers, or all -1 for pin_policy::none.
///   compact: fill the PUs of one core, then the next core, then the next package;
///   scatter: one PU per core, alternating packages, before any core gets a second worker.
std::vector<int> plan_workers(const host_info& host, pin_policy policy, int workers);

/// Binds the calling thread to one CPU; returns false where binding is not allowed
/// (containers), which callers report rather than treat as fatal.
bool bind_this_thread(int os_index);

}  // namespace weft
