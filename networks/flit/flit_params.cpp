// The flit network's own parameters: their ranges, checked when a machine is built (and when a
// preset is read), and the description of a machine's costs under this network.
#include <cstdint>
#include <stdexcept>
#include <string>

#include "flit_network.hpp"

namespace weft::detail::flit {

namespace {

// Each side of the range says what it bounds: "--vcs 65" once read "needs at least 1".
void in_range(std::int64_t value, std::int64_t lo, std::int64_t hi, const char* flag, const char* too_low,
              const std::string& too_high) {
  if (value < lo || value > hi)
    throw std::invalid_argument(std::string(flag) + " " + std::to_string(value) + ": " + (value < lo ? too_low : too_high) +
                                " (allowed " + std::to_string(lo) + ".." + std::to_string(hi) + ")");
}

}  // namespace

// Wormhole switching needs no packet to fit a buffer (a packet spreads over the routers on its
// path), so the packet size is bounded only so that a flit's number fits an event key.
void flit_network::validate(const wire_model& wire) {
  const flit_params& f = wire.flit;
  in_range(f.vcs, 1, 64, "--vcs", "an input port needs at least 1 virtual channel",
           "an input port has at most 64 virtual channels");
  in_range(f.buffer, 1, 1 << 16, "--buffer", "a virtual channel must buffer at least 1 flit",
           "a virtual channel buffers at most 65536 flits");
  in_range(f.flit_bytes, 1, std::int64_t{1} << 30, "--flit-size", "a flit carries at least 1 byte",
           "a flit carries at most 1 GiB");
  in_range(f.packet_flits, 1, 1 << 24, "--packet-flits", "a packet has at least 1 flit",
           "a packet has at most 16777216 flits");
  in_range(f.router_delay, 1, 1000, "--router-delay", "a router takes at least 1 cycle",
           "a router takes at most 1000 cycles");
  in_range(f.link_delay, 1, 1000, "--link-delay", "crossing a link takes at least 1 cycle",
           "crossing a link takes at most 1000 cycles");
  in_range(f.credit_delay, 1, 1000, "--credit-delay", "a credit takes at least 1 cycle",
           "a credit takes at most 1000 cycles");
  if (f.cycle.ps < 1 || f.cycle.ps > vtime::us(1000000).ps)
    throw std::invalid_argument("--cycle " + format_time(f.cycle) + ": a cycle lasts from 1 ps to 1 s");
}

std::int64_t flit_network::buffer_slots(const wire_model& wire, std::int64_t nodes, std::int64_t links) {
  // Sizes may be huge (a spec's size is computed before it is refused): clamp, do not wrap.
  const double slots = (static_cast<double>(links) + static_cast<double>(nodes)) * wire.flit.vcs * wire.flit.buffer;
  return slots < 9e18 ? static_cast<std::int64_t>(slots) : INT64_MAX;
}

std::string flit_network::describe(const link_model& model, bool ticks) {
  const flit_params& flit = model.flit;
  const auto n = [](std::int64_t v) { return std::to_string(v); };
  return "flit network: cycle=" + format_time(flit.cycle, ticks) + " vcs=" + n(flit.vcs) + " buffer=" +
         n(flit.buffer) + " flits, flit=" + n(flit.flit_bytes) + "B, packets<=" + n(flit.packet_flits) +
         " flits, router=" + n(flit.router_delay) + " link=" + n(flit.link_delay) + " credit=" +
         n(flit.credit_delay) + " cycles, o_send=" + format_time(model.o_send, ticks) + " o_recv=" +
         format_time(model.o_recv, ticks) + " gap=" + format_time(model.gap, ticks) + ", " + to_string(model.ports) +
         model.describe_collective(ticks);
}

}  // namespace weft::detail::flit
