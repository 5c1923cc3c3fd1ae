// Placeholder until the machines module lands: the subcommand exists but says it is not built yet.
#include <CLI/CLI.hpp>
#include <stdexcept>

#include "commands.hpp"

namespace weft::cli {

command_runner add_machines_command(CLI::App& app) {
  auto* sub = app.add_subcommand("machines", "(not available yet)");
  return [sub]() -> int {
    if (!sub->parsed()) return -1;
    throw std::runtime_error("weft machines is not available in this build yet");
  };
}

}  // namespace weft::cli
