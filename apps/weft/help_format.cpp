#include "help_format.hpp"

#include <CLI/CLI.hpp>
#include <algorithm>
#include <map>
#include <sstream>
#include <string>
#include <string_view>

namespace weft::cli {

namespace {

// Each command's usage: what is required and the options most runs use (the rest follow in the
// groups below it). One table, so that the lines read alike.
const std::map<std::string, std::string, std::less<>>& usages() {
  static const std::map<std::string, std::string, std::less<>> table{
      {"run", "weft run PROGRAM -m SPEC [-p N] [-b BYTES] [-i N] [--alpha TIME --bandwidth RATE] [--json FILE] [OPTIONS]"},
      {"topo", "weft topo SPEC [-r ROUTING] [--svg FILE] [--json FILE] | weft topo --list"},
      {"transpose",
       "weft transpose [-m pax|illiac] [-N N] [-P N] (--alpha TIME --tau TIME | --units abstract) [-a NAME] "
       "[--sweep] [OPTIONS]"},
      {"reduce", "weft reduce [-K N] [-m N] [-n N] [--tree NAME] [--op NAME] [--sweep] [--list]"},
      {"coll",
       "weft coll -m SPEC [--op NAME] [-a NAME] [--sizes SIZES] [-p N,N...] [--alpha TIME --bandwidth RATE] "
       "[--csv FILE] [OPTIONS]"},
      {"cg",
       "weft cg (--matrix FILE | --generate SPEC) -m SPEC [-p N,N...] [--iterations N | --tol X] [--json FILE] "
       "[--plot FILE] [OPTIONS]"},
      {"traffic",
       "weft traffic -m SPEC [--network NAME] [--routing ROUTING] [--pattern SPEC] [--load LOADS] [--plot FILE] [OPTIONS]"},
      {"machines", "weft machines [NAME]"},
      {"ccs", "weft ccs FILE [--machine SPEC [--routing ROUTING] [--bandwidth RATE] [--placement FILE]] [--json FILE]"},
      {"map",
       "weft map -m SPEC [--program PROGRAM] [-p N] [--objective LIST] [--runs N --seed SEED] [--out FILE] [OPTIONS]"},
      {"calibrate", "mpirun -n 2 weft calibrate --backend mpi [--sizes SIZES] [--name NAME] [-o FILE]"},
  };
  return table;
}

// What each option's value is, by its long name (or its short one when it has none). An option
// missing here keeps CLI11's name for numbers (INT -> N) or is a NAME: a word from a list its
// help gives.
const std::map<std::string, std::string, std::less<>>& value_names() {
  static const std::map<std::string, std::string, std::less<>> table{
      // durations, and times per byte (τ), with their unit
      {"alpha", "TIME"}, {"tau", "TIME"}, {"hop-latency", "TIME"}, {"o-send", "TIME"}, {"o-recv", "TIME"},
      {"gap", "TIME"}, {"poll", "TIME"}, {"kernel-overhead", "TIME"}, {"cycle", "TIME"}, {"short-alpha", "TIME"},
      {"short-tau", "TIME"}, {"eager-alpha", "TIME"}, {"eager-tau", "TIME"}, {"chain-alpha", "TIME"},
      {"coll-call", "TIME"}, {"coll-recv", "TIME"}, {"reduce-tau", "TIME"}, {"timeout", "SECONDS"},
      // rates
      {"bandwidth", "RATE"}, {"short-bandwidth", "RATE"}, {"eager-bandwidth", "RATE"}, {"memory-bandwidth", "RATE"},
      {"flops", "RATE"},
      // sizes
      {"bytes", "BYTES"}, {"mtu", "BYTES"}, {"flit-size", "BYTES"}, {"short-max", "BYTES"}, {"eager-max", "BYTES"},
      {"stack-size", "BYTES"}, {"max-memory", "BYTES"}, {"sizes", "SIZES"},
      // specifications read by a parser of their own
      {"machine", "SPEC"}, {"mapping", "SPEC"}, {"routing", "ROUTING"}, {"generate", "SPEC"}, {"pattern", "SPEC"},
      {"rhs", "SPEC"}, {"program", "PROGRAM"}, {"procs", "N"}, {"load", "LOADS"}, {"seed", "SEED"}, {"tol", "X"},
      {"objective", "LIST"}, {"units", "time|abstract"},
      // files
      {"json", "FILE"}, {"csv", "FILE"}, {"plot", "FILE"}, {"svg", "FILE"}, {"dot", "FILE"}, {"trace", "FILE"},
      {"comm-log", "FILE"}, {"heatmap", "FILE"}, {"messages", "FILE"}, {"out", "FILE"}, {"output", "FILE"},
      {"solution", "FILE"}, {"matrix", "FILE"}, {"placement", "FILE"}, {"log", "FILE"}, {"spec", "SPEC"},
  };
  return table;
}

std::string value_name(const CLI::Option& opt, const std::string& command) {
  const std::string name = !opt.get_lnames().empty()   ? opt.get_lnames().front()
                           : !opt.get_snames().empty() ? opt.get_snames().front()
                                                       : opt.get_name();
  // -p is a list of PE counts where a command sweeps them (coll, cg), one count elsewhere.
  if (name == "procs" && (command == "coll" || command == "cg")) return "N,N...";
  if (const auto it = value_names().find(name); it != value_names().end()) return it->second;
  const std::string cli11 = opt.get_type_name();
  if (cli11 == "INT" || cli11 == "UINT") return "N";
  if (cli11 == "FLOAT") return "X";
  if (cli11 == "TEXT" || cli11.empty()) return "NAME";
  return cli11;  // a name the command gave itself (CYCLES)
}

std::size_t columns(std::string_view line) {
  std::size_t n = 0;
  for (unsigned char c : line) n += (c & 0xC0) != 0x80;  // UTF-8: count code points
  return n;
}

// Where the text of a list entry ("  NAME  text", as help_list writes them) starts; 0 for any
// other line. Option lines ("  --alpha TIME  ...") are not entries: they have their own column.
std::size_t entry_text_column(const std::string& line) {
  if (!line.starts_with("  ") || line.size() < 3 || line[2] == ' ' || line[2] == '-') return 0;
  const std::size_t gap = line.find("  ", 2);
  if (gap == std::string::npos) return 0;
  const std::size_t text = line.find_first_not_of(' ', gap);
  return text == std::string::npos ? 0 : columns(std::string_view(line).substr(0, text));
}

// Wraps one line at blanks to help_width columns; continuation lines are indented to where the
// text of the line starts after its option column (an option line), under the entry's text (a
// list entry), or by its own indent. A usage line is cut only before an option group
// ("[--json FILE]" stays whole) and continues under the command's first argument.
std::string wrap(const std::string& line, std::size_t text_column) {
  if (columns(line) <= help_width) return line;
  const bool usage = line.starts_with("Usage: ");
  const std::size_t lead = line.find_first_not_of(' ');
  const bool option_line = lead != std::string::npos && lead >= 2 && line[lead] == '-';
  const std::size_t entry = entry_text_column(line);
  const std::size_t indent = usage         ? line.find(' ', line.find(' ', 7) + 1) + 1
                             : option_line ? text_column
                             : entry > 0   ? entry
                                           : (lead == std::string::npos ? 0 : lead) + 2;
  std::string out, rest = line;
  while (columns(rest) > help_width) {
    // the last blank within the width (counted in bytes from a code-point limit)
    std::size_t cut = 0, cols = 0;
    for (std::size_t i = 0; i < rest.size() && cols <= help_width; ++i) {
      if ((static_cast<unsigned char>(rest[i]) & 0xC0) != 0x80) ++cols;
      const bool group = i + 1 < rest.size() && (rest[i + 1] == '[' || rest[i + 1] == '(');
      if (rest[i] == ' ' && cols <= help_width && i > indent && (!usage || group)) cut = i;
    }
    if (cut == 0) break;  // one word wider than the line: leave it whole
    out += rest.substr(0, cut) + "\n";
    rest = std::string(indent, ' ') + rest.substr(rest.find_first_not_of(' ', cut));
  }
  return out + rest;
}

std::string wrap_all(const std::string& text, std::size_t text_column) {
  std::istringstream in(text);
  std::string line, out;
  while (std::getline(in, line)) out += wrap(line, text_column) + "\n";
  return out;
}

class help_formatter : public CLI::Formatter {
 public:
  help_formatter() { column_width(32); }

  std::string make_usage(const CLI::App* app, std::string name) const override {
    const auto it = usages().find(app->get_name());
    if (app->get_parent() == nullptr || it == usages().end()) return CLI::Formatter::make_usage(app, name);
    return "Usage: " + it->second + "\n";
  }

  // Usage first, then what the command does and its lists (the footer: programs, algorithms,
  // generators), then the options: a reader finds what to type before the details.
  std::string make_help(const CLI::App* app, std::string name, CLI::AppFormatMode mode) const override {
    if (mode == CLI::AppFormatMode::Sub) return make_expanded(app);
    std::stringstream out;
    out << make_usage(app, name) << make_description(app);
    // A command's own footer holds its lists; one it only inherited (weft's "Run 'weft <command>
    // --help' ...") stays at the end.
    const bool own_lists = app->get_parent() != nullptr && !app->get_footer().empty() &&
                           app->get_footer() != app->get_parent()->get_footer();
    if (own_lists) out << '\n' << make_footer(app);
    out << make_positionals(app) << make_groups(app, mode) << make_subcommands(app, mode);
    if (!own_lists) out << '\n' << make_footer(app);
    return wrap_all(out.str(), get_column_width() + 2);
  }
};

}  // namespace

std::string help_list(std::string_view heading, const std::vector<std::pair<std::string, std::string>>& entries) {
  std::size_t width = 0;
  for (const auto& [name, text] : entries) width = std::max(width, columns(name));
  std::string out = std::string(heading) + ":";
  for (const auto& [name, text] : entries) out += "\n  " + name + std::string(width + 2 - columns(name), ' ') + text;
  return out;
}

std::shared_ptr<CLI::Formatter> make_help_formatter() { return std::make_shared<help_formatter>(); }

void name_values(CLI::App& app) {
  for (auto* sub : app.get_subcommands({}))
    for (auto* opt : sub->get_options()) {
      if (opt->get_expected_max() == 0) continue;  // flags take no value
      opt->type_name(value_name(*opt, sub->get_name()));
    }
}

}  // namespace weft::cli
