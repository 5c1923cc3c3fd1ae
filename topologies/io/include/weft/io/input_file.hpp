#pragma once
// Text inputs (traces, comm logs, matrices, edge lists, presets, placements) are opened one way:
// a missing file, a folder or a device is named as such in one line, and lines may end in CRLF.

#include <fstream>
#include <string>
#include <string_view>

namespace weft::io {

/// Opens `path` for reading; throws std::invalid_argument "<what> '<path>' <reason>" (e.g.
/// "--matrix 'm/' is a directory, not a file"). Devices and pipes other than regular files are
/// refused: only regular files and pipes are read.
std::ifstream open_input(const std::string& path, std::string_view what);

/// The longest line read_line takes: every weft text format has short lines; a longer one is
/// not text (a binary file, an endless pipe).
inline constexpr std::size_t max_line_bytes = 1 << 20;

/// std::getline that also drops a trailing '\r' (CRLF files read like LF ones) and a UTF-8
/// byte-order mark before the first line; throws std::invalid_argument naming `source` (the
/// file) past max_line_bytes.
bool read_line(std::istream& in, std::string& line, std::string_view source = "the input");

/// The whole of `in`, refused (std::invalid_argument naming `what`) past `limit` bytes.
std::string read_whole(std::istream& in, std::string_view what, std::size_t limit);

/// `text` with control characters shown escaped (\0, \r, \x1b), so an error message quoting user
/// input is never cut at a NUL byte nor garbles the terminal.
std::string printable(std::string_view text);

}  // namespace weft::io
