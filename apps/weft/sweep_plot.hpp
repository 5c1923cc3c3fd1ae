#pragma once
// `--plot FILE` of `weft reduce --sweep` and `weft transpose --sweep`: FILE.svg is drawn by weft
// itself with the SVG toolkit (nothing to install); FILE.png is drawn by gnuplot, the only
// format that still needs it. Any other name is refused before the sweep, so an hour of runs
// never ends in a file nobody can open.

#include <functional>
#include <ostream>
#include <string>
#include <string_view>

namespace weft::cli {

enum class plot_format { none, svg, png };

/// The format `file` names by its extension (.svg or .png, any case; none for an empty name).
/// Throws std::invalid_argument for any other name, and for .png when gnuplot is not on PATH.
plot_format check_plot_file(const std::string& file, const char* flag);

/// Writes the plot through the output layer: `svg` fills FILE.svg; for FILE.png gnuplot runs
/// the script `png_script(output)` makes, `output` being the path gnuplot must write. Either way
/// the file is named on standard error, `what` saying what it shows (say_wrote).
void write_plot(const std::string& file, const char* flag, std::string_view what, const std::function<void(std::ostream&)>& svg,
                const std::function<std::string(const std::string&)>& png_script);

}  // namespace weft::cli
