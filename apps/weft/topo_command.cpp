#include <CLI/CLI.hpp>

#include "commands.hpp"

namespace weft::cli {

command_runner add_topo_command(CLI::App& app) {
  auto* sub = app.add_subcommand("topo", "analyse a topology and its routing");
  return [sub] { return sub->parsed() ? 0 : -1; };
}

}  // namespace weft::cli
