#include "weft/placement.hpp"

#include <hwloc.h>
#include <unistd.h>

#include <algorithm>
#include <map>
#include <set>

#include "weft/detail/host_topology.hpp"

namespace weft {

namespace {

host_info read_host() {
  host_info info;
  if (hwloc_topology_t topo = detail::host_topology()) {
    int npu = hwloc_get_nbobjs_by_type(topo, HWLOC_OBJ_PU);
    for (int i = 0; i < npu; ++i) {
      hwloc_obj_t pu = hwloc_get_obj_by_type(topo, HWLOC_OBJ_PU, static_cast<unsigned>(i));
      hwloc_obj_t core = hwloc_get_ancestor_obj_by_type(topo, HWLOC_OBJ_CORE, pu);
      hwloc_obj_t pkg = hwloc_get_ancestor_obj_by_type(topo, HWLOC_OBJ_PACKAGE, pu);
      info.pus.push_back({static_cast<int>(pu->os_index), core ? static_cast<int>(core->logical_index) : i,
                          pkg ? static_cast<int>(pkg->logical_index) : 0});
    }
  }
  if (info.pus.empty()) {
    long n = sysconf(_SC_NPROCESSORS_ONLN);
    for (int i = 0; i < std::max(1L, n); ++i) info.pus.push_back({i, i, 0});
  }
  std::set<int> cores, packages;
  for (const auto& p : info.pus) {
    cores.insert(p.package * 100000 + p.core);
    packages.insert(p.package);
  }
  info.summary = std::to_string(packages.size()) + (packages.size() == 1 ? " package, " : " packages, ") +
                 std::to_string(cores.size()) + " cores, " + std::to_string(info.pus.size()) + " PUs";
  return info;
}

}  // namespace

host_info discover_host() {
  static const host_info host = read_host();  // every run asks (each point of a sweep)
  return host;
}

std::vector<int> plan_workers(const host_info& host, pin_policy policy, int workers) {
  std::vector<int> plan(static_cast<std::size_t>(std::max(0, workers)), -1);
  if (policy == pin_policy::none || host.pus.empty()) return plan;
  std::vector<host_pu> order = host.pus;
  if (policy == pin_policy::compact) {
    std::stable_sort(order.begin(), order.end(), [](const host_pu& a, const host_pu& b) {
      return std::tie(a.package, a.core, a.os_index) < std::tie(b.package, b.core, b.os_index);
    });
  } else {
    // Rank each PU within its core and each core within its package, then deal them out
    // round-robin: first PU of every core (packages alternating), then second PUs.
    std::map<int, int> pu_rank_in_core;                 // key: package*1e5+core -> next rank
    std::map<int, std::map<int, int>> core_rank;         // package -> core -> rank
    struct keyed {
      int pu_rank, core_rank, package;
      host_pu pu;
    };
    std::vector<keyed> keyed_pus;
    for (const auto& p : host.pus) {
      auto& cr = core_rank[p.package];
      if (!cr.count(p.core)) {
        int next = static_cast<int>(cr.size());
        cr[p.core] = next;
      }
      int r = pu_rank_in_core[p.package * 100000 + p.core]++;
      keyed_pus.push_back({r, cr[p.core], p.package, p});
    }
    std::stable_sort(keyed_pus.begin(), keyed_pus.end(), [](const keyed& a, const keyed& b) {
      return std::tie(a.pu_rank, a.core_rank, a.package) < std::tie(b.pu_rank, b.core_rank, b.package);
    });
    order.clear();
    for (const auto& k : keyed_pus) order.push_back(k.pu);
  }
  for (std::size_t w = 0; w < plan.size(); ++w) plan[w] = order[w % order.size()].os_index;
  return plan;
}

bool bind_this_thread(int os_index) {
  hwloc_topology_t topo = detail::host_topology();
  if (os_index < 0 || !topo) return false;
  hwloc_bitmap_t set = hwloc_bitmap_alloc();
  hwloc_bitmap_only(set, static_cast<unsigned>(os_index));
  bool ok = hwloc_set_cpubind(topo, set, HWLOC_CPUBIND_THREAD) == 0;
  hwloc_bitmap_free(set);
  return ok;
}

}  // namespace weft
