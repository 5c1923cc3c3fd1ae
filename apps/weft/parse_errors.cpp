#include "parse_errors.hpp"

#include <CLI/CLI.hpp>
#include <algorithm>
#include <cctype>
#include <string_view>
#include <charconv>
#include <regex>
#include <sstream>
#include <vector>

namespace weft::cli {

namespace {

std::string command_names(const CLI::App& app) {
  std::string names;
  for (const auto* sub : app.get_subcommands({})) names += (names.empty() ? "" : ", ") + sub->get_name();
  return names;
}

}  // namespace

// A typed-but-empty value (-m "", --routing "") would quietly mean "the default", and CLI11
// saturates a 64-bit integer that overflows (-K 99999999999999999999 became INT64_MAX, and the
// error then named a number nobody typed).
void add_value_checks(CLI::App& app) {
  const CLI::Validator non_empty(
      [](std::string& value) { return value.empty() ? std::string("empty value (give one, or leave the option out)") : ""; },
      "", "non-empty");
  const CLI::Validator in_range(
      [](std::string& value) {
        long long v = 0;
        const char* end = value.data() + value.size();
        auto [at, ec] = std::from_chars(value.data() + (value.starts_with('+') ? 1 : 0), end, v);
        if (ec == std::errc::result_out_of_range) return "'" + value + "' is out of range";
        return std::string();
      },
      "", "in-range");
  for (auto* sub : app.get_subcommands({}))
    for (auto* opt : sub->get_options()) {
      if (opt->get_expected_max() == 0) continue;  // flags (--help, --ticks, ...) take no value
      opt->check(non_empty);
      if (opt->get_type_name() == "INT") opt->check(in_range);
    }
}

std::string unknown_command(const CLI::App& app, int argc, char** argv) {
  if (argc < 2) return "";
  const std::string first = argv[1];
  if (first == "--version" && argc > 2)
    return "weft: error: --version takes nothing else; '" + std::string(argv[2]) + "' was given after it";
  // CLI11 reads "-m=ring:4" as -m with the value "=ring:4"; say how a short option takes its value.
  for (int i = 2; i < argc; ++i) {
    const std::string_view arg = argv[i];
    if (arg == "--") break;
    if (arg.size() > 2 && arg[0] == '-' && std::isalpha(static_cast<unsigned char>(arg[1])) && arg[2] == '=')
      return "weft: error: " + std::string(arg) + ": a short option takes its value after a space ('" +
             std::string(arg.substr(0, 2)) + " " + std::string(arg.substr(3)) + "'); only a long option takes '='";
  }
  if (first == "--help" || first == "-h" || first == "--version") return "";
  for (const auto* sub : app.get_subcommands({}))
    if (sub->get_name() == first) return "";
  const std::string known = command_names(app);
  if (first.starts_with('-'))
    return "weft: error: unknown option '" + first + "': weft takes a command first (" + known + "; see 'weft --help')";
  return "weft: error: unknown command '" + first + "' (known: " + known + "; see 'weft --help')";
}

namespace {

// Edits (insert, delete, substitute, swap two neighbours) between a and b, stopping at `most` + 1.
std::size_t edit_distance(std::string_view a, std::string_view b, std::size_t most) {
  if (a.size() > b.size() + most || b.size() > a.size() + most) return most + 1;
  std::vector<std::vector<std::size_t>> d(a.size() + 1, std::vector<std::size_t>(b.size() + 1));
  for (std::size_t i = 0; i <= a.size(); ++i) d[i][0] = i;
  for (std::size_t j = 0; j <= b.size(); ++j) d[0][j] = j;
  for (std::size_t i = 1; i <= a.size(); ++i)
    for (std::size_t j = 1; j <= b.size(); ++j) {
      d[i][j] = std::min({d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1)});
      if (i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1]) d[i][j] = std::min(d[i][j], d[i - 2][j - 2] + 1);
    }
  return d[a.size()][b.size()];
}

}  // namespace

std::string nearest_option(const CLI::App& sub, const std::string& word) {
  if (!word.starts_with("--")) return "";
  const std::string typed = word.substr(0, word.find('='));
  std::string best;
  std::size_t best_distance = 3;  // at most 2 edits, and fewer than a third of the name
  for (const auto* opt : sub.get_options()) {
    for (const auto& name : opt->get_lnames()) {
      const std::string candidate = "--" + name;
      const std::size_t d = edit_distance(typed, candidate, 2);
      if (d < best_distance && 3 * d < candidate.size()) {
        best = candidate;
        best_distance = d;
      }
    }
  }
  return best;
}

std::string parse_error_line(const CLI::App& app, const CLI::ParseError& e) {
  const CLI::App* sub = nullptr;
  for (const auto* parsed : app.get_subcommands()) sub = parsed;
  std::string text = e.what();
  for (char& c : text)
    if (c == '\n') c = ' ';
  std::smatch m;
  if (std::regex_match(text, m, std::regex("Could not convert: (\\S+) = (.*)"))) {
    const CLI::Option* opt = nullptr;
    try {
      if (sub) opt = sub->get_option(m[1].str());
    } catch (const CLI::OptionNotFound&) {
    }
    const bool flag = opt && opt->get_expected_max() == 0;
    text = m[1].str() + ": '" + m[2].str() + (flag ? "' is not a flag value (give the flag alone)" : "' is not a whole number in range");
  } else if (std::regex_match(text, m, std::regex("(\\S+): At Most 1 required but received (\\d+)"))) {
    text = m[1].str() + " given " + m[2].str() + " times; give it once";
  } else if (std::regex_match(text, m, std::regex("The following arguments? (?:was|were) not expected: (.*)"))) {
    // CLI11 lists the extra arguments last first.
    std::vector<std::string> words;
    std::istringstream in(m[1].str());
    for (std::string w; in >> w;) words.insert(words.begin(), w);
    text = words.size() == 1 ? "the following argument was not expected:" : "the following arguments were not expected:";
    for (const auto& w : words) text += " " + w;
    if (sub)  // a mistyped option: name the one meant, as git and cargo do
      for (const auto& w : words)
        if (const auto near = nearest_option(*sub, w); !near.empty()) {
          text += " (did you mean " + near + "?)";
          break;
        }
  } else if (text == "A subcommand is required") {
    text = "a command is required: " + command_names(app);
  } else if (!text.empty()) {
    text[0] = static_cast<char>(std::tolower(static_cast<unsigned char>(text[0])));
  }
  const std::string help = sub ? "weft " + sub->get_name() + " --help" : "weft --help";
  return "weft: error: " + text + " (see '" + help + "')";
}

}  // namespace weft::cli
