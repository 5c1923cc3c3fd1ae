// Placeholder until the reduce module lands: the subcommand exists but says it is not built yet.
#include <CLI/CLI.hpp>
#include <stdexcept>

#include "commands.hpp"

namespace weft::cli {

command_runner add_reduce_command(CLI::App& app) {
  auto* sub = app.add_subcommand("reduce", "(not available yet)");
  return [sub]() -> int {
    if (!sub->parsed()) return -1;
    throw std::runtime_error("weft reduce is not available in this build yet");
  };
}

}  // namespace weft::cli
