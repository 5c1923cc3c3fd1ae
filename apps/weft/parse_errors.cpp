#include "parse_errors.hpp"

#include <CLI/CLI.hpp>
#include <cctype>
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
  } else if (std::regex_match(text, m, std::regex("The following arguments were not expected: (.*)"))) {
    // CLI11 lists the extra arguments last first.
    std::vector<std::string> words;
    std::istringstream in(m[1].str());
    for (std::string w; in >> w;) words.insert(words.begin(), w);
    text = "the following arguments were not expected:";
    for (const auto& w : words) text += " " + w;
  } else if (text == "A subcommand is required") {
    text = "a command is required: " + command_names(app);
  } else if (!text.empty()) {
    text[0] = static_cast<char>(std::tolower(static_cast<unsigned char>(text[0])));
  }
  const std::string help = sub ? "weft " + sub->get_name() + " --help" : "weft --help";
  return "weft: error: " + text + " (see '" + help + "')";
}

}  // namespace weft::cli
