#include "weft/detail/host_topology.hpp"

#include <hwloc.h>

#include <cstdlib>

namespace weft::detail {

namespace {

hwloc_topology* load_host_topology() {
  // weft reads CPUs and memory only. hwloc otherwise opens its I/O and XML plugins at its first
  // topology (OpenGL, OpenCL, PCI, libxml2: some fifteen libraries, ICU's among them), a few ms
  // of every start (docs/PERFORMANCE.md, "A tenth round"). A user's own list is kept.
  const bool ours = std::getenv("HWLOC_PLUGINS_BLACKLIST") == nullptr;
  if (ours) setenv("HWLOC_PLUGINS_BLACKLIST", "hwloc_gl,hwloc_opencl,hwloc_pci,hwloc_xml_libxml", 0);
  hwloc_topology_t topo = nullptr;
  const bool made = hwloc_topology_init(&topo) == 0;
  if (ours) unsetenv("HWLOC_PLUGINS_BLACKLIST");  // (the plugins are read at the first init only)
  if (!made) return nullptr;
  if (hwloc_topology_load(topo) != 0) {
    hwloc_topology_destroy(topo);
    return nullptr;
  }
  return topo;
}

}  // namespace

hwloc_topology* host_topology() {
  static hwloc_topology* const topo = load_host_topology();
  return topo;
}

}  // namespace weft::detail
