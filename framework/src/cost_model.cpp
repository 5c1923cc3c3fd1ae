#include "weft/cost_model.hpp"

#include <cstdio>
#include <stdexcept>

#include "weft/detail/spellings.hpp"
#include "weft/detail/checked_time.hpp"

namespace weft {

namespace {

void non_negative(vtime t, const char* name) {
  if (t.ps < 0) throw std::invalid_argument(std::string(name) + " " + format_time(t) + " is negative (must be >= 0)");
}

std::string tau_text(const byte_time& tau, bool ticks) {
  if (tau.den == 1) return (ticks ? std::to_string(tau.num) : format_time({tau.num})) + "/B";
  double ps = static_cast<double>(tau.num) / static_cast<double>(tau.den);
  char buf[64];
  std::snprintf(buf, sizeof buf, "%.3f%s/B", ticks ? ps : ps, ticks ? "" : " ps");
  return buf;
}

}  // namespace

void cost_model::validate() const {
  non_negative(alpha, "alpha");
  non_negative(hop_latency, "hop latency");
  non_negative(o_send, "o_send");
  non_negative(o_recv, "o_recv");
  non_negative(gap, "gap");
  non_negative(poll, "poll");
  if (tau.num < 0 || tau.den <= 0) throw std::invalid_argument("tau must be >= 0");
  if (mtu < 0) throw std::invalid_argument("mtu " + std::to_string(mtu) + " is negative (0 means no packetization)");
  if (flops.per_second < 0) throw std::invalid_argument("flop rate must be >= 0");
  if (memory_time.num < 0 || memory_time.den <= 0) throw std::invalid_argument("memory time per byte must be >= 0");
  non_negative(kernel_overhead, "kernel overhead");
  non_negative(short_alpha, "short-path alpha");
  non_negative(chain_alpha, "chain alpha");
  if (short_tau.num < 0 || short_tau.den <= 0) throw std::invalid_argument("short-path tau must be >= 0");
  non_negative(eager_alpha, "eager-path alpha");
  if (eager_tau.num < 0 || eager_tau.den <= 0) throw std::invalid_argument("eager-path tau must be >= 0");
  non_negative(coll_call, "collective call cost");
  non_negative(coll_recv, "collective receive cost");
  if (reduce_tau.num < 0 || reduce_tau.den <= 0) throw std::invalid_argument("reduction time per byte must be >= 0");
  if (short_max < -1) throw std::invalid_argument("short-path threshold " + std::to_string(short_max) + " is negative");
  if (eager_max < -1) throw std::invalid_argument("eager-path threshold " + std::to_string(eager_max) + " is negative");
  if (eager_max >= 0 && eager_max <= short_max)
    throw std::invalid_argument("eager-path threshold " + std::to_string(eager_max) + " is not above the short-path threshold " +
                                std::to_string(short_max) + ": no message would take the eager path");
  // The fixed costs of a single message must fit, or no run could send one.
  const vtime start_up = max(max(max(alpha, short_alpha), eager_alpha), chain_alpha);
  std::int64_t fixed = 0;
  for (vtime cost : {o_send, gap, start_up, hop_latency, o_recv})
    if (!detail::add_time(fixed, cost.ps, fixed))
      throw std::invalid_argument("the fixed costs of one message, o_send " + format_time(o_send) + " + gap " +
                                  format_time(gap) + " + start-up " + format_time(start_up) + " + hop latency " +
                                  format_time(hop_latency) + " + o_recv " + format_time(o_recv) +
                                  ", pass the latest virtual time, " + latest_time_text());
}

std::string cost_model::describe(bool ticks) const {
  std::string s = "alpha=" + format_time(alpha, ticks) + " tau=" + tau_text(tau, ticks) +
                  " hop=" + format_time(hop_latency, ticks) + " o_send=" + format_time(o_send, ticks) +
                  " o_recv=" + format_time(o_recv, ticks) + " gap=" + format_time(gap, ticks) + ", " +
                  to_string(mode) + (mtu > 0 ? " mtu=" + std::to_string(mtu) + "B" : "") +
                  (inject == injection::packet ? " packet-injection" : "") + ", " +
                  to_string(ports);
  if (short_max >= 0)
    s += ", short path <= " + std::to_string(short_max) + "B: alpha=" + format_time(short_alpha, ticks) +
         " tau=" + tau_text(short_tau, ticks);
  if (eager_max >= 0)
    s += ", eager path <= " + std::to_string(eager_max) + "B: alpha=" + format_time(eager_alpha, ticks) +
         " tau=" + tau_text(eager_tau, ticks);
  if (chain_alpha.ps > 0) s += ", chained alpha=" + format_time(chain_alpha, ticks);
  return s + describe_collective(ticks);
}

std::string host_model::describe_compute() const {
  if (flops.per_second <= 0 && memory_time.num <= 0 && kernel_overhead.ps == 0) return "none";
  char flop_text[64] = "no flop rate";
  if (flops.per_second > 0) std::snprintf(flop_text, sizeof flop_text, "%g Gflop/s", flops.per_second / 1e9);
  // memory_time is picoseconds per byte as a fraction num/den, so the bandwidth is den/num TB/s.
  char memory_text[64] = "memory not modelled";
  if (memory_time.num > 0)
    std::snprintf(memory_text, sizeof memory_text, "memory %g GB/s",
                  1e3 * static_cast<double>(memory_time.den) / static_cast<double>(memory_time.num));
  return std::string(flop_text) + ", " + memory_text + ", " + format_time(kernel_overhead) + " per kernel";
}

std::string cost_model::describe_collective(bool ticks) const {
  if (coll_call.ps == 0 && coll_recv.ps == 0 && reduce_tau.is_zero()) return {};
  return ", collectives: call=" + format_time(coll_call, ticks) + " recv=" + format_time(coll_recv, ticks) +
         " reduce=" + tau_text(reduce_tau, ticks);
}

namespace {
constexpr detail::spelling<switching> switching_words[] = {
    {"store-and-forward", switching::store_and_forward}, {"saf", switching::store_and_forward},
    {"cut-through", switching::cut_through}, {"ct", switching::cut_through}};
constexpr detail::spelling<port_model> port_words[] = {
    {"all-port", port_model::all_port}, {"all", port_model::all_port},
    {"single-port", port_model::single_port}, {"single", port_model::single_port},
    {"single-send", port_model::single_send}};
constexpr detail::spelling<injection> injection_words[] = {{"message", injection::message}, {"packet", injection::packet}};
}  // namespace

std::string to_string(switching s) { return detail::spelled<switching>(s, switching_words); }
std::string to_string(port_model p) { return detail::spelled<port_model>(p, port_words); }
std::string to_string(injection i) { return detail::spelled<injection>(i, injection_words); }

injection parse_injection(std::string_view text) {
  return detail::parse_spelled<injection>(text, "injection", injection_words, "message, packet");
}

switching parse_switching(std::string_view text) {
  return detail::parse_spelled<switching>(text, "switching", switching_words, "store-and-forward|saf, cut-through|ct");
}

port_model parse_port_model(std::string_view text) {
  return detail::parse_spelled<port_model>(text, "ports", port_words, "all, single, single-send");
}

}  // namespace weft
