// The JSON report (schema in docs/report.md): every figure of a run, times in ps; the model
// it was run with in SI units.
#include <nlohmann/json.hpp>
#include <ostream>

#include "report_contention.hpp"
#include "weft/output/report_writers.hpp"

namespace weft::output {

namespace {

using nlohmann::ordered_json;

// Divided, not multiplied by 1e-12 (not a double): 2.1 ns is 2.1e-09, not 2.0999999999999998e-09.
double seconds(vtime t) { return static_cast<double>(t.ps) / 1e12; }
double seconds_per_byte(const byte_time& tau) {
  return static_cast<double>(tau.num) / (static_cast<double>(tau.den) * 1e12);
}
/// Bytes per second of a time per byte; null when it costs nothing (an infinite bandwidth).
ordered_json bytes_per_second(const byte_time& tau) {
  if (tau.num == 0) return nullptr;
  return static_cast<double>(tau.den) * 1e12 / static_cast<double>(tau.num);
}
/// A cost the host may not model (memory, flop rate): null when it does not.
ordered_json modelled(double value) { return value > 0 ? ordered_json(value) : ordered_json(nullptr); }

/// The model in SI units: seconds, bytes, bytes per second, flop/s (docs/report.md, "model").
ordered_json model_json(const cost_model& m, const std::vector<network_parameter_value>& parameters) {
  ordered_json own = ordered_json::array();
  for (const auto& p : parameters) own.push_back({{"name", p.name}, {"unit", p.unit}, {"value", p.value}});
  ordered_json j{{"host",
           {{"o_send_s", seconds(m.o_send)},
            {"o_recv_s", seconds(m.o_recv)},
            {"gap_s", seconds(m.gap)},
            {"poll_s", seconds(m.poll)},
            {"flops_per_s", modelled(m.flops.per_second)},
            {"memory_s_per_byte", modelled(seconds_per_byte(m.memory_time))},
            {"memory_bytes_per_s", bytes_per_second(m.memory_time)},
            {"kernel_overhead_s", seconds(m.kernel_overhead)},
            {"short_max_bytes", m.short_max},
            {"collective_call_s", seconds(m.coll_call)},
            {"collective_recv_s", seconds(m.coll_recv)},
            {"reduce_s_per_byte", seconds_per_byte(m.reduce_tau)}}},
          {"wire",
           {{"network", m.network},
            {"alpha_s", seconds(m.alpha)},
            {"tau_s_per_byte", seconds_per_byte(m.tau)},
            {"bandwidth_bytes_per_s", bytes_per_second(m.tau)},
            {"hop_latency_s", seconds(m.hop_latency)},
            {"switching", to_string(m.mode)},
            {"mtu_bytes", m.mtu},
            {"injection", to_string(m.inject)},
            {"ports", to_string(m.ports)},
            {"short_alpha_s", seconds(m.short_alpha)},
            {"short_tau_s_per_byte", seconds_per_byte(m.short_tau)},
            {"chain_alpha_s", seconds(m.chain_alpha)},
            {"flit_bytes", m.flit.flit_bytes},
            {"packet_flits", m.flit.packet_flits},
            {"cycle_s", seconds(m.flit.cycle)},
            {"network_parameters", std::move(own)}}}};
  if (m.eager_max >= 0) {  // only a model with an eager path has these (reports without one stay as they were)
    j["host"]["eager_max_bytes"] = m.eager_max;
    j["wire"]["eager_alpha_s"] = seconds(m.eager_alpha);
    j["wire"]["eager_tau_s_per_byte"] = seconds_per_byte(m.eager_tau);
  }
  return j;
}

ordered_json histogram_json(const cycle_network_figures& c, const log2_histogram& h) {
  return {{"mean", c.mean(h)}, {"histogram", h.buckets}};
}

ordered_json cycle_network_json(const std::string& kind, const cycle_network_figures& c) {
  const auto share = [&](std::int64_t flits) { return static_cast<double>(flits) / static_cast<double>(c.cycles); };
  ordered_json j{{"kind", kind}, {"cycle", c.cycle.ps}, {"cycles", c.cycles}};
  for (const auto& [name, value] : c.configuration) j[name] = value;
  j["flits"] = {{"injected", c.injected_flits}, {"ejected", c.ejected_flits}, {"in_network", c.injected_flits - c.ejected_flits}};
  j["packets"] = c.packets;
  j["accepted_throughput"] = c.accepted_throughput;
  j["latency"] = {{"unit", "cycles"},
                  {"buckets", "bucket 0 counts 0 cycles, bucket i counts [2^(i-1), 2^i)"},
                  {"queueing", histogram_json(c, c.queueing)},
                  {"network", histogram_json(c, c.in_network)}};
  auto& links = j["links"] = ordered_json::array();
  for (std::size_t l = 0; l < c.link_vc_flits.size(); ++l) {
    ordered_json vcs = ordered_json::array();
    std::int64_t flits = 0;
    for (std::int64_t f : c.link_vc_flits[l]) {
      vcs.push_back({{"flits", f}, {"utilization", share(f)}});
      flits += f;
    }
    links.push_back({{"id", l}, {"flits", flits}, {"utilization", share(flits)}, {"vcs", std::move(vcs)}});
  }
  auto& routers = j["routers"] = ordered_json::array();
  for (std::size_t n = 0; n < c.router_blocked_cycles.size(); ++n)
    routers.push_back({{"node", n}, {"blocked_cycles", c.router_blocked_cycles[n]}});
  return j;
}

ordered_json measured_latency_json(const std::string& kind, const measured_latency_figures& m) {
  return {{"kind", kind},
          {"crossed_queues", m.crossed_queues},
          {"same_worker", m.same_worker},
          {"latency", {{"min", m.min.ps},
                       {"mean", m.mean.ps},
                       {"median_below", m.median_below.ps},
                       {"max", m.max.ps},
                       {"histogram_ns_log2", m.histogram_ns_log2}}}};
}

ordered_json network_json(const network_figures& n) {
  if (n.cycles) return cycle_network_json(n.kind, *n.cycles);
  if (n.measured) return measured_latency_json(n.kind, *n.measured);
  return {{"kind", n.kind}};
}

}  // namespace

void write_json(std::ostream& out, const report& r, bool with_host, bool with_invocation) {
  using nlohmann::ordered_json;
  ordered_json j;
  j["schema"] = report_schema;
  j["schema_version"] = report_schema_version;
  // Facts of this invocation, not of the model: left out with the host's (with_host false).
  if (with_invocation) j["weft"] = {{"version", weft_version()}, {"command_line", recorded_command_line()}};
  if (!r.backend.empty()) j["backend"] = r.backend;
  j["program"] = r.program;
  j["machine"] = r.machine;
  j["routing"] = r.routing;
  j["link_model"] = r.model_description;
  if (r.model) j["model"] = model_json(*r.model, r.network_parameters);
  if (r.wall_clock) {  // only then: a virtual report stays byte for byte what it was
    j["clock"] = "wall";
    j["deterministic"] = false;
  }
  j["procs"] = r.procs;
  j["status"] = to_string(r.status);
  j["problems"] = r.problems;
  j["time_unit"] = "ps";
  j["makespan"] = r.makespan.ps;
  j["messages"] = {{"sent", r.sent}, {"delivered", r.delivered}, {"received", r.received}, {"conserved", r.conserved}};
  j["hop_histogram"] = r.hop_histogram;
  auto& jp = j["pes"] = ordered_json::array();
  for (const auto& p : r.pes) {
    ordered_json e{{"rank", p.rank},
                   {"node", p.node},
                   {"finish", p.finish.ps},
                   {"compute", p.compute.ps},
                   {"overhead", p.overhead.ps},
                   {"wait", p.wait.ps},
                   {"sent_messages", p.sent_messages},
                   {"sent_bytes", p.sent_bytes},
                   {"received_messages", p.received_messages},
                   {"received_bytes", p.received_bytes}};
    if (!p.blocked_on.empty()) e["blocked_on"] = p.blocked_on;
    jp.push_back(std::move(e));
  }
  auto& jl = j["links"] = ordered_json::array();
  for (const auto& l : r.links) {
    jl.push_back({{"id", l.id},
                  {"from", l.from},
                  {"to", l.to},
                  {"dimension", l.dimension},
                  {"direction", l.direction},
                  {"bytes", l.bytes},
                  {"busy", l.busy.ps},
                  {"utilization", l.utilization},
                  {"packets", l.packets},
                  {"waited", l.waited},
                  {"wait_total", l.wait_total.ps},
                  {"max_queue", l.max_queue}});
    if (l.flits >= 0) jl.back()["flits"] = l.flits;  // the network's own count, beside the shared ones
  }
  if (!r.network.kind.empty()) j["network"] = network_json(r.network);
  auto& ju = j["unreceived"] = ordered_json::array();
  for (const auto& u : r.unreceived)
    ju.push_back({{"src", u.src}, {"dst", u.dst}, {"tag", u.tag}, {"bytes", u.bytes}, {"arrival", u.arrival.ps}});
  if (r.contention.measured) j["contention"] = detail::contention_json(r);
  if (with_host) {
    std::vector<int> cores;
    for (const auto& p : r.pes) cores.push_back(p.core);
    j["host"] = {{"topology", r.host.host_topology},
                 {"workers", r.host.workers},
                 {"pin", r.host.pin},
                 {"sharing", r.host.sharing},
                 {"worker_cpus", r.host.worker_cpus},
                 {"pes_per_cpu", r.host.pes_per_cpu},
                 {"pe_cpu", cores},
                 {"wall_seconds", r.host.wall_seconds},
                 {"engine_events", r.host.engine_events},
                 {"events_per_second", r.host.events_per_second},
                 {"messages_per_second", r.host.messages_per_second},
                 {"phases", r.host.phases},
                 {"shared_phases", r.host.shared_phases},
                 {"spread_phases", r.host.spread_phases},
                 {"partition", {{"method", r.host.partition}, {"nodes", r.host.partition_nodes}, {"cut_links", r.host.cut_links}, {"border_events", r.host.border_events}}},
                 {"peak_rss_bytes", r.host.peak_rss_bytes}};
    if (!r.host.ranks.empty()) {
      auto& ranks = j["host"]["ranks"] = ordered_json::array();
      for (const auto& s : r.host.ranks)
        ranks.push_back({{"pes", s.pes},
                         {"engine_events", s.engine_events},
                         {"windows", s.windows},
                         {"wait_seconds", s.wait_seconds},
                         {"sent_events", s.sent_events},
                         {"sent_bytes", s.sent_bytes},
                         {"peak_rss_bytes", s.peak_rss_bytes}});
    }
  }
  // A command-line argument need not be UTF-8 (a file name in Latin-1): replaced, not refused.
  out << j.dump(1, ' ', false, ordered_json::error_handler_t::replace) << '\n';
}


}  // namespace weft::output
