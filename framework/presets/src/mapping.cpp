// Rank->node mappings: the identity, a named one from a preset, or one read from a file.
#include <cerrno>
#include <cstring>
#include <fstream>
#include <limits>
#include <stdexcept>

#include "weft/io/input_file.hpp"
#include "weft/presets/preset.hpp"

namespace weft::presets {

std::vector<node_id> read_mapping_file(const std::filesystem::path& file) {
  // A folder, a device or a missing file is named as such; lines may end in CRLF.
  auto in = io::open_input(file.string(), "mapping file");
  const std::string shown = io::printable(file.string());
  std::vector<node_id> nodes;
  std::string line;
  int line_no = 0;
  while (io::read_line(in, line, "mapping file '" + shown + "'")) {
    ++line_no;
    line = line.substr(0, line.find('#'));
    for (char& ch : line)
      if (ch == ',') ch = ' ';
    std::size_t at = 0;
    while (at < line.size()) {
      auto start = line.find_first_not_of(" \t\r", at);
      if (start == std::string::npos) break;
      auto end = line.find_first_of(" \t\r", start);
      auto word = line.substr(start, end == std::string::npos ? std::string::npos : end - start);
      std::size_t used = 0;
      long long v = -1;
      try {
        v = std::stoll(word, &used);
      } catch (const std::exception&) {
      }
      // Past node_id's range an id would wrap around to another (or a negative) node.
      if (v < 0 || v > std::numeric_limits<node_id>::max() || used != word.size())
        throw std::invalid_argument("mapping file '" + shown + "' line " + std::to_string(line_no) + ": '" +
                                    io::printable(word) + "' is not a node id");
      nodes.push_back(static_cast<node_id>(v));
      at = end == std::string::npos ? line.size() : end;
    }
  }
  return nodes;
}

std::vector<node_id> mapping_for(const preset* p, std::string_view spec, int procs, node_id node_count) {
  std::vector<node_id> nodes;
  std::string what = "mapping '" + std::string(spec) + "'";
  if (spec.empty() || spec == "identity") return {};
  bool found = false;
  if (p)
    for (const auto& [name, m] : p->mappings)
      if (name == spec) {
        nodes = m;
        found = true;
      }
  if (!found) {
    const bool named_file = spec.substr(0, 5) == "file:";
    auto path = named_file ? spec.substr(5) : spec;
    // file:PATH always means a file, so its error says which file and why it cannot be read.
    if (!named_file && !std::filesystem::is_regular_file(std::filesystem::path(path))) {
      std::string known = "identity";
      if (p)
        for (const auto& [name, m] : p->mappings) known += ", " + name;
      throw std::invalid_argument("unknown " + what + " (known: " + known + ", or file:PATH)");
    }
    nodes = read_mapping_file(std::filesystem::path(path));
  }
  if (static_cast<int>(nodes.size()) < procs)
    throw std::invalid_argument(what + " places " + std::to_string(nodes.size()) + " PEs, the run has " +
                                std::to_string(procs));
  if (procs > 0) nodes.resize(static_cast<std::size_t>(procs));
  for (std::size_t r = 0; r < nodes.size(); ++r)
    if (nodes[r] >= node_count)
      throw std::invalid_argument(what + " puts PE " + std::to_string(r) + " on node " + std::to_string(nodes[r]) +
                                  ", the machine has " + std::to_string(node_count) + " nodes");
  return nodes;
}

}  // namespace weft::presets
