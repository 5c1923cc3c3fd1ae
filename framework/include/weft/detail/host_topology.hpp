#pragma once
// The host's hardware as hwloc sees it, loaded once per process and shared by every part that
// asks (the memory limit, the worker placement, each pinned thread): a load reads /sys and
// costs milliseconds, and a run started several times (a traffic sweep) loaded it every time.
// hwloc's header stays in the .cpp: callers that use the topology include <hwloc.h> themselves.

struct hwloc_topology;

namespace weft::detail {

/// The loaded topology (never destroyed), or null when hwloc cannot load it. Thread-safe.
hwloc_topology* host_topology();

}  // namespace weft::detail
