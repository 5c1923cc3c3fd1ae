// weft machines [NAME]: the machine presets, one line each, or one preset in full.
#include <CLI/CLI.hpp>
#include <iostream>
#include <memory>
#include <stdexcept>
#include <string>

#include "commands.hpp"
#include "weft/detail/network_registry.hpp"
#include "weft/presets/preset.hpp"

namespace weft::cli {

namespace {

// The packet shape in the words of `weft traffic`'s header: it is what that command sends on any
// network, and the flit network's packets, so a preset's flit_size/packet_flits/cycle show here.
std::string describe_packets(const flit_params& f) {
  return std::to_string(f.packet_flits) + "-flit packets of " + format_bytes(f.flit_bytes) + " (" +
         std::to_string(f.packet_flits * f.flit_bytes) + " B), cycle " + format_time(f.cycle);
}

}  // namespace

command_runner add_machines_command(CLI::App& app) {
  auto name = std::make_shared<std::string>();
  auto* sub = app.add_subcommand("machines", "list the machine presets (--machine NAME), or show one");
  sub->add_option("name", *name, "show this preset in full");
  return [sub, name]() -> int {
    if (!sub->parsed()) return -1;
    if (name->empty()) {
      auto all = presets::list();
      // An install without its share/weft/presets folder: say where we looked, not nothing.
      if (all.empty()) {
        std::string searched;
        for (const auto& dir : presets::search_path()) searched += (searched.empty() ? "" : ", ") + dir.string();
        throw std::invalid_argument("no machine presets found (searched: " + searched +
                                    "); set WEFT_PRESET_PATH to a folder of preset .toml files");
      }
      std::size_t width = 0;
      for (const auto& p : all) width = std::max(width, p.name.size());
      for (const auto& p : all) std::cout << p.name << std::string(width + 2 - p.name.size(), ' ') << p.summary << "\n";
      return 0;
    }
    auto p = presets::load(*name);
    std::cout << p.name << ": " << p.summary << "\n"
              << "  file      " << p.source << "\n"
              << "  topology  " << p.topology << (p.routing.empty() ? "" : ", routing " + p.routing) << "\n"
              << "  procs     " << p.procs << "\n"
              << "  link      " << detail::describe_model(p.model) << "\n"
              << "  compute   " << p.model.describe_compute() << "\n"
              << "  poll      " << format_time(p.model.poll) << " per test() that finds its request incomplete\n"
              << "  packets   " << describe_packets(p.model.flit) << "\n";
    for (const auto& [map_name, nodes] : p.mappings) {
      std::cout << "  mapping   " << map_name << ":";
      for (auto n : nodes) std::cout << " " << n;
      std::cout << "\n";
    }
    return 0;
  };
}

}  // namespace weft::cli
