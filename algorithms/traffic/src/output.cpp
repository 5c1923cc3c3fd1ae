#include "weft/traffic/output.hpp"

#include <fmt/format.h>

#include <nlohmann/json.hpp>
#include <ostream>
#include <string>
#include <vector>

#include "weft/output/csv.hpp"

namespace weft::traffic {

namespace {

bool has_split(const sweep& s) {
  return !s.points.empty() && s.points.front().queueing.has_value();
}

// Why the lowest failing load fails: its average latency, or (when that is still under the
// threshold) a latency that grows through the run.
std::string why_it_fails(const latency_saturation& s) {
  const point& p = *s.first_failing;
  if (s.first_failing_grows && p.latency <= s.threshold)
    return fmt::format("offered {:.4f} is past saturation: its latency grows through the run", p.offered);
  return fmt::format("offered {:.4f} averaged {:.2f}", p.offered, p.latency);
}

void print_saturation_by_latency(std::ostream& out, const sweep& s) {
  const auto& b = s.sat_by_latency;
  const auto head = fmt::format("saturation {} by latency: ", s.routing);
  if (!b.measured)
    out << head << "unknown (no point measured a packet)\n";
  else if (!b.offered)
    out << head << fmt::format("none of the loads averaged at most {} cycles ({}; lower --load to find it)\n", b.threshold,
                               why_it_fails(b));
  else if (b.reached())
    out << head << fmt::format("{:.4f} flits/node/cycle (highest offered averaging at most {} cycles; {})\n", *b.offered,
                               b.threshold, why_it_fails(b));
  else
    out << head << fmt::format("at least {:.4f} flits/node/cycle (every measured load averaged at most {} cycles: raise "
                               "--load to reach it)\n",
                               *b.offered, b.threshold);
}

// The sweep-level figures after the per-point rows, as comment lines (like the "# stopped"
// line): a CSV reader that skips '#' lines still sees one table.
void write_csv_saturation(std::ostream& out, const sweep& s) {
  const auto& b = s.sat_by_latency;
  out << fmt::format("# saturation {} {:.6f} saturated={}\n", s.routing, s.sat.throughput, s.sat.reached);
  out << fmt::format("# saturation_by_latency {} {} saturated_by_latency={} latency_threshold={}\n", s.routing,
                     b.offered ? fmt::format("{:.6f}", *b.offered) : "none", b.reached(), b.threshold);
}

}  // namespace

void print_table_header(std::ostream& out, const std::string& routing, bool split) {
  out << "routing " << routing << "\n"
      << fmt::format("{:>8} {:>9} {:>9} {:>10} {:>9} {:>9} {:>8}", "load", "offered", "accepted", "latency", "p50", "p99",
                     "packets")
      << (split ? fmt::format(" {:>9} {:>9}", "queueing", "network") : "") << "\n";
}

void print_table_row(std::ostream& out, const point& p, bool split) {
  if (p.has_latency())
    out << fmt::format("{:>8.4f} {:>9.4f} {:>9.4f} {:>10.2f} {:>9.2f} {:>9.2f} {:>8}", p.load, p.offered, p.accepted,
                       p.latency, p.p50, p.p99, p.packets);
  else  // an average of no packets is no latency: say so rather than print 0.00
    out << fmt::format("{:>8.4f} {:>9.4f} {:>9.4f} {:>10} {:>9} {:>9} {:>8}", p.load, p.offered, p.accepted, "-", "-", "-",
                       p.packets);
  if (split && p.queueing) out << fmt::format(" {:>9.2f} {:>9.2f}", *p.queueing, *p.network);
  if (!p.has_latency()) out << "  no packet measured: no latency (raise --cycles or --load)";
  out << "\n";
}

void print_saturation(std::ostream& out, const sweep& s) {
  if (s.points.empty()) return;
  if (!s.sat.measured)
    out << fmt::format("saturation {}: unknown (no point measured a packet: raise --cycles or --load)\n", s.routing);
  else if (s.sat.past_saturation)
    out << fmt::format("saturation {}: below offered {:.4f} flits/node/cycle (the lowest measured load is already past "
                       "saturation: its latency grows through the run and it accepted {:.4f}; lower --load to find the knee)\n",
                       s.routing, s.sat.zero_load_offered, s.sat.throughput);
  else if (s.sat.reached)
    out << fmt::format("saturation {}: {:.4f} flits/node/cycle (highest accepted; latency passed 3x the zero-load {:.2f} "
                       "cycles from offered {:.4f})\n",
                       s.routing, s.sat.throughput, s.sat.zero_load, s.sat.knee_load);
  else
    out << fmt::format("saturation {}: at least {:.4f} flits/node/cycle (latency never passed 3x the zero-load {:.2f} "
                       "cycles: raise --load to reach it)\n",
                       s.routing, s.sat.throughput, s.sat.zero_load);
  print_saturation_by_latency(out, s);
}

void write_csv(std::ostream& out, const std::vector<sweep>& sweeps) {
  bool split = false;
  for (const auto& s : sweeps) split = split || has_split(s);
  // The queueing/network split is a pair of columns only when some point has it.
  std::vector<std::string> header{"routing", "load", "offered", "accepted", "latency", "p50", "p99", "packets"};
  if (split) header.insert(header.end(), {"queueing", "network"});
  output::write_csv_fields(out, header);
  const auto cycles4 = [](double v) { return fmt::format("{:.4f}", v); };
  for (const auto& s : sweeps)
    for (const auto& p : s.points) {
      // No measured packet: the latency columns stay empty (no number, not 0).
      const auto cycles = [&](double v) { return p.has_latency() ? cycles4(v) : std::string(); };
      std::vector<std::string> row{s.routing,          fmt::format("{}", p.load),         fmt::format("{:.6f}", p.offered),
                                   fmt::format("{:.6f}", p.accepted), cycles(p.latency), cycles(p.p50), cycles(p.p99),
                                   fmt::format("{}", p.packets)};
      if (split) {
        row.push_back(p.queueing ? cycles4(*p.queueing) : std::string());
        row.push_back(p.queueing ? cycles4(*p.network) : std::string());
      }
      output::write_csv_fields(out, row);
    }
  for (const auto& s : sweeps) write_csv_saturation(out, s);
}

void write_json(std::ostream& out, const run_description& d, const std::vector<sweep>& sweeps) {
  using nlohmann::ordered_json;
  // The offered load, or null when no measured load stayed under the threshold.
  const auto by_latency = [](const sweep& s) {
    return s.sat_by_latency.offered ? ordered_json(*s.sat_by_latency.offered) : ordered_json(nullptr);
  };
  ordered_json routings = ordered_json::array(), points = ordered_json::array();
  for (const auto& s : sweeps) {
    // null, not 0, where nothing was measured (docs/traffic.md).
    const auto cycles = [](bool known, double v) { return known ? ordered_json(v) : ordered_json(nullptr); };
    routings.push_back({{"routing", s.routing},
                        {"saturation", s.sat.throughput},
                        {"saturated", s.sat.reached},
                        {"past_saturation", s.sat.past_saturation},
                        {"zero_load_latency", cycles(s.sat.measured, s.sat.zero_load)},
                        {"knee_offered", s.sat.knee_load},
                        {"saturation_by_latency", by_latency(s)},
                        {"saturated_by_latency", s.sat_by_latency.reached()}});
    for (std::size_t i = 0; i < s.points.size(); ++i) {
      const point& p = s.points[i];
      const bool m = p.has_latency();
      ordered_json j{{"routing", s.routing},         {"load", p.load},           {"offered", p.offered},
                     {"accepted", p.accepted},       {"measured", m},            {"latency", cycles(m, p.latency)},
                     {"p50", cycles(m, p.p50)},      {"p99", cycles(m, p.p99)},  {"packets", p.packets},
                     {"simulated_cycles", p.simulated_cycles}};
      if (p.queueing) {
        j["queueing"] = *p.queueing;
        j["network"] = *p.network;
      }
      if (i < s.host.size()) {  // what the point cost here: left out when reports are compared
        const point_host& h = s.host[i];
        j["host"] = {{"wall_seconds", h.wall_seconds},
                     {"run_wall_seconds", h.run_wall_seconds},
                     {"router_cycles_per_second", h.router_cycles_per_second}};
      }
      points.push_back(std::move(j));
    }
  }
  const auto& r = d.run;
  ordered_json j{{"pattern", d.pattern},
                 {"machine", d.machine},
                 {"network", d.network},
                 {"nodes", d.nodes},
                 {"cycles", r.cycles},
                 {"warmup", r.warmup},
                 {"seed", r.seed},
                 {"packet_flits", r.shape.packet_flits},
                 {"flit_bytes", r.shape.flit_bytes},
                 {"cycle_ps", r.shape.cycle.ps},
                 {"saturation", sweeps.empty() ? 0.0 : sweeps.front().sat.throughput},
                 {"saturation_by_latency", sweeps.empty() ? ordered_json(nullptr) : by_latency(sweeps.front())},
                 {"latency_threshold", r.latency_threshold},
                 {"routings", std::move(routings)},
                 {"points", std::move(points)}};
  out << j.dump(1) << "\n";
}

}  // namespace weft::traffic
