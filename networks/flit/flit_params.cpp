// The flit network's own parameters: their declarations (the registry checks their ranges,
// adds their options and reads them from presets), the packet shape's checks, what one run
// reads, and the description of a machine's costs under this network.
#include <cstdint>
#include <stdexcept>
#include <string>

#include "flit_network.hpp"

namespace weft::detail::flit {

std::vector<network_parameter> flit_network::parameters() {
  return {{"vcs", "VCs", 2, 1, 64, "virtual channels per input port", "an input port needs at least 1 virtual channel",
           "an input port has at most 64 virtual channels"},
          {"buffer", "flits", 8, 1, 1 << 16, "flits one virtual channel buffers",
           "a virtual channel must buffer at least 1 flit", "a virtual channel buffers at most 65536 flits"},
          {"router_delay", "cycles", 3, 1, 1000, "cycles in a router: routing, VC and switch allocation",
           "a router takes at least 1 cycle", "a router takes at most 1000 cycles"},
          {"link_delay", "cycles", 1, 1, 1000, "cycles of switch and link traversal",
           "crossing a link takes at least 1 cycle", "crossing a link takes at most 1000 cycles"},
          {"credit_delay", "cycles", 1, 1, 1000, "cycles a credit takes upstream", "a credit takes at least 1 cycle",
           "a credit takes at most 1000 cycles"},
          // BookSim's name and meaning; its default is 0, weft's stays the conservative rule.
          {"wait_for_tail_credit", "1 or 0", 1, 0, 1,
           "1: an output VC is reallocated once its packet's tail credit is back; 0: once the tail flit has left "
           "(BookSim's default)",
           "the rule is 1 (wait for the tail credit) or 0 (release when the tail leaves)",
           "the rule is 1 (wait for the tail credit) or 0 (release when the tail leaves)"}};
}

flit_network::config flit_network::config_of(const wire_model& wire) {
  // Read through the registry's entry, so that the defaults are the declared ones.
  const auto& self = network_of(wire);
  const auto get = [&](std::string_view name) { return static_cast<int>(self.param(wire, name)); };
  return {get("vcs"),          get("buffer"),         get("router_delay"), get("link_delay"),
          get("credit_delay"), get("wait_for_tail_credit") != 0, wire.flit.flit_bytes, wire.flit.packet_flits,
          wire.flit.cycle};
}

// The routers' parameters were checked by the registry against their declarations; here the
// packet shape. Wormhole switching needs no packet to fit a buffer (a packet spreads over the
// routers on its path), so the packet size is bounded only so that a flit's number fits an
// event key.
void flit_network::validate(const wire_model& wire) {
  const flit_params& f = wire.flit;
  check_in_range("--flit-size", f.flit_bytes, 1, std::int64_t{1} << 30, "a flit carries at least 1 byte",
           "a flit carries at most 1 GiB");
  check_in_range("--packet-flits", f.packet_flits, 1, 1 << 24, "a packet has at least 1 flit",
           "a packet has at most 16777216 flits");
  if (f.cycle.ps < 1 || f.cycle.ps > vtime::us(1000000).ps)
    throw std::invalid_argument("--cycle " + format_time(f.cycle) + ": a cycle lasts from 1 ps to 1 s");
}

std::int64_t flit_network::buffer_slots(const wire_model& wire, std::int64_t nodes, std::int64_t links) {
  const config c = config_of(wire);
  // Sizes may be huge (a spec's size is computed before it is refused): clamp, do not wrap.
  const double slots = (static_cast<double>(links) + static_cast<double>(nodes)) * c.vcs * c.buffer;
  return slots < 9e18 ? static_cast<std::int64_t>(slots) : INT64_MAX;
}

std::string flit_network::describe(const cost_model& model, bool ticks) {
  const config c = config_of(model.wire());
  const auto n = [](std::int64_t v) { return std::to_string(v); };
  return "flit network: cycle=" + format_time(c.cycle, ticks) + " vcs=" + n(c.vcs) + " buffer=" + n(c.buffer) +
         " flits, flit=" + n(c.flit_bytes) + "B, packets<=" + n(c.packet_flits) + " flits, router=" + n(c.router_delay) +
         " link=" + n(c.link_delay) + " credit=" + n(c.credit_delay) + " cycles, " +
         // Said only for BookSim's rule: the line of a run under the default reads as it always has.
         (c.wait_for_tail_credit ? "" : "VCs reallocated when the tail leaves, ") + "o_send=" + format_time(model.o_send, ticks) +
         " o_recv=" + format_time(model.o_recv, ticks) + " gap=" + format_time(model.gap, ticks) + ", " +
         to_string(model.ports) + model.describe_collective(ticks);
}

}  // namespace weft::detail::flit
