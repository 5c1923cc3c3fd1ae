#include "traffic_options.hpp"

#include <CLI/CLI.hpp>
#include <stdexcept>

#include "weft/units.hpp"

namespace weft::cli {

namespace {

// The text typed for `flag`, whoever added the option; `fallback` when not typed.
std::string typed(const CLI::App& sub, const char* flag, const std::string& fallback) {
  const auto* opt = sub.get_option_no_throw(flag);
  return opt && opt->count() > 0 ? opt->results().back() : fallback;
}

}  // namespace

void add_packet_shape_options(CLI::App& sub, packet_shape_options& o) {
  auto* group = "Packets (shared with the flit network)";
  if (!sub.get_option_no_throw("--packet-flits"))
    sub.add_option("--packet-flits", o.packet_flits, "flits per packet")->group(group)->capture_default_str();
  if (!sub.get_option_no_throw("--flit-size"))
    sub.add_option("--flit-size", o.flit_size, "bytes per flit")->group(group)->capture_default_str();
  if (!sub.get_option_no_throw("--cycle"))
    sub.add_option("--cycle", o.cycle, "one clock (loads are per cycle, latencies in cycles)")->group(group)->capture_default_str();
}

traffic::packet_shape parse_packet_shape(const CLI::App& sub, const packet_shape_options& o) {
  traffic::packet_shape s;
  const auto flits_text = typed(sub, "--packet-flits", o.packet_flits);
  std::size_t used = 0;
  long long flits = 0;
  try {
    flits = std::stoll(flits_text, &used);
  } catch (const std::exception&) {
    used = 0;
  }
  if (flits_text.empty() || used != flits_text.size())
    throw std::invalid_argument("--packet-flits: '" + flits_text + "' is not a whole number");
  if (flits < 1 || flits > (1 << 20))
    throw std::invalid_argument("--packet-flits " + flits_text + " must be between 1 and 1048576");
  s.packet_flits = static_cast<int>(flits);
  s.flit_bytes = parse_bytes(typed(sub, "--flit-size", o.flit_size), "--flit-size");
  s.cycle = parse_time(typed(sub, "--cycle", o.cycle), "--cycle");
  s.validate();
  return s;
}

}  // namespace weft::cli
