// The flit network's own parameters: their declarations (the registry checks their ranges,
// adds their options and reads them from presets), the packet shape's checks, what one run
// reads, and the description of a machine's costs under this network.
#include <cstdint>
#include <utility>
#include <stdexcept>
#include <string>

#include "flit_network.hpp"

namespace weft::detail::flit {

namespace {

// --router's values, and the parameters only one of them reads.
constexpr std::int64_t weft_router = 0, booksim_router = 1;
const std::vector<std::string> booksim_stages = {"routing_delay", "vc_alloc_delay", "sw_alloc_delay", "st_delay",
                                                 "injection_delay", "ejection_delay"};

network_parameter cycles(std::string name, std::int64_t fallback, std::int64_t lo, std::string help,
                         std::string what) {
  return {std::move(name), "cycles", fallback, lo, 1000, std::move(help),
          what + " takes at least " + std::to_string(lo) + (lo == 1 ? " cycle" : " cycles"),
          what + " takes at most 1000 cycles"};
}

}  // namespace

std::vector<network_parameter> flit_network::parameters() {
  return {{"vcs", "VCs", 2, 1, 64, "virtual channels per input port", "an input port needs at least 1 virtual channel",
           "an input port has at most 64 virtual channels"},
          {"buffer", "flits", 8, 1, 1 << 16, "flits one virtual channel buffers",
           "a virtual channel must buffer at least 1 flit", "a virtual channel buffers at most 65536 flits"},
          {.name = "router",
           .unit = "weft or booksim",
           .fallback = weft_router,
           .lo = weft_router,
           .hi = booksim_router,
           .help = "the routers' pipeline: weft's own, or BookSim2's iq router with its defaults (docs/traffic.md)",
           .too_low = "the router is weft (0) or booksim (1)",
           .too_high = "the router is weft (0) or booksim (1)",
           .words = {"weft", "booksim"}},
          cycles("router_delay", 3, 1, "--router weft: cycles in a router (routing, VC and switch allocation)", "a router"),
          cycles("link_delay", 1, 1,
                 "--router weft: cycles of switch and link traversal; booksim: a channel's latency (default 1, 2 on a torus)",
                 "crossing a link"),
          cycles("credit_delay", 1, 0,
                 "--router weft: cycles a credit takes upstream; booksim: cycles added after its channel (default 0)",
                 "a credit"),
          // BookSim's name and meaning; its default is 0, weft's stays the conservative rule.
          {"wait_for_tail_credit", "1 or 0", 1, 0, 1,
           "1: an output VC is reallocated once its packet's tail credit is back; 0: once the tail flit has left "
           "(BookSim's default, and --router booksim's)",
           "the rule is 1 (wait for the tail credit) or 0 (release when the tail leaves)",
           "the rule is 1 (wait for the tail credit) or 0 (release when the tail leaves)"},
          // BookSim's iq router stages (booksim_config.cpp), read by --router booksim only.
          cycles("routing_delay", 1, 0, "--router booksim: routing_delay (0: lookahead routing)", "routing"),
          cycles("vc_alloc_delay", 1, 1, "--router booksim: vc_alloc_delay", "VC allocation"),
          cycles("sw_alloc_delay", 1, 1, "--router booksim: sw_alloc_delay", "switch allocation"),
          cycles("st_delay", 1, 1, "--router booksim: st_prepare_delay + st_final_delay (switch traversal)",
                 "switch traversal"),
          cycles("injection_delay", 1, 1, "--router booksim: the injection channel's latency", "the injection channel"),
          cycles("ejection_delay", 1, 1, "--router booksim: the ejection channel's latency", "the ejection channel")};
}

flit_network::config flit_network::config_of(const wire_model& wire) {
  // Read through the registry's entry, so that the defaults are the declared ones; BookSim's
  // router takes BookSim's defaults where weft's differ, unless one was set.
  const auto& self = network_of(wire);
  const auto get = [&](std::string_view name) { return static_cast<int>(self.param(wire, name)); };
  const bool booksim = get("router") == booksim_router;
  const auto get_or = [&](std::string_view name, int booksim_default) {
    return booksim && !wire.params.values.contains(name) ? booksim_default : get(name);
  };
  return {.vcs = get("vcs"),
          .buffer = get("buffer"),
          .router_delay = get("router_delay"),
          .link_delay = get_or("link_delay", by_topology),
          .credit_delay = get_or("credit_delay", 0),
          .wait_for_tail_credit = get_or("wait_for_tail_credit", 0) != 0,
          .flit_bytes = wire.flit.flit_bytes,
          .packet_flits = wire.flit.packet_flits,
          .cycle = wire.flit.cycle,
          .booksim = booksim,
          .routing_delay = get("routing_delay"),
          .vc_alloc_delay = get("vc_alloc_delay"),
          .sw_alloc_delay = get("sw_alloc_delay"),
          .st_delay = get("st_delay"),
          .injection_delay = get("injection_delay"),
          .ejection_delay = get("ejection_delay")};
}

// The routers' parameters were checked by the registry against their declarations; here the
// packet shape. Wormhole switching needs no packet to fit a buffer (a packet spreads over the
// routers on its path), so the packet size is bounded only so that a flit's number fits an
// event key.
void flit_network::validate(const wire_model& wire) {
  // Each router reads its own parameters: one given for the other is refused, not ignored.
  const bool booksim = config_of(wire).booksim;
  const auto given = [&](const std::string& name) { return wire.params.values.contains(name); };
  const auto option = [](std::string name) { return network_parameter{.name = std::move(name)}.option(); };
  if (booksim && given("router_delay"))
    throw std::invalid_argument(
        "--router-delay has no meaning with --router booksim (its stages: --routing-delay, --vc-alloc-delay, "
        "--sw-alloc-delay, --st-delay)");
  for (const auto& stage : booksim_stages)
    if (!booksim && given(stage))
      throw std::invalid_argument(option(stage) + " has no meaning with --router weft (a stage of --router booksim)");
  if (!booksim && wire.params.get("credit_delay", 1) < 1)
    throw std::invalid_argument("--credit-delay 0: with --router weft a credit takes at least 1 cycle (allowed 1..1000)");
  const flit_params& f = wire.flit;
  check_in_range("--flit-size", f.flit_bytes, 1, std::int64_t{1} << 30, "a flit carries at least 1 byte",
           "a flit carries at most 1 GiB");
  check_in_range("--packet-flits", f.packet_flits, 1, 1 << 24, "a packet has at least 1 flit",
           "a packet has at most 16777216 flits");
  if (f.cycle.ps < 1 || f.cycle.ps > vtime::us(1000000).ps)
    throw std::invalid_argument("--cycle " + format_time(f.cycle) + ": a cycle lasts from 1 ps to 1 s");
}

std::vector<network_parameter_value> flit_network::read_parameters(const wire_model& wire, const topology& topo) {
  const config c = config_of(wire);
  const int link = c.link_delay == by_topology ? booksim_link_delay(topo) : c.link_delay;
  std::vector<network_parameter_value> values = {{"vcs", "VCs", c.vcs}, {"buffer", "flits", c.buffer}};
  if (!c.booksim) {
    values.insert(values.end(), {{"router_delay", "cycles", c.router_delay},
                                 {"link_delay", "cycles", link},
                                 {"credit_delay", "cycles", c.credit_delay},
                                 {"wait_for_tail_credit", "1 or 0", c.wait_for_tail_credit}});
    return values;
  }
  values.insert(values.end(), {{"router", "0 weft, 1 booksim", booksim_router},
                               {"routing_delay", "cycles", c.routing_delay},
                               {"vc_alloc_delay", "cycles", c.vc_alloc_delay},
                               {"sw_alloc_delay", "cycles", c.sw_alloc_delay},
                               {"st_delay", "cycles", c.st_delay},
                               {"link_delay", "cycles", link},
                               {"credit_delay", "cycles", c.credit_delay},
                               {"injection_delay", "cycles", c.injection_delay},
                               {"ejection_delay", "cycles", c.ejection_delay},
                               {"wait_for_tail_credit", "1 or 0", c.wait_for_tail_credit}});
  return values;
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
         " flits, flit=" + n(c.flit_bytes) + "B, packets<=" + n(c.packet_flits) + " flits, " +
         (c.booksim ? "booksim router: routing=" + n(c.routing_delay) + " vc-alloc=" + n(c.vc_alloc_delay) +
                          " sw-alloc=" + n(c.sw_alloc_delay) + " st=" + n(c.st_delay) +
                          " link=" + (c.link_delay == by_topology ? "1 (2 on a torus)" : n(c.link_delay)) +
                          " credit=" + n(c.credit_delay) + " injection=" + n(c.injection_delay) +
                          " ejection=" + n(c.ejection_delay)
                    : "router=" + n(c.router_delay) + " link=" + n(c.link_delay) + " credit=" + n(c.credit_delay)) +
         " cycles, " +
         // Said only for BookSim's rule: the line of a run under the default reads as it always has.
         (c.wait_for_tail_credit ? "" : "VCs reallocated when the tail leaves, ") + "o_send=" + format_time(model.o_send, ticks) +
         " o_recv=" + format_time(model.o_recv, ticks) + " gap=" + format_time(model.gap, ticks) + ", " +
         to_string(model.ports) + model.describe_collective(ticks);
}

}  // namespace weft::detail::flit
