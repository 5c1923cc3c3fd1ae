#pragma once
// Argument errors CLI11 finds, in weft's form: one line "weft: error: ..." naming the option or
// value, exit code 2 (main prints them). CLI11's own texts are reworded where they would name the
// wrong thing or read as a program error ("Could not convert", "A subcommand is required").

#include <string>

namespace CLI {
class App;
class ParseError;
}  // namespace CLI

namespace weft::cli {

/// Adds to every option of every subcommand the checks CLI11 leaves out: an empty value is
/// refused, and an integer that overflows 64 bits is named as typed rather than saturated.
void add_value_checks(CLI::App& app);
/// "weft: error: unknown command ..." when argv[1] is neither a command nor --help/--version;
/// empty otherwise (CLI11 would answer only "a command is required").
std::string unknown_command(const CLI::App& app, int argc, char** argv);
/// The one line for a CLI11 parse error (not --help/--version, which exit 0), ending with the
/// --help to read: "weft: error: --procs: 'x' is not a whole number in range (see 'weft run --help')".
std::string parse_error_line(const CLI::App& app, const CLI::ParseError& e);
/// The option of `sub` within two edits of the mistyped `word` ("--alhpa" → "--alpha"), or "".
std::string nearest_option(const CLI::App& sub, const std::string& word);

}  // namespace weft::cli
