#include "list_options.hpp"

#include <stdexcept>

#include "weft/presets/preset.hpp"
#include "weft/units.hpp"

namespace weft::cli {

std::vector<std::string> split_commas(const std::string& text) {
  std::vector<std::string> parts;
  std::size_t at = 0;
  while (true) {
    auto comma = text.find(',', at);
    parts.push_back(text.substr(at, comma - at));
    if (comma == std::string::npos) break;
    at = comma + 1;
  }
  return parts;
}

std::vector<std::int64_t> parse_sizes(const std::string& text) {
  std::vector<std::int64_t> out;
  auto colon = text.find(':');
  if (colon != std::string::npos) {
    auto lo = parse_bytes(text.substr(0, colon), "--sizes"), hi = parse_bytes(text.substr(colon + 1), "--sizes");
    if (lo > hi) throw std::invalid_argument("--sizes '" + text + "': the first size is larger than the last");
    for (std::int64_t s = lo; s <= hi; s = s == 0 ? 1 : s * 2) {
      out.push_back(s);
      if (s > hi / 2) break;  // the next doubling would pass HI (or overflow)
    }
    return out;
  }
  for (const auto& piece : split_commas(text)) out.push_back(parse_bytes(piece, "--sizes"));
  return out;
}

std::vector<int> parse_procs(const std::string& text) {
  auto count = [&](const std::string& piece) {
    std::size_t used = 0;
    long long v = 0;
    try {
      v = std::stoll(piece, &used);
    } catch (const std::exception&) {
      used = 0;
    }
    if (piece.empty() || used != piece.size() || v > 1 << 30)
      throw std::invalid_argument("--procs '" + text + "': '" + piece +
                                  "' is not a PE count (a whole number, e.g. 2,4,8,16 or 2:16)");
    if (v < 1) throw std::invalid_argument("--procs " + piece + " must be at least 1");
    return static_cast<int>(v);
  };
  std::vector<int> out;
  auto colon = text.find(':');
  if (colon != std::string::npos) {
    const int lo = count(text.substr(0, colon)), hi = count(text.substr(colon + 1));
    if (lo > hi) throw std::invalid_argument("--procs '" + text + "': the first count is larger than the last");
    for (int p = lo; p <= hi && p > 0; p *= 2) {
      out.push_back(p);
      if (p > hi / 2) break;
    }
    return out;
  }
  for (const auto& piece : split_commas(text)) out.push_back(count(piece));
  return out;
}

std::vector<std::string> split_machines(const std::string& text) {
  auto parts = split_commas(text);
  for (const auto& p : parts)
    if (!presets::is_preset(p)) {
      // "ring:4,ring:8": a comma inside a spec separates numbers ("tree:2,3"), never "family:..."
      for (std::size_t i = 1; i < parts.size(); ++i)
        if (parts[i].find(':') != std::string::npos)
          throw std::invalid_argument("-m '" + text + "': only preset names (see 'weft machines') can be listed to "
                                      "compare machines; '" + parts[i] +
                                      "' is a topology spec: give one -m per run, or a preset for each machine");
      return {text};
    }
  return parts;
}

}  // namespace weft::cli
