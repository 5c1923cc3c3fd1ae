#include "weft/io/input_file.hpp"

#include <sys/stat.h>

#include <cerrno>
#include <cstring>
#include <stdexcept>

#include <fmt/format.h>

namespace weft::io {

std::ifstream open_input(const std::string& path, std::string_view what) {
  auto refuse = [&](std::string_view why) {
    throw std::invalid_argument(fmt::format("{} '{}' {}", what, printable(path), why));
  };
  if (path.empty()) refuse("is empty: name a file");
  struct stat st {};
  if (::stat(path.c_str(), &st) != 0) refuse(fmt::format("cannot be read: {}", std::strerror(errno)));
  if (S_ISDIR(st.st_mode)) refuse("is a directory, not a file");
  if (!S_ISREG(st.st_mode) && !S_ISCHR(st.st_mode) && !S_ISFIFO(st.st_mode))
    refuse("is not a regular file (a socket or block device)");
  errno = 0;
  std::ifstream in(path);
  if (!in) refuse(fmt::format("cannot be read: {}", std::strerror(errno ? errno : EIO)));
  return in;
}

bool read_line(std::istream& in, std::string& line) {
  if (!std::getline(in, line)) return false;
  if (!line.empty() && line.back() == '\r') line.pop_back();
  return true;
}

std::string printable(std::string_view text) {
  std::string out;
  out.reserve(text.size());
  for (unsigned char c : text) {
    if (c == 0) out += "\\0";
    else if (c == '\r') out += "\\r";
    else if (c == '\n') out += "\\n";
    else if (c == '\t') out += "\\t";
    else if (c < 0x20 || c == 0x7f) out += fmt::format("\\x{:02x}", c);
    else out += static_cast<char>(c);
  }
  return out;
}

}  // namespace weft::io
