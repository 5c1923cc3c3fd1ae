#include "weft/run_budget.hpp"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include "weft/report.hpp"
#include "weft/units.hpp"

namespace weft {

namespace {

// Sizes of what a run allocates, rounded up; they need not be exact, only honest in magnitude.
// Per PE: a ring on 100,000 PEs peaks at 545 MiB with a stack each, 229 MiB with shared stacks
// (docs/PERFORMANCE.md, "What a PE costs in memory"); stacks are committed lazily, so a PE costs
// the pages of its stack it touches, one for a typical program (its canary shares the page
// below's: weft/detail/fiber_stack.hpp), or with shared stacks its frames copied to the heap.
constexpr double touched_stack_bytes = 4 * 1024;
constexpr double copied_frames_bytes = 1536;       // --stacks shared: a blocked PE's frames (~0.9 KiB), on the heap
constexpr double pe_state_bytes = 1536;            // PE state, fiber context, its share of the engine, PE report
constexpr double link_bytes = 256;                 // engine link state + statistics + link report
constexpr double node_bytes = 8;                   // partition of each node
constexpr double message_bytes = 160;              // message object + pool and queue slots
constexpr double event_bytes = 72;                 // one packet's queued event, with bucket slack
constexpr double span_bytes = 2 * 32;              // a link span, in the engine and in the report
constexpr double any_pe_bytes = 256;               // distributed: every PE's report row and slot, on every rank
// A message is at most four calls in the communication log: isend and wait, irecv and wait.
constexpr double calls_per_message = 4;

std::int64_t clamp_bytes(double b) {
  if (!(b < 9.0e18)) return INT64_MAX;  // also NaN
  return static_cast<std::int64_t>(std::ceil(std::max(b, 0.0)));
}

double messages_in_flight(const run_shape& s) {
  return s.traffic.messages_in_flight >= 0 ? static_cast<double>(s.traffic.messages_in_flight)
                                           : static_cast<double>(s.procs);
}

double packets_per_message(const run_shape& s) {
  const double modelled = static_cast<double>(std::max<std::int64_t>(s.traffic.modelled_bytes_per_message, 0));
  return s.mtu > 0 ? std::max(1.0, std::ceil(modelled / static_cast<double>(s.mtu))) : 1.0;
}

// The VCs behind the slots (slots = VCs × buffer; the buffer is not known here, so at least one).
double flit_vcs(const run_shape& s) { return s.flit_slots > 0 ? static_cast<double>(s.links + s.nodes) : 0.0; }

double per_pe_bytes(const run_shape& s) {
  const double stack = s.shared_stacks ? copied_frames_bytes : touched_stack_bytes;
  return std::min(static_cast<double>(s.stack_bytes), stack) + pe_state_bytes;
}

}  // namespace

std::int64_t memory_estimate::total() const {
  return clamp_bytes(static_cast<double>(pes) + static_cast<double>(network) + static_cast<double>(in_flight) +
                     static_cast<double>(program) + static_cast<double>(trace) + static_cast<double>(calls));
}

memory_estimate estimate_run_memory(const run_shape& s) {
  memory_estimate e;
  const double ranks = static_cast<double>(std::max<std::int64_t>(s.ranks, 1));
  const double all_procs = static_cast<double>(s.procs);
  const double procs = std::ceil(all_procs / ranks);  // this process's
  e.pes = clamp_bytes(procs * per_pe_bytes(s) + (ranks > 1 ? all_procs * any_pe_bytes : 0.0));
  e.network = clamp_bytes(static_cast<double>(s.links) * link_bytes + static_cast<double>(s.nodes) * node_bytes +
                          static_cast<double>(s.flit_slots) * static_cast<double>(flit_slot_bytes) +
                          flit_vcs(s) * static_cast<double>(flit_vc_bytes));
  const double flying = std::ceil(messages_in_flight(s) / ranks), packets = packets_per_message(s);
  e.in_flight = clamp_bytes(flying * (message_bytes + static_cast<double>(s.traffic.real_bytes_per_message)) +
                            flying * packets * event_bytes);
  e.program = clamp_bytes(procs * static_cast<double>(std::max<std::int64_t>(s.traffic.real_bytes_per_pe, 0)));
  if (s.trace) {
    // Hops per message are not known before the run: √nodes/2 + 1 is the mean distance on a
    // square torus and errs high on the lower-diameter topologies.
    const double total = s.traffic.messages_total >= 0 ? static_cast<double>(s.traffic.messages_total) : flying;
    const double hops = std::sqrt(static_cast<double>(s.nodes)) / 2 + 1;
    e.trace = clamp_bytes(total * packets * hops * span_bytes + total * 3 * span_bytes);
  }
  if (s.calls) {
    const double total = s.traffic.messages_total >= 0 ? static_cast<double>(s.traffic.messages_total) : flying;
    e.calls = clamp_bytes(total * calls_per_message * static_cast<double>(sizeof(call_record)));
  }
  return e;
}

std::string memory_estimate::describe(const run_shape& s) const {
  std::vector<std::pair<std::int64_t, std::string>> parts;
  if (s.ranks > 1) {  // this process's share, and every PE's row
    const auto here = (s.procs + s.ranks - 1) / s.ranks;
    parts.emplace_back(pes, std::to_string(here) + " of the " + std::to_string(s.procs) + " PEs here × " +
                                format_memory(clamp_bytes(per_pe_bytes(s))) + " and every PE's report row × " +
                                format_memory(clamp_bytes(any_pe_bytes)));
  } else {
    parts.emplace_back(pes, std::to_string(s.procs) + " PEs × " + format_memory(clamp_bytes(per_pe_bytes(s))));
  }
  const double packets = packets_per_message(s);
  const auto flying = clamp_bytes(messages_in_flight(s));
  parts.emplace_back(in_flight, format_memory(in_flight) + " for " + std::to_string(flying) +
                                    (flying == 1 ? " message" : " messages") + " in flight" +
                                    (packets > 1 ? " of " + std::to_string(clamp_bytes(packets)) + " packets each" : ""));
  parts.emplace_back(network, format_memory(network) + " for " + std::to_string(s.links) + " links" +
                                  (s.flit_slots > 0 ? " and " + std::to_string(s.flit_slots) + " flit buffer slots" : ""));
  if (program > 0) parts.emplace_back(program, format_memory(program) + " of program buffers");
  if (trace > 0) parts.emplace_back(trace, format_memory(trace) + " of trace");
  if (calls > 0) parts.emplace_back(calls, format_memory(calls) + " of communication log");
  std::stable_sort(parts.begin(), parts.end(), [](const auto& a, const auto& b) { return a.first > b.first; });
  std::string text;
  for (const auto& [bytes, what] : parts)
    if (bytes > 0) text += (text.empty() ? "" : ", ") + what;  // a machine checked before its PEs: no "0 PEs"
  return text;
}

void check_memory_budget(const run_shape& shape, std::int64_t limit) {
  if (limit <= 0) return;
  const auto e = estimate_run_memory(shape);
  if (e.total() <= limit) return;
  // Name what to lower, by the largest part: the flit buffers, the machine's links, or the run.
  const bool network = e.network >= std::max({e.pes, e.in_flight, e.program, e.trace, e.calls});
  const bool buffers =
      static_cast<double>(shape.flit_slots) * static_cast<double>(flit_slot_bytes) > static_cast<double>(shape.links) * link_bytes;
  const std::string advice = !network ? shape.traffic.advice
                             : buffers ? "lower --vcs/--buffer or raise --max-memory"
                                       : "choose a smaller machine or raise --max-memory";
  throw std::invalid_argument("this run needs about " + format_memory(e.total()) + " (" + e.describe(shape) +
                              "), more than --max-memory " + format_memory(limit) + " allows; " + advice);
}

void check_message_count(double messages, const std::string& sized_by, const std::string& advice) {
  if (!(messages > static_cast<double>(max_messages_per_run))) return;
  char count[32];
  std::snprintf(count, sizeof count, "%.3g", messages);
  throw std::invalid_argument(sized_by + ": this run sends about " + count + " messages, more than the " +
                              std::to_string(max_messages_per_run) +
                              " weft emulates in one run (about 4 minutes at 4 million a second); " + advice);
}

}  // namespace weft
