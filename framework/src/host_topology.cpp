#include "weft/detail/host_topology.hpp"

#include <hwloc.h>

namespace weft::detail {

namespace {

hwloc_topology* load_host_topology() {
  hwloc_topology_t topo = nullptr;
  if (hwloc_topology_init(&topo) != 0) return nullptr;
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
