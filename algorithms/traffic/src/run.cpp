#include "weft/traffic/run.hpp"

#include <algorithm>
#include <chrono>
#include <cstring>
#include <memory>

#include "weft/traffic/traffic_pe_program.hpp"

namespace weft::traffic {

traffic_hint memory_hint(node_id nodes, double max_load, const params& run) {
  return memory_hint_for_packets(nodes, packets_bound(nodes, max_load, run), run);
}

traffic_hint memory_hint_for_packets(node_id nodes, std::int64_t packets, const params& run) {
  traffic_hint h;
  h.messages_in_flight = packets;
  h.messages_total = packets;
  h.real_bytes_per_message = sizeof(packet_header);
  h.modelled_bytes_per_message = run.shape.packet_bytes();
  // The schedule's send list, the delivery log and the send requests, per PE (what a node is to
  // receive is a count and a fingerprint: no more for more packets).
  const auto per_packet = static_cast<std::int64_t>(sizeof(send) + sizeof(delivery) + sizeof(request));
  // In doubles: a trace may hold 2^55 packets, and the product must refuse, not wrap.
  const double per_pe = static_cast<double>(per_packet) * static_cast<double>(packets) / static_cast<double>(std::max<node_id>(nodes, 1));
  h.real_bytes_per_pe = per_pe >= 0x1p62 ? std::int64_t{1} << 62 : static_cast<std::int64_t>(per_pe);
  return h;
}

point_run run_point(const machine& m, const pattern& p, double load, const params& run, const run_options& options) {
  const auto start = std::chrono::steady_clock::now();
  auto s = std::make_shared<const schedule>(build_schedule(p, load, run));
  auto log = std::make_shared<delivery_log>();
  point_run out;
  auto program = make_traffic_program(s, log);  // sizes the log
  auto shared = options;
  // Spread over processes (--engine mpi), each process gets every PE's deliveries.
  shared.results = {[log](int pe, std::vector<std::byte>& out) {
                      const auto& got = log->per_node[static_cast<std::size_t>(pe)];
                      const auto* p = reinterpret_cast<const std::byte*>(got.data());
                      out.insert(out.end(), p, p + got.size() * sizeof(delivery));
                    },
                    [log](int pe, std::span<const std::byte> bytes) {
                      auto& got = log->per_node[static_cast<std::size_t>(pe)];
                      got.resize(bytes.size() / sizeof(delivery));
                      if (!bytes.empty()) std::memcpy(got.data(), bytes.data(), bytes.size());
                    }};
  out.rep = m.run(s->nodes(), program, shared);
  if (out.rep.status != run_status::ok || !out.rep.conserved) return out;
  out.measured = measure(*s, *log);
  // A network that measures packet latency itself (the flit network) splits it into queueing at
  // the source and time in the network; the message network has no such split.
  if (const auto& cycles = out.rep.network.cycles) {
    out.measured.queueing = cycles->mean(cycles->queueing);
    out.measured.network = cycles->mean(cycles->in_network);
  }
  auto& h = out.host;
  h.wall_seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  h.run_wall_seconds = out.rep.host.wall_seconds;
  if (h.wall_seconds > 0)
    h.router_cycles_per_second =
        static_cast<double>(m.topo().node_count()) * static_cast<double>(out.measured.simulated_cycles) / h.wall_seconds;
  return out;
}

sweep run_sweep(const machine& m, const pattern& p, const std::vector<double>& loads, const params& run,
                const run_options& options, const std::function<void(const point_run&)>& on_point) {
  sweep out;
  out.routing = m.route().name();
  for (double load : loads) {
    auto r = run_point(m, p, load, run, options);
    if (r.rep.status != run_status::ok || !r.rep.conserved) {
      out.stopped = std::move(r.rep);
      break;
    }
    if (on_point) on_point(r);
    out.points.push_back(r.measured);
    out.host.push_back(r.host);
  }
  out.sat = estimate_saturation(out.points, run.cycles - run.warmup);
  out.sat_by_latency = estimate_saturation_by_latency(out.points, run.latency_threshold, run.cycles - run.warmup);
  return out;
}

}  // namespace weft::traffic
