#include "weft/machine.hpp"
#include "weft/detail/rank_link.hpp"

#include <algorithm>
#include <stdexcept>
#include <string>

#include "weft/detail/network_registry.hpp"
#include "weft/detail/spellings.hpp"
#include "weft/run_budget.hpp"
#include "weft/topology_budget.hpp"
#include "weft/topology_registry.hpp"

namespace weft {

namespace {
/// The model with its network named (a model that names none has the registry's default).
cost_model named_network(cost_model m) {
  if (m.network.empty()) m.network = detail::default_network();
  return m;
}
}  // namespace

machine::machine(std::string_view topology_spec, cost_model model, std::string_view routing)
    : model_(named_network(model)) {
  detail::validate_network(model_.wire());
  model_.validate();
  topology_registry topologies;
  register_builtin_topologies(topologies);
  routing_registry routings;
  register_builtin_routings(routings);
  auto topo = topologies.make(topology_spec);
  auto route = routings.make(routing.empty() ? std::string_view(topo->default_routing()) : routing, *topo);
  detail::check_network(*route, model_.wire());
  topology_ = std::move(topo);
  routing_ = std::move(route);
}

machine::machine(std::shared_ptr<const topology> topo, std::shared_ptr<const weft::routing> routing, cost_model model)
    : topology_(std::move(topo)), routing_(std::move(routing)), model_(named_network(model)) {
  if (!topology_ || !routing_) throw std::invalid_argument("a machine needs a topology and a routing");
  detail::validate_network(model_.wire());
  model_.validate();
  detail::check_network(*routing_, model_.wire());
}

void machine::set_model(const cost_model& m) {
  detail::validate_network(m.wire());
  m.validate();
  detail::check_network(*routing_, m.wire());
  model_ = named_network(m);
}

namespace {
constexpr detail::spelling<pin_policy> pin_words[] = {
    {"none", pin_policy::none}, {"compact", pin_policy::compact}, {"scatter", pin_policy::scatter}};
constexpr detail::spelling<sharing_policy> sharing_words[] = {
    {"adaptive", sharing_policy::adaptive}, {"always", sharing_policy::always},
    {"never", sharing_policy::never}, {"alternate", sharing_policy::alternate}};
constexpr detail::spelling<clock_mode> clock_words[] = {{"virtual", clock_mode::virtual_time}, {"wall", clock_mode::wall}};
}  // namespace

pin_policy parse_pin_policy(std::string_view text) {
  return detail::parse_spelled<pin_policy>(text, "pin policy", pin_words, "compact, scatter, none");
}
std::string to_string(pin_policy p) { return detail::spelled<pin_policy>(p, pin_words); }

sharing_policy parse_sharing_policy(std::string_view text) {
  return detail::parse_spelled<sharing_policy>(text, "sharing policy", sharing_words, "adaptive, always, never, alternate");
}
std::string to_string(sharing_policy p) { return detail::spelled<sharing_policy>(p, sharing_words); }

clock_mode parse_clock_mode(std::string_view text) {
  return detail::parse_spelled<clock_mode>(text, "clock", clock_words, "virtual, wall");
}
std::string to_string(clock_mode c) { return detail::spelled<clock_mode>(c, clock_words); }

namespace {

std::int64_t memory_limit(const run_options& options) {
  if (options.max_memory_bytes >= 0) return options.max_memory_bytes;
  // The ranks of a distributed run that share a host share its memory.
  return default_memory_limit() / (options.ranks ? options.ranks->ranks_on_host() : 1);
}

// What the run's memory estimate reads, from the machine's node and link counts (built, or
// computed from the spec before building).
run_shape shape_of_run(int procs, std::int64_t nodes, std::int64_t links, const cost_model& model,
                       const run_options& options) {
  run_shape shape;
  shape.procs = procs;
  shape.nodes = nodes;
  shape.links = links;
  shape.stack_bytes = options.stack_bytes;
  shape.shared_stacks = options.shared_stacks;
  shape.mtu = model.mtu;
  shape.flit_slots = detail::network_buffer_slots(model.wire(), nodes, links);
  shape.trace = options.trace;
  shape.calls = options.record_calls;
  shape.traffic = options.traffic;
  if (options.ranks) shape.ranks = options.ranks->ranks();
  return shape;
}

}  // namespace

void machine::check_run(int procs, const run_options& options) const {
  if (procs < 1)
    throw std::invalid_argument("--procs " + std::to_string(procs) + " must be at least 1");
  if (!options.node_of_rank.empty()) {
    if (static_cast<int>(options.node_of_rank.size()) != procs)
      throw std::invalid_argument("the PE→node mapping lists " + std::to_string(options.node_of_rank.size()) +
                                  " PEs but --procs is " + std::to_string(procs));
    // PEs run on compute nodes only (0..compute_nodes()-1); the rest are switches.
    for (std::size_t r = 0; r < options.node_of_rank.size(); ++r)
      if (node_id n = options.node_of_rank[r]; n < 0 || n >= topo().compute_nodes())
        throw std::invalid_argument("mapping puts PE " + std::to_string(r) + " on node " + std::to_string(n) +
                                    ", not a compute node of " + topo().spec() + " (compute nodes are 0.." +
                                    std::to_string(topo().compute_nodes() - 1) + ")");
  } else if (procs > topo().compute_nodes()) {
    throw std::invalid_argument("--procs " + std::to_string(procs) + " does not fit machine " + topo().spec() +
                                " with " + std::to_string(topo().compute_nodes()) +
                                (topo().compute_nodes() < topo().node_count() ? " compute nodes" : " nodes"));
  }
  if (options.workers < 0 || options.workers > 256)
    throw std::invalid_argument("--workers " + std::to_string(options.workers) + " must be between 0 (one per host CPU) and 256");
  if (options.stack_bytes < 16 * 1024 || options.stack_bytes > (64LL << 20))
    throw std::invalid_argument("--stack-size " + std::to_string(options.stack_bytes) +
                                " B must be between 16KiB and 64MiB");
  check_stack_choice(options);
  check_memory_budget(shape_of_run(procs, topo().node_count(), static_cast<std::int64_t>(topo().links().size()), model(), options),
                      memory_limit(options));
}

void check_stack_choice(const run_options& options) {
  if (options.shared_stacks && options.clock == clock_mode::wall)
    throw std::invalid_argument("--stacks shared runs only on the virtual clock (on the wall clock PEs run at once and "
                                "would wait for each other's stacks); drop --stacks shared or --clock wall");
}

void check_memory_before_building(std::string_view topology_spec, std::string_view routing, const cost_model& model,
                                  int procs, const run_options& options) {
  const std::int64_t limit = memory_limit(options);
  if (limit == 0) return;
  topology_registry topologies;
  register_builtin_topologies(topologies);
  check_topology_memory(topologies, topology_spec, routing, limit);
  // Without a size (a file, the trees) the PEs alone, without nodes and links, are a lower
  // bound: what they refuse, the built machine would refuse too (check_run refines it).
  const auto [nodes, links] = topologies.size(topology_spec);
  const int pes = std::max(procs, 0);
  if (nodes >= 0) check_memory_budget(shape_of_run(pes, nodes, links, model, options), limit);
  else check_memory_budget(shape_of_run(pes, 0, 0, model, options), limit);
}

}  // namespace weft
