#pragma once
// Output files and tools shared by the weft subcommands.

#include <fstream>
#include <initializer_list>
#include <string>
#include <utility>

namespace CLI {
class App;
}

namespace weft::cli {

/// Opens `path` for writing; throws std::invalid_argument
/// "<flag> file '<path>' cannot be written: <why>".
std::ofstream open_output(const std::string& path, const char* flag);
/// An output file named by an option: {"--json", path}; an empty path means not asked for.
using output_request = std::pair<const char*, std::string>;
/// Called before any run, so a bad path fails before the work rather than after it: throws as
/// open_output does unless every non-empty path can be opened for writing (an existing file is
/// left as it is, a new one removed again), and when two options name the same file.
void check_outputs(std::initializer_list<output_request> outputs);
/// How many times options other than `name` were typed on `sub` (positionals included): a flag
/// like --list that runs nothing else refuses company rather than ignoring it.
std::size_t typed_options_except(const CLI::App& sub, const char* name);
/// gnuplot is optional: true if an executable `gnuplot` is on PATH (no shell is started).
bool have_gnuplot();

}  // namespace weft::cli
