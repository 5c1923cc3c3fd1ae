#include "weft/report.hpp"

#include <fmt/format.h>
#include <fmt/ostream.h>

#include <algorithm>
#include <nlohmann/json.hpp>
#include <numeric>
#include <ostream>

#include "report_contention.hpp"

namespace weft {

std::string to_string(run_status s) {
  switch (s) {
    case run_status::deadlock: return "deadlock";
    case run_status::failed: return "failed";
    case run_status::interrupted: return "interrupted";
    case run_status::network_deadlock: return "network-deadlock";
    default: return "ok";
  }
}

std::ostream& operator<<(std::ostream& out, run_status s) { return out << to_string(s); }

int report::exit_code() const {
  switch (status) {
    case run_status::deadlock: return 3;
    case run_status::failed: return 4;
    case run_status::interrupted: return 130;  // 128 + SIGINT, as a shell reports it
    case run_status::network_deadlock: return 7;
    default: return conserved ? 0 : 5;
  }
}

namespace {

struct spread {
  vtime min = vtime::infinity(), max{};
  __int128 sum = 0;  // of up to 2^31 times of up to 2^63 ps each
};

template <class F>
spread over_pes(const std::vector<pe_report>& pes, F field) {
  spread s;
  for (const auto& p : pes) {
    vtime v = field(p);
    s.min = min(s.min, v);
    s.max = max(s.max, v);
    s.sum += v.ps;
  }
  if (pes.empty()) s.min = {};
  return s;
}

}  // namespace

void report::print(std::ostream& out, int top_links) const {
  auto t = [&](vtime v) { return format_time(v, ticks); };
  fmt::print(out, "weft run: {} on {} PEs, machine {} (routing {})\n", program, procs, machine, routing);
  fmt::print(out, "link model: {}\n", model);
  if (!backend.empty()) fmt::print(out, "backend: {} (wall-clock times measured by the ranks)\n", backend);
  if (wall_clock) fmt::print(out, "clock: wall (times measured on this host, not modelled; not deterministic)\n");
  fmt::print(out, "status: {}{}\n", to_string(status), conserved ? "" : "  (CONSERVATION VIOLATED)");
  for (const auto& p : problems) fmt::print(out, "  {}\n", p);
  fmt::print(out, "makespan: {}\n\n", t(makespan));

  fmt::print(out, "{:<10} {:>16} {:>16} {:>16}\n", "per PE", "min", "mean", "max");
  const double n = pes.empty() ? 1.0 : static_cast<double>(pes.size());
  auto row = [&](const char* name, spread s) {
    fmt::print(out, "{:<10} {:>16} {:>16} {:>16}\n", name, t(s.min),
               t({static_cast<std::int64_t>(static_cast<double>(s.sum) / n)}), t(s.max));
  };
  row("finish", over_pes(pes, [](const pe_report& p) { return p.finish; }));
  row("compute", over_pes(pes, [](const pe_report& p) { return p.compute; }));
  row("overhead", over_pes(pes, [](const pe_report& p) { return p.overhead; }));
  row("wait", over_pes(pes, [](const pe_report& p) { return p.wait; }));

  std::uint64_t msgs = 0;
  for (std::size_t h = 0; h < hop_histogram.size(); ++h) msgs += hop_histogram[h];
  fmt::print(out, "\nmessages: {} sent, {} delivered, {} received{}\n", sent, delivered, received,
             conserved ? " (conserved)" : "");
  // Hops and links are the emulated network's: a run on MPI ranks has neither, and one on the
  // wall clock crosses no modelled link (its measured latencies are the network summary).
  if (backend.empty()) {
    if (!wall_clock) fmt::print(out, "hops:");
    double hop_sum = 0;
    for (std::size_t h = 0; h < hop_histogram.size(); ++h)
      if (hop_histogram[h]) {
        fmt::print(out, " {}:{}", h, hop_histogram[h]);
        hop_sum += static_cast<double>(h * hop_histogram[h]);
      }
    if (!wall_clock) fmt::print(out, "  (mean {:.2f})\n", msgs ? hop_sum / static_cast<double>(msgs) : 0.0);

    std::vector<const link_report*> used;
    for (const auto& l : links)
      if (l.packets) used.push_back(&l);
    std::stable_sort(used.begin(), used.end(), [](auto* a, auto* b) {
      return a->busy != b->busy ? a->busy > b->busy : a->id < b->id;
    });
    std::uint64_t waited = 0;
    std::int32_t deepest = 0;
    for (auto* l : used) {
      waited += l->waited;
      deepest = std::max(deepest, l->max_queue);
    }
    if (!wall_clock)
      fmt::print(out, "links: {} of {} used, {} packets waited for a busy link, deepest queue {}\n", used.size(),
                 links.size(), waited, deepest);
    if (!network_summary.empty()) fmt::print(out, "{}\n", network_summary);
    if (!used.empty()) {
      fmt::print(out, "{:>6} {:>13} {:>12} {:>14} {:>6} {:>8} {:>7}\n", "link", "from->to", "bytes", "busy",
                 "util", "waited", "queue");
      for (std::size_t i = 0; i < used.size() && static_cast<int>(i) < top_links; ++i) {
        const auto& l = *used[i];
        fmt::print(out, "{:>6} {:>13} {:>12} {:>14} {:>5.1f}% {:>8} {:>7}\n", l.id,
                   fmt::format("{}->{}", l.from, l.to), l.bytes, t(l.busy), 100.0 * l.utilization, l.waited,
                   l.max_queue);
      }
    }
  }
  if (contention.measured) detail::print_contention(out, *this);
  if (!unreceived.empty()) {
    fmt::print(out, "\nunreceived messages: {}\n", unreceived.size());
    for (std::size_t i = 0; i < unreceived.size() && i < 20; ++i) {
      const auto& u = unreceived[i];
      fmt::print(out, "  {} -> {} tag {} ({} B) arrived at {}\n", u.src, u.dst, u.tag, u.bytes, t(u.arrival));
    }
    if (unreceived.size() > 20) fmt::print(out, "  ... and {} more\n", unreceived.size() - 20);
  }
  if (!backend.empty()) {
    fmt::print(out, "\nhost: {}; wall {:.3f} s, {:.3g} messages/s, peak RSS {} (the largest rank's)\n", host.host_topology,
               host.wall_seconds, host.messages_per_second, format_bytes(host.peak_rss_bytes));
    return;
  }
  fmt::print(out, "\nhost: {}; {} workers, pin {}, sharing {}", host.host_topology, host.workers, host.pin,
             host.sharing);
  if (!host.worker_cpus.empty()) {
    fmt::print(out, " (worker CPUs");
    for (int c : host.worker_cpus) fmt::print(out, " {}", c);
    fmt::print(out, ")");
  }
  fmt::print(out, "\nPEs per CPU (most resumes):");
  for (std::size_t c = 0; c < host.pes_per_cpu.size(); ++c)
    if (host.pes_per_cpu[c]) fmt::print(out, " cpu{}:{}", c, host.pes_per_cpu[c]);
  fmt::print(out,
             "\nwall {:.3f} s, {} engine events ({:.3g}/s), {:.3g} messages/s, {} phases ({} shared with helpers, "
             "{} spread over workers), peak RSS {}\n",
             host.wall_seconds, host.engine_events, host.events_per_second, host.messages_per_second, host.phases,
             host.shared_phases, host.spread_phases, format_bytes(host.peak_rss_bytes));
}

void report::write_json(std::ostream& out, bool with_host) const {
  using nlohmann::ordered_json;
  ordered_json j;
  j["schema"] = "weft.report/1";
  if (!backend.empty()) j["backend"] = backend;
  j["program"] = program;
  j["machine"] = machine;
  j["routing"] = routing;
  j["link_model"] = model;
  if (wall_clock) {  // only then: a virtual report stays byte for byte what it was
    j["clock"] = "wall";
    j["deterministic"] = false;
  }
  j["procs"] = procs;
  j["status"] = to_string(status);
  j["problems"] = problems;
  j["time_unit"] = "ps";
  j["makespan"] = makespan.ps;
  j["messages"] = {{"sent", sent}, {"delivered", delivered}, {"received", received}, {"conserved", conserved}};
  j["hop_histogram"] = hop_histogram;
  auto& jp = j["pes"] = ordered_json::array();
  for (const auto& p : pes) {
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
  for (const auto& l : links)
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
  if (!network_json.empty()) j["network"] = ordered_json::parse(network_json);
  auto& ju = j["unreceived"] = ordered_json::array();
  for (const auto& u : unreceived)
    ju.push_back({{"src", u.src}, {"dst", u.dst}, {"tag", u.tag}, {"bytes", u.bytes}, {"arrival", u.arrival.ps}});
  if (contention.measured) j["contention"] = detail::contention_json(*this);
  if (with_host) {
    std::vector<int> cores;
    for (const auto& p : pes) cores.push_back(p.core);
    j["host"] = {{"topology", host.host_topology},
                 {"workers", host.workers},
                 {"pin", host.pin},
                 {"sharing", host.sharing},
                 {"worker_cpus", host.worker_cpus},
                 {"pes_per_cpu", host.pes_per_cpu},
                 {"pe_cpu", cores},
                 {"wall_seconds", host.wall_seconds},
                 {"engine_events", host.engine_events},
                 {"events_per_second", host.events_per_second},
                 {"messages_per_second", host.messages_per_second},
                 {"phases", host.phases},
                 {"shared_phases", host.shared_phases},
                 {"spread_phases", host.spread_phases},
                 {"peak_rss_bytes", host.peak_rss_bytes}};
  }
  out << j.dump(1) << '\n';
}

void report::write_trace(std::ostream& out) const {
  // Chrome trace event format: "X" complete events, timestamps in microseconds.
  // pid 1 = PEs (tid = rank), pid 2 = links (tid = link id).
  static const char* kinds[] = {"compute", "overhead", "wait"};
  out << "{\"displayTimeUnit\":\"ns\",\"traceEvents\":[\n";
  out << R"({"ph":"M","pid":1,"name":"process_name","args":{"name":"PEs"}},)" << '\n';
  out << R"({"ph":"M","pid":2,"name":"process_name","args":{"name":"links"}})";
  for (const auto& s : trace.pes)
    fmt::print(out, ",\n{{\"ph\":\"X\",\"pid\":1,\"tid\":{},\"name\":\"{}\",\"ts\":{:.6f},\"dur\":{:.6f}}}", s.rank,
               kinds[s.kind], s.begin.micros(), (s.end - s.begin).micros());
  for (const auto& s : trace.links)
    fmt::print(out,
               ",\n{{\"ph\":\"X\",\"pid\":2,\"tid\":{},\"name\":\"{}->{}\",\"ts\":{:.6f},\"dur\":{:.6f},"
               "\"args\":{{\"from_node\":{},\"to_node\":{}}}}}",
               s.link, s.src, s.dst, s.begin.micros(), (s.end - s.begin).micros(),
               links.empty() ? 0 : links[static_cast<std::size_t>(s.link)].from,
               links.empty() ? 0 : links[static_cast<std::size_t>(s.link)].to);
  if (contention.measured) detail::trace_contention(out, *this);
  out << "\n]}\n";
}

}  // namespace weft
