#pragma once
// The host's hardware as hwloc sees it, loaded once per process and shared by every part that
// asks (the memory limit, the worker placement, each pinned thread): a load reads /sys and opens
// hwloc's plugins (OpenGL, OpenCL, PCI, libxml2: some fifteen libraries, ICU's among them), and
// a run loaded it twice, a traffic sweep twice per point. (The plugins can only be left out
// through HWLOC_PLUGINS_BLACKLIST, an environment variable read by the whole process: the weft
// program sets it first thing in main, before any other thread, and not under an MPI launcher,
// whose Open MPI needs hwloc's PCI devices: apps/weft/main.cpp.)
// hwloc's header stays in the .cpp: callers that use the topology include <hwloc.h> themselves.

struct hwloc_topology;

namespace weft::detail {

/// The loaded topology (never destroyed), or null when hwloc cannot load it. Thread-safe.
hwloc_topology* host_topology();

}  // namespace weft::detail
