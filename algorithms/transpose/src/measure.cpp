#include "weft/transpose/measure.hpp"

#include <algorithm>
#include <stdexcept>

namespace weft::transpose {

cost_model paper_model(vtime alpha, byte_time tau) {
  cost_model m;
  m.alpha = alpha;
  m.tau = tau;
  m.poll = vtime::ticks(1);  // the programs never poll; keep every parameter in model units
  m.mode = switching::store_and_forward;
  m.ports = port_model::single_port;
  return m;
}

report run_checked(machine_kind k, const layout& l, const program& prog, const cost_model& model,
                   const run_options& options, std::string_view routing) {
  // The matrix is real data: each PE holds its N²/P doubles as blocks, and copies of them in the
  // parcels it sends and receives and in its result, about four at the peak (2.0 GiB measured for
  // N = 8192, P = 16, direct). Without this the estimate let -N 8192 run past --max-memory 100MiB.
  run_options opt = options;
  opt.traffic.real_bytes_per_pe =
      std::max<std::int64_t>(opt.traffic.real_bytes_per_pe, 4 * static_cast<std::int64_t>(sizeof(double)) * l.elements_per_pe());
  // Refused before the machine is built: a PAX of 16 M PEs took seconds and 2 GB to build first.
  check_memory_before_building(topology_spec(k, l.pes()), routing, model, l.pes(), opt);
  auto r = machine(topology_spec(k, l.pes()), model, routing).run(l.pes(), prog, opt);
  if (r.status != run_status::ok || !r.conserved || !r.unreceived.empty())
    throw std::runtime_error("transpose run on " + topology_spec(k, l.pes()) + " " + l.describe() + " " +
                             to_string(r.status) + ": " +
                             (r.problems.empty() ? std::string("messages left unreceived") : r.problems.front()));
  return r;
}

measurement measure(machine_kind k, const layout& l, const program& prog, vtime alpha, byte_time tau,
                    const run_options& options, std::string_view routing) {
  measurement m;
  m.transfer = run_checked(k, l, prog, paper_model(vtime::zero(), tau), options, routing).makespan;
  m.switching = run_checked(k, l, prog, paper_model(alpha, byte_time{0, 1}), options, routing).makespan;
  m.full = run_checked(k, l, prog, paper_model(alpha, tau), options, routing);
  m.makespan = m.full.makespan;
  for (const auto& link : m.full.links) {
    m.max_link_elements = std::max(m.max_link_elements, link.bytes);
    m.total_link_elements += link.bytes;
  }
  return m;
}

}  // namespace weft::transpose
