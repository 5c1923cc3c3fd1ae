#pragma once
// What both runtimes (virtual and wall clock) set up the same way before a run: the PE→node map,
// the host's CPU numbering and every PE's state.

#include <algorithm>
#include <numeric>
#include <span>
#include <vector>

#include "weft/detail/message_pool.hpp"
#include "weft/detail/network_registry.hpp"
#include "weft/detail/pe_state.hpp"
#include "weft/detail/pe_table.hpp"
#include "weft/machine.hpp"
#include "weft/placement.hpp"

namespace weft::detail {

/// The run's PE→node mapping: the one given, or PE i on node i.
inline std::vector<node_id> node_map(const run_options& opt, int procs) {
  if (!opt.node_of_rank.empty()) return opt.node_of_rank;
  std::vector<node_id> map(static_cast<std::size_t>(procs));
  std::iota(map.begin(), map.end(), 0);
  return map;
}

/// The engine of a run on `m` with PEs on the nodes `node_of_rank`, handed the network the
/// machine names (`tracing`: record every link occupancy for --trace).
inline engine make_engine(const machine& m, std::vector<node_id> node_of_rank, bool tracing, int partitions,
                          const engine::node_partitioner& split = {}, rank_link* ranks = nullptr) {
  auto net = make_network({m.topo(), m.route(), m.model().wire(), static_cast<int>(node_of_rank.size()), tracing});
  return engine(m.topo(), m.route(), m.model(), std::move(node_of_rank), std::move(net), partitions, split, ranks);
}

/// One more than the highest CPU number of the host (CPU numbers may have gaps).
inline int cpu_slots(const host_info& host) {
  int max_cpu = 0;
  for (const auto& pu : host.pus) max_cpu = std::max(max_cpu, pu.os_index);
  return max_cpu + 1;
}

/// Ties each held PE (numbered by the table) to what it reaches during the run.
inline void prepare_pe_states(pe_table& states, pe_host& host, message_pool& pool, const run_options& opt, int cpus) {
  for (auto& s : states.held()) {
    s.size = states.procs();
    s.host = &host;
    s.tracing = opt.trace;
    s.recording = opt.record_messages;
    s.recording_calls = opt.record_calls;
    s.pool = &pool;
    s.cpu_resumes.assign(static_cast<std::size_t>(cpus), 0);
  }
}

}  // namespace weft::detail
