#include "weft/mapping/objectives.hpp"

#include <algorithm>
#include <limits>
#include <map>
#include <stdexcept>
#include <string>

namespace weft::mapping {

placement identity_placement(int tasks) {
  placement p(static_cast<std::size_t>(tasks));
  for (int i = 0; i < tasks; ++i) p[static_cast<std::size_t>(i)] = i;
  return p;
}

void check_placement(const placement& p, int tasks, const machine_routes& machine) {
  if (static_cast<int>(p.size()) != tasks)
    throw std::invalid_argument("placement has " + std::to_string(p.size()) + " entries for " + std::to_string(tasks) + " tasks");
  if (tasks > machine.nodes())
    throw std::invalid_argument(std::to_string(tasks) + " tasks do not fit machine " + machine.description() + " with " +
                                std::to_string(machine.nodes()) + " compute nodes");
  std::vector<int> owner(static_cast<std::size_t>(machine.nodes()), -1);
  for (int i = 0; i < tasks; ++i) {
    const node_id n = p[static_cast<std::size_t>(i)];
    if (n < 0 || n >= machine.nodes())
      throw std::invalid_argument("placement puts task " + std::to_string(i) + " on node " + std::to_string(n) +
                                  ", outside the compute nodes 0.." + std::to_string(machine.nodes() - 1));
    auto& o = owner[static_cast<std::size_t>(n)];
    if (o >= 0)
      throw std::invalid_argument("placement puts tasks " + std::to_string(o) + " and " + std::to_string(i) + " on node " + std::to_string(n));
    o = i;
  }
}

std::vector<message> communication_graph(const ccs_result& sets) {
  std::map<std::pair<int, int>, std::int64_t> size;
  for (const auto& s : sets.sets)
    for (const auto& m : s.messages) size[{m.src, m.dst}] += m.bytes;
  std::vector<message> graph;
  graph.reserve(size.size());
  for (const auto& [pair, bytes] : size) graph.push_back({pair.first, pair.second, bytes});
  return graph;
}

void check_objective_range(const ccs_result& sets, const machine_routes& machine) {
  using wide = __int128;  // every bound below fits: < 2^63 bytes x < 2^32 hops or messages
  wide total = 0, tac3 = 0;
  const message* largest = nullptr;
  for (const auto& s : sets.sets) {
    std::int64_t most = 0;
    for (const auto& m : s.messages) {
      total += m.bytes;
      most = std::max(most, m.bytes);
      if (!largest || m.bytes > largest->bytes) largest = &m;
    }
    tac3 += wide{most} * static_cast<wide>(s.messages.size());
  }
  constexpr wide limit = std::numeric_limits<std::int64_t>::max();
  const char* which = total * machine.diameter() > limit ? "hop-bytes" : total > limit ? "the bytes on a link" : tac3 > limit ? "TAC3" : nullptr;
  if (!which) return;
  std::string where = sets.source;
  if (largest->line > 0) where += ":" + std::to_string(largest->line);
  throw std::invalid_argument(where + ": a message of " + std::to_string(largest->bytes) + " B (PE " + std::to_string(largest->src) +
                              " to PE " + std::to_string(largest->dst) + "), the log's largest: with the log's other messages, " +
                              which + " on " + machine.description() + " could pass 2^63 - 1");
}

vtime objective_values::tac3(byte_time per_byte) const {
  vtime total{};
  for (auto term : tac3_per_ccs) {
    // serialize() saturates past the clock; a plain += of two such terms would wrap negative.
    const vtime t = per_byte.serialize(term);
    if (__builtin_add_overflow(total.ps, t.ps, &total.ps) || total.ps > latest_time.ps)
      throw std::invalid_argument("TAC3 of " + std::to_string(tac3_bytes) + " bytes x collisions passes the virtual clock (" +
                                  latest_time_text() + ") at this bandwidth: give a faster --bandwidth");
  }
  return total;
}

objective_evaluator::objective_evaluator(const ccs_result& sets, const machine_routes& machine)
    : sets_(sets), machine_(machine), graph_((check_objective_range(sets, machine), communication_graph(sets))) {
  link_bytes_.assign(static_cast<std::size_t>(machine.links()), 0);
  link_count_.assign(static_cast<std::size_t>(machine.links()), 0);
}

namespace {
node_id at(const placement& p, int task) { return p[static_cast<std::size_t>(task)]; }
}  // namespace

std::int64_t objective_evaluator::hop_bytes(const placement& p) const {
  std::int64_t total = 0;
  for (const auto& s : sets_.sets)
    for (const auto& m : s.messages) total += machine_.hops(at(p, m.src), at(p, m.dst)) * m.bytes;
  return total;
}

std::int64_t objective_evaluator::tahb(const placement& p) const {
  std::int64_t total = 0;
  for (const auto& e : graph_) total += machine_.hops(at(p, e.src), at(p, e.dst)) * e.bytes;
  return total;
}

std::int64_t objective_evaluator::max_link_bytes(const placement& p) {
  std::fill(link_bytes_.begin(), link_bytes_.end(), 0);
  std::int64_t top = 0;
  for (const auto& e : graph_)
    for (link_id l : machine_.route(at(p, e.src), at(p, e.dst))) top = std::max(top, link_bytes_[static_cast<std::size_t>(l)] += e.bytes);
  return top;
}

std::int64_t objective_evaluator::tac3_bytes(const placement& p, std::vector<std::int64_t>* per_ccs, std::vector<int>* coll_out) {
  if (per_ccs) per_ccs->clear();
  if (coll_out) coll_out->clear();
  std::int64_t total = 0;
  for (const auto& s : sets_.sets) {
    // The paper's two steps: count the set's messages per link, then per message the largest
    // count on its route. Counters are undone after the set, so the cost is O(links the set uses).
    for (const auto& m : s.messages)
      for (link_id l : machine_.route(at(p, m.src), at(p, m.dst))) ++link_count_[static_cast<std::size_t>(l)];
    std::int64_t term = 0;
    int worst = 0;
    for (const auto& m : s.messages) {
      int coll = 0;
      for (link_id l : machine_.route(at(p, m.src), at(p, m.dst))) coll = std::max(coll, link_count_[static_cast<std::size_t>(l)]);
      term = std::max(term, m.bytes * coll);
      worst = std::max(worst, coll);
    }
    for (const auto& m : s.messages)
      for (link_id l : machine_.route(at(p, m.src), at(p, m.dst))) link_count_[static_cast<std::size_t>(l)] = 0;
    total += term;
    if (per_ccs) per_ccs->push_back(term);
    if (coll_out) coll_out->push_back(worst);
  }
  return total;
}

objective_values objective_evaluator::evaluate(const placement& p) {
  check_placement(p, sets_.tasks, machine_);
  objective_values v;
  v.hop_bytes = hop_bytes(p);
  v.tahb = tahb(p);
  v.max_link_bytes = max_link_bytes(p);
  v.rmatt_o2f = static_cast<double>(v.tahb) * static_cast<double>(v.max_link_bytes);
  v.tac3_bytes = tac3_bytes(p, &v.tac3_per_ccs, &v.coll_per_ccs);
  return v;
}

}  // namespace weft::mapping
