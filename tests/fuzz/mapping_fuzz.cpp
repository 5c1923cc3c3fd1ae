// Fuzzes mapping files (--mapping file:PATH, and weft ccs --placement FILE, which reads them with
// the same presets::read_mapping_file): the input is the file's text. Properties:
//   - reading either succeeds or throws std::invalid_argument naming the file;
//   - every node id read is the number written in the file (nothing wraps around) and >= 0;
//   - the ids printed back one per line read into the same mapping;
//   - mapping_for on the file keeps the first `procs` ids and refuses ids >= the node count;
//   - as a ccs --placement on torus:4x4 (one task per line), check_placement accepts it exactly
//     when it places at most 16 tasks on distinct compute nodes 0..15.
#include <cerrno>
#include <cstdint>
#include <filesystem>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <set>
#include <string>
#include <unistd.h>

#include "weft/mapping/objectives.hpp"
#include "weft/mapping/routes.hpp"
#include "weft/presets/preset.hpp"

namespace {

[[noreturn]] void fail(const char* what) {
  std::fprintf(stderr, "property violated: %s\n", what);
  std::abort();
}

void write(const std::string& path, const std::string& text) {
  std::ofstream(path, std::ios::binary | std::ios::trunc) << text;
}

/// The numbers in the file, as an independent reader sees them: words between blanks and
/// commas, '#' to the end of the line a comment.
std::vector<std::string> words(const std::string& text) {
  std::vector<std::string> out;
  std::string word;
  bool comment = false;
  for (char c : text + "\n") {
    if (c == '\n') comment = false;
    if (c == '#') comment = true;
    bool blank = comment || c == ' ' || c == '\t' || c == '\r' || c == '\n' || c == ',';
    if (blank) {
      if (!word.empty()) out.push_back(word);
      word.clear();
    } else {
      word += c;
    }
  }
  return out;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size > 4096) return -1;
  // In $TMPDIR (run.sh points it at /dev/shm when it can: every input is written to a file).
  static const std::string path =
      (std::filesystem::temp_directory_path() / ("weft_fuzz_" + std::to_string(::getpid()) + ".map")).string();
  static const std::string copy = path + ".copy";
  std::string text(reinterpret_cast<const char*>(data), size);
  write(path, text);
  std::vector<weft::node_id> nodes;
  try {
    nodes = weft::presets::read_mapping_file(path);
  } catch (const std::invalid_argument& e) {
    if (std::string(e.what()).find(path) == std::string::npos) fail("an error that does not name the file");
    return 0;
  }
  auto w = words(text);
  if (w.size() != nodes.size()) fail("a different number of node ids than words in the file");
  for (std::size_t i = 0; i < nodes.size(); ++i) {
    if (nodes[i] < 0) fail("a negative node id");
    char* end = nullptr;
    errno = 0;
    long long v = std::strtoll(w[i].c_str(), &end, 10);
    if (errno != 0 || v != nodes[i]) fail("a node id that is not the number written in the file");
  }
  std::string printed;
  for (auto n : nodes) printed += std::to_string(n) + "\n";
  write(copy, printed);
  if (weft::presets::read_mapping_file(copy) != nodes) fail("printed back, the mapping reads differently");

  const int procs = static_cast<int>(nodes.size() / 2);
  const weft::node_id node_count = 64;
  try {
    auto m = weft::presets::mapping_for(nullptr, "file:" + path, procs, node_count);
    for (std::size_t r = 0; r < m.size(); ++r)
      if (m[r] != nodes[r] || m[r] >= node_count) fail("mapping_for changed an id or kept one outside the machine");
    if (procs > 0 && m.size() != static_cast<std::size_t>(procs)) fail("mapping_for did not keep `procs` ids");
  } catch (const std::invalid_argument&) {
    bool outside = false;
    for (int r = 0; r < procs; ++r) outside |= nodes[static_cast<std::size_t>(r)] >= node_count;
    if (!outside && procs > 0) fail("mapping_for refused a mapping that fits");
  }

  // weft ccs --placement: the same reader, then check_placement for as many tasks as lines.
  static const auto torus = weft::mapping::machine_routes::from_spec("torus:4x4");
  const std::set<weft::node_id> distinct(nodes.begin(), nodes.end());
  const bool fits = nodes.size() <= 16 && distinct.size() == nodes.size() &&
                    (nodes.empty() || (*distinct.begin() >= 0 && *distinct.rbegin() < 16));
  try {
    weft::mapping::check_placement(nodes, static_cast<int>(nodes.size()), torus);
    if (!fits) fail("check_placement accepted tasks outside the machine or sharing a node");
  } catch (const std::invalid_argument&) {
    if (fits) fail("check_placement refused a placement that fits");
  }
  return 0;
}
