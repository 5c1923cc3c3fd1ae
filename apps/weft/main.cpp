// weft: run parallel algorithms as live programs on an emulated parallel machine.
#include <CLI/CLI.hpp>
#include <cstdio>
#include <exception>
#include <regex>
#include <stdexcept>
#include <string>
#include <vector>

#include "commands.hpp"

namespace {

// A typed-but-empty value (-m "", --routing "") would otherwise quietly mean "the default".
void refuse_empty_values(CLI::App& app) {
  const CLI::Validator non_empty(
      [](std::string& value) { return value.empty() ? std::string("empty value (give one, or leave the option out)") : ""; },
      "", "non-empty");
  for (auto* sub : app.get_subcommands({}))
    for (auto* opt : sub->get_options())
      if (opt->get_type_size() != 0 && opt->get_name() != "--help") opt->check(non_empty);
}

// CLI11's own messages, made one line that names the option and says where the usage is.
std::string parse_error_line(const CLI::App& app, const CLI::ParseError& e) {
  std::string text = e.what();
  for (char& c : text)
    if (c == '\n') c = ' ';
  std::smatch m;
  if (std::regex_match(text, m, std::regex("Could not convert: (\\S+) = (.*)")))
    text = m[1].str() + ": '" + m[2].str() + "' is not a whole number in range";
  else if (text == "A subcommand is required")
    text = "a command is required: run, topo, transpose, reduce, coll or machines";
  else if (!text.empty())
    text[0] = static_cast<char>(std::tolower(static_cast<unsigned char>(text[0])));
  std::string help = "weft --help";
  for (const auto* sub : app.get_subcommands())
    help = "weft " + sub->get_name() + " --help";
  return "weft: error: " + text + " (see '" + help + "')";
}

}  // namespace

int main(int argc, char** argv) {
  CLI::App app{
      "weft — run parallel algorithms as live multithreaded programs on an emulated parallel\n"
      "machine with deterministic virtual time (topology, latency, bandwidth and port limits).",
      "weft"};
  app.require_subcommand(1);
  app.set_version_flag("--version", "weft 0.1.0");
  app.footer("Run 'weft <command> --help' for the options of one command. Docs: docs/ in the source tree.");

  std::vector<weft::cli::command_runner> runners{
      weft::cli::add_run_command(app),
      weft::cli::add_topo_command(app),
      weft::cli::add_transpose_command(app),
      weft::cli::add_reduce_command(app),
      weft::cli::add_coll_command(app),
      weft::cli::add_machines_command(app),
  };
  refuse_empty_values(app);
  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    // --help and --version are "errors" with exit code 0: CLI11 prints them as usual.
    if (e.get_exit_code() == 0) return app.exit(e);
    std::fprintf(stderr, "%s\n", parse_error_line(app, e).c_str());
    return 2;
  }
  try {
    for (auto& run : runners)
      if (run) {
        if (int rc = run(); rc >= 0) return rc;
      }
  } catch (const std::invalid_argument& e) {
    std::fprintf(stderr, "weft: error: %s\n", e.what());
    return 2;
  } catch (const std::exception& e) {
    std::fprintf(stderr, "weft: failed: %s\n", e.what());
    return 1;
  }
  return 0;
}
