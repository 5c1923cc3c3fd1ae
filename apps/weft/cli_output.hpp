#pragma once
// Output files and tools shared by the weft subcommands.

#include <fstream>
#include <string>

namespace weft::cli {

/// Opens `path` for writing; throws std::invalid_argument "<flag> file '<path>' cannot be written".
std::ofstream open_output(const std::string& path, const char* flag);
/// gnuplot is optional: true if an executable `gnuplot` is on PATH (no shell is started).
bool have_gnuplot();

}  // namespace weft::cli
