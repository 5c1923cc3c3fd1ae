#pragma once
// Output files and tools shared by the weft subcommands. Every file goes through weft_output: the
// files a command reads and writes are declared and checked before any work (check_outputs),
// and each output is written whole or not at all (write_file).

#include <functional>
#include <initializer_list>
#include <ostream>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace CLI {
class App;
}

namespace weft::cli {

/// A file named by an option: {"--json", path}; an empty path means not asked for.
using output_request = std::pair<const char*, std::string>;
using file_request = std::pair<std::string, std::string>;
/// Called before any run, so a bad path fails before the work rather than after it: throws
/// std::invalid_argument unless every non-empty output can be written (nothing on disk changes),
/// and when two outputs, or an output and one of `inputs`, name one file by any spelling.
void check_outputs(std::initializer_list<output_request> outputs, const std::vector<file_request>& inputs = {});
/// Writes `path` whole with `fill` (nothing for an empty path): a temporary file renamed over
/// the target, every write checked; throws weft::io::write_error naming `flag` and the file.
/// Then names it on standard error (say_wrote), `what` saying what it holds.
void write_file(const std::string& path, const char* flag, std::string_view what, const std::function<void(std::ostream&)>& fill);
/// Has gnuplot draw `file` (option `flag`) from the script `script(output)` makes, where `output`
/// is the path gnuplot must write ("set output"): a temporary file renamed over `file` only when
/// gnuplot succeeded, then named like write_file's. Throws weft::io::write_error or
/// std::runtime_error (gnuplot failed).
void draw_with_gnuplot(const std::string& file, const char* flag, std::string_view what,
                       const std::function<std::string(const std::string&)>& script);
/// The one line every file a command wrote gets, on standard error so the report on standard
/// output stays the report: "weft: wrote heat.svg (link utilization heatmap)". A user learns
/// where the file went (and that it went anywhere) without looking; --quiet does not silence it
/// (--quiet is about the progress line, and a file written without a word is what it prevents).
void say_wrote(const std::string& path, std::string_view what);
/// How many times options other than `name` were typed on `sub` (positionals included): a flag
/// like --list that runs nothing else refuses company rather than ignoring it.
std::size_t typed_options_except(const CLI::App& sub, const char* name);
/// gnuplot is optional: true if an executable `gnuplot` is on PATH (no shell is started).
bool have_gnuplot();

}  // namespace weft::cli
