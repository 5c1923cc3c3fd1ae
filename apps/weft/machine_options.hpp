#pragma once
// The options every command that runs PE programs shares: the machine spec, the link model
// and the runtime settings. Parsed as text so that errors name the exact value typed.

#include <optional>
#include <string>

#include "weft/machine.hpp"

namespace CLI {
class App;
}

namespace weft::cli {

struct machine_options {
  std::string machine = "torus:8x8";
  std::string routing;
  std::string alpha = "0", tau, bandwidth, hop_latency = "0", o_send = "0", o_recv = "0", gap = "0",
              poll = "10ns", switching = "store-and-forward", mtu = "0", ports = "all", flops;
  std::string short_max, short_alpha = "0", short_tau, short_bandwidth, chain_alpha = "0";
  int workers = 0;
  std::string pin = "none";
  std::string stack_size = "64KiB";
  bool ticks = false;
  std::string json_file, trace_file;
};

/// Adds --machine, the link-model options and the runtime options to `sub`.
void add_machine_options(CLI::App& sub, machine_options& o);
/// Builds the machine; throws std::invalid_argument naming a bad value.
machine build_machine(const machine_options& o);
/// The runtime settings (workers, pinning, stack size, tracing).
run_options build_run_options(const machine_options& o);
/// Prints the report, writes --json / --trace if asked; returns the report's exit code.
int emit_report(const report& r, const machine_options& o);

}  // namespace weft::cli
