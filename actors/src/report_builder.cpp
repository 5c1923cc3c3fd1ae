#include "weft/detail/report_builder.hpp"

#include <algorithm>
#include <string>
#include <tuple>

#include "weft/detail/network_registry.hpp"

namespace weft::detail {

namespace {

std::string peer_text(int peer) { return peer == any_source ? "any" : std::to_string(peer); }
std::string tag_text(int tag) {
  if (tag == any_tag.value) return "any";
  if (tag == barrier_tag) return "barrier";
  return std::to_string(tag);
}

}  // namespace

std::string describe_wait(const pe_state& pe) {
  std::string what;
  int shown = 0, more = 0;
  for (const auto& slot : pe.requests) {
    if (!slot.waited || slot.complete) continue;
    if (shown == 4) {
      ++more;
      continue;
    }
    if (!what.empty()) what += ", ";
    if (slot.kind == request_kind::recv)
      what += "recv(src=" + peer_text(slot.peer) + ", tag=" + tag_text(slot.tag) + ")";
    else
      what += "send(dst=" + std::to_string(slot.peer) + ", tag=" + tag_text(slot.tag) + ")";
    ++shown;
  }
  if (more) what += " and " + std::to_string(more) + " more";
  return what;
}

report build_report(const machine& m, const engine& net, pe_table& pes,
                    engine::outcome outcome, const run_options& options, const rank_totals* totals) {
  report r;
  r.program = options.program_name;
  r.machine = m.topo().spec();
  r.routing = m.route().name();
  r.model_description = describe_model(m.model());
  r.model = m.model();
  r.network_parameters = network_parameters_of(m.model().wire(), m.topo());
  r.procs = pes.procs();
  r.sent = net.injected();
  r.delivered = net.delivered();
  r.hop_histogram = net.hop_histogram();

  vtime makespan = net.last_arrival();
  if (totals) {
    makespan = totals->makespan;
    if (totals->pe_failed) r.status = run_status::failed;
  }
  r.pes.reserve(pes.held().size());
  for (auto& pe : pes.held()) {
    pe_report p;
    p.rank = pe.rank;
    p.node = options.node_of_rank.empty() ? pe.rank : options.node_of_rank[static_cast<std::size_t>(pe.rank)];
    p.finish = pe.clock;
    p.compute = pe.compute_time;
    p.overhead = pe.overhead_time;
    p.wait = pe.wait_time;
    p.sent_messages = pe.sent_messages;
    p.sent_bytes = pe.sent_bytes;
    p.received_messages = pe.received_messages;
    p.received_bytes = pe.received_bytes;
    if (!pe.cpu_resumes.empty())
      p.core = static_cast<int>(std::max_element(pe.cpu_resumes.begin(), pe.cpu_resumes.end()) -
                                pe.cpu_resumes.begin());
    r.received += pe.received_messages;
    makespan = max(makespan, pe.clock);
    if (pe.status == pe_status::failed) {
      r.status = run_status::failed;
      r.problems.push_back("PE " + std::to_string(pe.rank) + " failed: " + pe.failure);
    } else if (pe.status == pe_status::blocked) {
      p.blocked_on = describe_wait(pe);
      // A PE whose awaited message had come but which was not resumed before the run stopped
      // (an interrupted wall-clock run) waits for nothing: say so rather than "waiting for ".
      if (p.blocked_on.empty())
        r.problems.push_back("PE " + std::to_string(pe.rank) + " runnable at " + format_time(pe.clock) +
                             " (its message had come; not resumed before the run stopped)");
      else
        r.problems.push_back("PE " + std::to_string(pe.rank) + " blocked at " + format_time(pe.clock) +
                             " waiting for " + p.blocked_on);
    }
    for (message* u : pe.unexpected.remaining())
      r.unreceived.push_back({u->src, u->dst, u->tag, u->bytes, u->arrival});
    r.pes.push_back(std::move(p));
  }
  if (outcome == engine::outcome::overflow) {
    r.status = run_status::failed;
    r.problems.insert(r.problems.begin(), net.overflow_problem());
  }
  if (auto why = net.routing_error(); !why.empty()) {  // its messages never arrived: not a deadlock
    r.status = run_status::failed;
    r.problems.insert(r.problems.begin(), why);
  }
  if (outcome == engine::outcome::network_deadlock && r.status == run_status::ok) {
    r.status = run_status::network_deadlock;
    r.problems.insert(r.problems.begin(), "network deadlock: " + net.network_problem());
  }
  if (outcome == engine::outcome::deadlock && r.status == run_status::ok) {
    r.status = run_status::deadlock;
    r.problems.insert(r.problems.begin(), "deadlock: every unfinished PE is blocked and no message is in flight");
  }
  r.makespan = makespan;
  // A run stopped by an overflow leaves messages in flight: nothing was lost, the run ended.
  // (A network deadlock leaves them in the network: not lost either.)
  r.conserved = r.sent == r.delivered || outcome == engine::outcome::overflow ||
                outcome == engine::outcome::network_deadlock;

  if (options.trace)
    for (auto& pe : pes.held())
      for (const auto& s : pe.spans) r.trace.pes.push_back({pe.rank, s.begin, s.end, s.kind});
  if (options.record_messages) {
    for (auto& pe : pes.held()) r.trace.messages.insert(r.trace.messages.end(), pe.received_log.begin(), pe.received_log.end());
    std::sort(r.trace.messages.begin(), r.trace.messages.end(), [](const message_record& a, const message_record& b) {
      return std::tie(a.ready, a.src, a.seq) < std::tie(b.ready, b.src, b.seq);
    });
  }
  if (options.record_calls) {  // by PE rank (a distributed run's rank holds some of them)
    r.calls.resize(static_cast<std::size_t>(pes.procs()));
    for (auto& pe : pes.held()) r.calls[static_cast<std::size_t>(pe.rank)] = std::move(pe.calls);
  }
  net.add_network_report(r, makespan);  // per-link figures and link spans
  return r;
}

}  // namespace weft::detail
