#pragma once
// Text inputs (traces, comm logs, matrices, edge lists, presets, placements) are opened one way:
// a missing file, a folder or a device is named as such in one line, and lines may end in CRLF.

#include <fstream>
#include <string>
#include <string_view>

namespace weft::io {

/// Opens `path` for reading; throws std::invalid_argument "<what> '<path>' <reason>" (e.g.
/// "--matrix 'm/' is a directory, not a file"). Devices and pipes other than regular files are
/// refused except /dev/stdin-like streams a user names on purpose (character devices and FIFOs).
std::ifstream open_input(const std::string& path, std::string_view what);

/// std::getline that also drops a trailing '\r' (CRLF files read like LF ones).
bool read_line(std::istream& in, std::string& line);

/// `text` with control characters shown escaped (\0, \r, \x1b), so an error message quoting user
/// input is never cut at a NUL byte nor garbles the terminal.
std::string printable(std::string_view text);

}  // namespace weft::io
