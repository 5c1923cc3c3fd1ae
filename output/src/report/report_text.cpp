// The text report: a run's summary in the style of the papers' tables.
#include <fmt/format.h>
#include <fmt/ostream.h>

#include <algorithm>
#include <ostream>

#include "report_contention.hpp"
#include "weft/output/report_writers.hpp"

namespace weft::output {

namespace {

// The median is known only to its histogram bucket, [upper/2, upper) ns (bucket 0: under 1 ns);
// within the measured min and max, so that it never reads as above the max.
std::string median_text(const measured_latency_figures& m) {
  const vtime upper = m.median_below;
  const vtime lower = upper > vtime::ns(1) ? vtime{upper.ps / 2} : vtime{};
  return "median between " + format_time(max(lower, m.min)) + " and " + format_time(min(upper, m.max));
}

// The CPU each worker was bound to, "-" for one left to the OS; when none was bound, one word.
std::string worker_cpus_text(const std::vector<int>& cpus) {
  if (std::all_of(cpus.begin(), cpus.end(), [](int c) { return c < 0; })) return "workers not pinned";
  std::string text = "worker CPUs";
  for (int c : cpus) text += c < 0 ? std::string(" -") : " " + std::to_string(c);
  return text;
}

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

/// The network's own figures in one line (report::network).
std::string network_summary(const report& r) {
  if (const auto& c = r.network.cycles) {
    std::int64_t blocked = 0;
    for (std::int64_t b : c->router_blocked_cycles) blocked += b;
    return fmt::format(
        "{} network: {} flits in {} packets, accepted {:.4f} flits/node/cycle over {} cycles; packet latency "
        "{:.1f} cycles ({:.1f} queueing at the source + {:.1f} in the network); {} router-cycles blocked",
        r.network.kind, c->ejected_flits, c->packets, c->accepted_throughput, c->cycles,
        c->mean(c->queueing) + c->mean(c->in_network), c->mean(c->queueing), c->mean(c->in_network), blocked);
  }
  if (const auto& m = r.network.measured)
    return "wall clock: " + std::to_string(m->crossed_queues) + " messages crossed worker queues (" +
           std::to_string(m->same_worker) + " stayed on their worker); measured latency min " + format_time(m->min) +
           ", mean " + format_time(m->mean) + ", " + median_text(*m) + ", max " + format_time(m->max);
  return {};
}

// What the sent/delivered counts say: every message arrived ("conserved"), or the run stopped
// early (interrupted, a virtual-time overflow, a network deadlock) with some still on their way,
// which is not a loss and must not read as "conserved" either. A loss is on the status line.
std::string conservation_note(const report& r) {
  if (!r.conserved) return "";
  if (r.sent == r.delivered) return " (conserved)";
  return fmt::format(" (stopped early: {} still in the network)", r.sent - r.delivered);
}

}  // namespace

void write_text(std::ostream& out, const report& r, int top_links, bool verbose) {
  auto t = [&](vtime v) { return format_time(v, r.ticks); };
  fmt::print(out, "weft run: {} on {} PEs, machine {} (routing {})\n", r.program, r.procs, r.machine, r.routing);
  // A measured clock applies no link model: printing one would say the times came from it.
  if (!r.wall_clock) fmt::print(out, "link model: {}\n", r.model_description);
  if (!r.backend.empty()) fmt::print(out, "backend: {} (wall-clock times measured by the ranks)\n", r.backend);
  if (r.wall_clock) fmt::print(out, "clock: wall (times measured on this host, not modelled; not deterministic)\n");
  fmt::print(out, "status: {}{}\n", to_string(r.status), r.conserved ? "" : "  (CONSERVATION VIOLATED)");
  for (const auto& p : r.problems) fmt::print(out, "  {}\n", p);
  fmt::print(out, "makespan: {}{}\n\n", t(r.makespan), r.abstract_units ? " units" : "");

  fmt::print(out, "{:<10} {:>16} {:>16} {:>16}\n", "per PE", "min", "mean", "max");
  const double n = r.pes.empty() ? 1.0 : static_cast<double>(r.pes.size());
  auto row = [&](const char* name, spread s) {
    fmt::print(out, "{:<10} {:>16} {:>16} {:>16}\n", name, t(s.min),
               t({static_cast<std::int64_t>(static_cast<double>(s.sum) / n)}), t(s.max));
  };
  row("finish", over_pes(r.pes, [](const pe_report& p) { return p.finish; }));
  // On a measured clock no compute model is charged: that row is the time each PE's own code ran
  // on a CPU (its loop, payload copies and checks), whether it calls compute() or not.
  row(r.wall_clock ? "running" : "compute", over_pes(r.pes, [](const pe_report& p) { return p.compute; }));
  row("overhead", over_pes(r.pes, [](const pe_report& p) { return p.overhead; }));
  row("wait", over_pes(r.pes, [](const pe_report& p) { return p.wait; }));

  std::uint64_t msgs = 0;
  for (std::size_t h = 0; h < r.hop_histogram.size(); ++h) msgs += r.hop_histogram[h];
  fmt::print(out, "\nmessages: {} sent, {} delivered, {} received{}\n", r.sent, r.delivered, r.received,
             conservation_note(r));
  // Hops and links are the emulated network's: a run on MPI ranks has neither, and one on the
  // wall clock crosses no modelled link (its measured latencies are the network summary).
  if (r.backend.empty()) {
    if (!r.wall_clock) fmt::print(out, "hops:");
    double hop_sum = 0;
    for (std::size_t h = 0; h < r.hop_histogram.size(); ++h)
      if (r.hop_histogram[h]) {
        fmt::print(out, " {}:{}", h, r.hop_histogram[h]);
        hop_sum += static_cast<double>(h * r.hop_histogram[h]);
      }
    if (!r.wall_clock) fmt::print(out, "  (mean {:.2f})\n", msgs ? hop_sum / static_cast<double>(msgs) : 0.0);

    std::vector<const link_report*> used;
    for (const auto& l : r.links)
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
    if (!r.wall_clock)
      fmt::print(out, "links: {} of {} used, {} packets waited for a busy link, deepest queue {}\n", used.size(),
                 r.links.size(), waited, deepest);
    if (!r.network.kind.empty()) fmt::print(out, "{}\n", network_summary(r));
    if (!used.empty()) {
      fmt::print(out, "{:>6} {:>13} {:>12} {:>14} {:>6} {:>8} {:>7}\n", "link", "from->to",
                 r.elements ? "elements" : "bytes", "busy",
                 "util", "waited", "queue");
      for (std::size_t i = 0; i < used.size() && static_cast<int>(i) < top_links; ++i) {
        const auto& l = *used[i];
        fmt::print(out, "{:>6} {:>13} {:>12} {:>14} {:>5.1f}% {:>8} {:>7}\n", l.id,
                   fmt::format("{}->{}", l.from, l.to), l.bytes, t(l.busy), 100.0 * l.utilization, l.waited,
                   l.max_queue);
      }
      // A bare cut would read as the whole list: say how many are left out and where they are.
      if (top_links >= 0 && used.size() > static_cast<std::size_t>(top_links))
        fmt::print(out, "  ... and {} more used links, none busier (every link: --verbose or --json FILE)\n",
                   used.size() - static_cast<std::size_t>(top_links));
    }
  }
  if (r.contention.measured) detail::print_contention(out, r);
  if (!r.unreceived.empty()) {
    fmt::print(out, "\nunreceived messages: {}\n", r.unreceived.size());
    for (std::size_t i = 0; i < r.unreceived.size() && i < 20; ++i) {
      const auto& u = r.unreceived[i];
      fmt::print(out, "  {} -> {} tag {} ({} B) arrived at {}\n", u.src, u.dst, u.tag, u.bytes, t(u.arrival));
    }
    if (r.unreceived.size() > 20) fmt::print(out, "  ... and {} more\n", r.unreceived.size() - 20);
  }
  if (!r.backend.empty()) {
    fmt::print(out, "\nhost: {}; wall {:.3f} s, {:.3g} messages/s, peak RSS {} (the largest rank's)\n", r.host.host_topology,
               r.host.wall_seconds, r.host.messages_per_second, format_bytes(r.host.peak_rss_bytes));
    return;
  }
  fmt::print(out, "\nhost: {}; {} workers, pin {}, sharing {}", r.host.host_topology, r.host.workers, r.host.pin,
             r.host.sharing);
  if (!verbose) {
    fmt::print(out, "\nwall {:.3f} s, {:.3g} messages/s, peak RSS {}\n", r.host.wall_seconds, r.host.messages_per_second,
               format_bytes(r.host.peak_rss_bytes));
    return;
  }
  if (!r.host.worker_cpus.empty()) fmt::print(out, " ({})", worker_cpus_text(r.host.worker_cpus));
  fmt::print(out, "\nPEs per CPU (most resumes):");
  for (std::size_t c = 0; c < r.host.pes_per_cpu.size(); ++c)
    if (r.host.pes_per_cpu[c]) fmt::print(out, " cpu{}:{}", c, r.host.pes_per_cpu[c]);
  fmt::print(out,
             "\nwall {:.3f} s, {} engine events ({:.3g}/s), {:.3g} messages/s, {} phases ({} shared with helpers, "
             "{} spread over workers), peak RSS {}\n",
             r.host.wall_seconds, r.host.engine_events, r.host.events_per_second, r.host.messages_per_second, r.host.phases,
             r.host.shared_phases, r.host.spread_phases, format_bytes(r.host.peak_rss_bytes));
  if (r.host.partition_nodes.size() > 1) {
    fmt::print(out, "engine partitions ({}): nodes", r.host.partition);
    for (auto n : r.host.partition_nodes) fmt::print(out, " {}", n);
    fmt::print(out, ", {} links cut, {} events crossed between them\n", r.host.cut_links, r.host.border_events);
  }
  if (!r.host.ranks.empty()) {
    fmt::print(out, "ranks (--engine mpi)   PEs   events  windows  wait(s)  sent events  sent bytes  peak RSS\n");
    for (std::size_t k = 0; k < r.host.ranks.size(); ++k) {
      const auto& s = r.host.ranks[k];
      fmt::print(out, "  rank {:<5} {:>12} {:>8} {:>8} {:>8.3f} {:>12} {:>11} {:>9}\n", k, s.pes, s.engine_events,
                 s.windows, s.wait_seconds, s.sent_events, s.sent_bytes, format_bytes(s.peak_rss_bytes));
    }
  }
}

}  // namespace weft::output
