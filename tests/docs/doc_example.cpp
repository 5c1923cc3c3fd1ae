#include "doc_example.hpp"

#include <cstddef>
#include <functional>
#include <map>
#include <utility>

namespace weft::doc_test {
namespace {

constexpr std::string_view any_text = "…";
constexpr std::string_view skip_marker = "<!-- doc-test: skip";

std::vector<std::string> lines_of(std::string_view text) {
  std::vector<std::string> lines;
  std::size_t start = 0;
  while (start <= text.size()) {
    const std::size_t end = text.find('\n', start);
    if (end == std::string_view::npos) {
      if (start < text.size()) lines.emplace_back(text.substr(start));
      break;
    }
    lines.emplace_back(text.substr(start, end - start));
    start = end + 1;
  }
  return lines;
}

std::string_view trimmed_right(std::string_view s) {
  while (!s.empty() && (s.back() == ' ' || s.back() == '\t' || s.back() == '\r')) s.remove_suffix(1);
  return s;
}

bool starts_with(std::string_view s, std::string_view prefix) { return s.substr(0, prefix.size()) == prefix; }

// One line against one expected line whose "…" match any text: the pieces between them must
// appear in order, the first at the start and the last at the end.
bool line_shows(std::string_view expected, std::string_view actual) {
  expected = trimmed_right(expected);
  actual = trimmed_right(actual);
  std::size_t cut = expected.find(any_text);
  if (cut == std::string_view::npos) return expected == actual;
  if (!starts_with(actual, expected.substr(0, cut))) return false;
  std::size_t at = cut;  // in actual: what the first piece took
  expected.remove_prefix(cut + any_text.size());
  while (true) {
    cut = expected.find(any_text);
    const std::string_view piece = expected.substr(0, cut);
    if (cut == std::string_view::npos) {  // the last piece ends the line
      return actual.size() >= at + piece.size() && actual.substr(actual.size() - piece.size()) == piece;
    }
    const std::size_t found = actual.find(piece, at);
    if (found == std::string_view::npos) return false;
    at = found + piece.size();
    expected.remove_prefix(cut + any_text.size());
  }
}

bool skips_lines(const std::string& expected) { return trimmed_right(expected) == any_text; }

}  // namespace

std::vector<example> examples_of(std::string_view text) {
  const auto lines = lines_of(text);
  std::vector<example> found;
  bool skip_next = false;
  std::string skip_reason;
  for (std::size_t i = 0; i < lines.size(); ++i) {
    const std::string_view line = lines[i];
    if (starts_with(line, skip_marker)) {
      skip_next = true;
      skip_reason = std::string(trimmed_right(line.substr(skip_marker.size())));
      if (skip_reason.size() >= 3 && skip_reason.ends_with("-->")) skip_reason.resize(skip_reason.size() - 3);
      continue;
    }
    if (!starts_with(line, "```")) {
      if (!trimmed_right(line).empty()) skip_next = false;  // the marker must be right before
      continue;
    }
    // A fence: its block runs to the next fence.
    std::size_t end = i + 1;
    while (end < lines.size() && !starts_with(lines[end], "```")) ++end;
    if (i + 1 < end && starts_with(lines[i + 1], "$ ")) {
      example e;
      e.line = static_cast<int>(i + 1);
      e.skipped = skip_next;
      e.skip_reason = skip_reason;
      for (std::size_t k = i + 1; k < end; ++k) {
        const std::string& l = lines[k];
        if (starts_with(l, "$ ")) {
          command c{l.substr(2), {}};
          while (trimmed_right(c.text).ends_with('\\') && k + 1 < end) c.text += "\n" + lines[++k];
          e.commands.push_back(std::move(c));
        } else {
          e.commands.back().expected.push_back(l);
        }
      }
      found.push_back(std::move(e));
    }
    skip_next = false;
    i = end;  // past the closing fence
  }
  return found;
}

bool shows(const std::vector<std::string>& expected, const std::vector<std::string>& actual) {
  // Memoised: at expected line e and actual line a, does the rest match?
  std::map<std::pair<std::size_t, std::size_t>, bool> memo;
  std::function<bool(std::size_t, std::size_t)> from = [&](std::size_t e, std::size_t a) -> bool {
    if (e == expected.size()) return a == actual.size();
    const auto key = std::make_pair(e, a);
    if (const auto it = memo.find(key); it != memo.end()) return it->second;
    bool result = false;
    if (skips_lines(expected[e]))
      result = from(e + 1, a) || (a < actual.size() && from(e, a + 1));
    else
      result = a < actual.size() && line_shows(expected[e], actual[a]) && from(e + 1, a + 1);
    memo[key] = result;
    return result;
  };
  return from(0, 0);
}

int first_difference(const std::vector<std::string>& expected, const std::vector<std::string>& actual) {
  // Line by line until a "…" line (past which positions no longer pair up).
  for (std::size_t k = 0; k < expected.size(); ++k) {
    if (skips_lines(expected[k])) return static_cast<int>(k);
    if (k >= actual.size() || !line_shows(expected[k], actual[k])) return static_cast<int>(k);
  }
  return actual.size() > expected.size() ? static_cast<int>(expected.size()) : -1;
}

}  // namespace weft::doc_test
