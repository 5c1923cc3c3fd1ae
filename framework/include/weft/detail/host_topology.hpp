#pragma once
// The host's hardware as hwloc sees it, loaded once per process and shared by every part that
// asks (the memory limit, the worker placement, each pinned thread): a load reads /sys and opens
// hwloc's plugins (OpenGL, OpenCL, PCI, libxml2: some fifteen libraries, ICU's among them), and
// a run loaded it twice, a traffic sweep twice per point. (Leaving the plugins out would save
// about 3 ms of system time more, but only through HWLOC_PLUGINS_BLACKLIST, an environment
// variable set while other threads may read the environment, and for the whole process: Open
// MPI's hwloc in the same process would lose its PCI devices.)
// hwloc's header stays in the .cpp: callers that use the topology include <hwloc.h> themselves.

struct hwloc_topology;

namespace weft::detail {

/// The loaded topology (never destroyed), or null when hwloc cannot load it. Thread-safe.
hwloc_topology* host_topology();

}  // namespace weft::detail
