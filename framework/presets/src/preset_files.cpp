// Finding preset files: $WEFT_PRESET_PATH first (so users add or override presets without
// rebuilding), then the presets folder next to this library: <prefix>/share/weft/presets for
// <prefix>/lib/libweft_presets.so, wherever the prefix was installed or moved to. No absolute
// path is compiled in; the build tree mirrors the install layout (build/lib, build/share), so
// an uninstalled build finds the source tree's presets the same way (docs/install.md).
#include <dlfcn.h>

#include <algorithm>
#include <cstdlib>
#include <fstream>
#include <sstream>
#include <stdexcept>

#include "weft/io/input_file.hpp"
#include "weft/named_registry.hpp"
#include "weft/presets/preset.hpp"

namespace weft::presets {

namespace fs = std::filesystem;

namespace {

std::string read_file(const fs::path& file) {
  // A folder, a device or a missing file is named as such (toml++ reads CRLF lines itself).
  auto in = io::open_input(file.string(), "preset file");
  return io::read_whole(in, "preset file '" + io::printable(file.string()) + "'", 1 << 20);
}

// "file:p.toml" is an edge list named file: (docs/cli.md), not a preset: the prefix decides.
bool ends_with_toml(std::string_view s) {
  return !s.starts_with("file:") && s.size() > 5 && s.substr(s.size() - 5) == ".toml";
}

// The presets folder installed with the shared library holding this code (weft's libraries are
// always shared, see the top CMakeLists.txt); empty if the loader cannot tell where that is.
fs::path folder_next_to_this_library() {
  Dl_info info{};
  if (dladdr(reinterpret_cast<void*>(&folder_next_to_this_library), &info) == 0 || info.dli_fname == nullptr)
    return {};
  auto dir = fs::absolute(info.dli_fname).parent_path() / WEFT_PRESET_RELATIVE_DIR;
  std::error_code ec;
  auto resolved = fs::weakly_canonical(dir, ec);
  return ec ? dir.lexically_normal() : resolved;
}

std::vector<fs::path> preset_files() {
  std::vector<fs::path> files;
  for (const auto& dir : search_path()) {
    std::error_code ec;
    std::vector<fs::path> here;
    for (const auto& e : fs::directory_iterator(dir, ec))
      if (e.is_regular_file() && e.path().extension() == ".toml") here.push_back(e.path());
    std::sort(here.begin(), here.end());
    files.insert(files.end(), here.begin(), here.end());
  }
  return files;
}

}  // namespace

std::vector<fs::path> search_path() {
  std::vector<fs::path> dirs;
  if (const char* env = std::getenv("WEFT_PRESET_PATH")) {
    std::string_view rest(env);
    while (!rest.empty()) {
      auto colon = rest.find(':');
      auto part = rest.substr(0, colon);
      if (!part.empty()) dirs.emplace_back(part);
      rest = colon == std::string_view::npos ? std::string_view{} : rest.substr(colon + 1);
    }
  }
  if (auto installed = folder_next_to_this_library(); !installed.empty()) dirs.push_back(std::move(installed));
  return dirs;
}

std::vector<preset> list() {
  std::vector<preset> out;
  for (const auto& file : preset_files()) {
    auto p = parse(read_file(file), file.string());
    bool seen = std::any_of(out.begin(), out.end(), [&](const preset& q) { return q.name == p.name; });
    if (!seen) out.push_back(std::move(p));
  }
  std::sort(out.begin(), out.end(), [](const preset& a, const preset& b) { return a.name < b.name; });
  return out;
}

bool is_preset(std::string_view spec) {
  if (ends_with_toml(spec)) return true;
  for (const auto& dir : search_path())
    if (fs::is_regular_file(dir / (std::string(spec) + ".toml"))) return true;
  return false;
}

preset load(std::string_view spec) {
  if (ends_with_toml(spec)) return parse(read_file(fs::path(spec)), std::string(spec));
  // A file named after the preset is found without parsing the others.
  for (const auto& dir : search_path()) {
    auto file = dir / (std::string(spec) + ".toml");
    if (fs::is_regular_file(file)) {
      auto p = parse(read_file(file), file.string());
      if (p.name == spec) return p;
    }
  }
  const auto all = list();
  for (const auto& p : all)
    if (p.name == spec) return p;
  if (all.empty()) {  // an install without its presets folder: say where we looked
    std::string searched;
    for (const auto& dir : search_path()) searched += (searched.empty() ? "" : ", ") + dir.string();
    throw std::invalid_argument("unknown machine preset '" + std::string(spec) + "' (no presets found in " + searched + ")");
  }
  throw std::invalid_argument("unknown machine preset '" + std::string(spec) + "' (known: " + known_names(all) + ")");
}

}  // namespace weft::presets
