#pragma once
// How `weft COMMAND --help` reads: the usage line and the most used options first, then what the
// command does and its lists (programs, algorithms, generators), then every option; values named
// for what they hold (TIME, BYTES, RATE, SPEC, FILE, N), never CLI11's TEXT; no line wider than
// 100 columns (docs/cli.md, "Help").

#include <cstddef>
#include <memory>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace CLI {
class App;
class Formatter;
}  // namespace CLI

namespace weft::cli {

/// Help lines are wrapped to this many columns (code points, not bytes: α and τ are one each).
inline constexpr std::size_t help_width = 100;

/// A list for a command's help (its programs, its generators): "HEADING:" alone on its line, then
/// one entry a line, "  NAME  text", the texts in one column; a text too long for the width goes
/// on under its own first word. No trailing newline.
std::string help_list(std::string_view heading, const std::vector<std::pair<std::string, std::string>>& entries);

/// The formatter every command's help is written with; set on the app before its commands are
/// added, so that they inherit it.
std::shared_ptr<CLI::Formatter> make_help_formatter();
/// Gives every option of every command a value name saying what it holds (TIME, BYTES, ...),
/// from one table by option name. Call once all commands are added, after add_value_checks
/// (which tells integers by CLI11's own INT).
void name_values(CLI::App& app);

}  // namespace weft::cli
