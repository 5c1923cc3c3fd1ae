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
  // A device may never end (/dev/zero, /dev/urandom) and a socket is no file: only regular files
  // and pipes (a FIFO, a shell's <(command)) are read, and their lines are bounded (read_line).
  if (S_ISCHR(st.st_mode) || S_ISBLK(st.st_mode)) refuse("is a device, not a file");
  if (!S_ISREG(st.st_mode) && !S_ISFIFO(st.st_mode)) refuse("is not a regular file or a pipe");
  errno = 0;
  std::ifstream in(path);
  if (!in) refuse(fmt::format("cannot be read: {}", std::strerror(errno ? errno : EIO)));
  return in;
}

namespace {

// Marks a stream whose first line was read, so that only a file's first line loses a BOM.
const int first_line_read = std::ios_base::xalloc();

}  // namespace

bool read_line(std::istream& in, std::string& line, std::string_view source) {
  line.clear();
  bool any = false;
  char chunk[4096];
  for (;;) {
    in.getline(chunk, sizeof chunk);
    const auto got = static_cast<std::size_t>(in.gcount());
    if (!in.fail()) {  // the line ended: at its newline (extracted, counted), or at the end of the file
      line.append(chunk, in.eof() ? got : got - 1);
      any = true;
      break;
    }
    if (in.eof()) {  // nothing more: the line (if any) ended with the file
      if (!any) return false;
      in.clear(std::ios_base::eofbit);
      break;
    }
    // The chunk filled up before the newline: the line goes on.
    line.append(chunk, got);
    any = true;
    in.clear();
    if (line.size() > max_line_bytes) break;
  }
  if (line.size() > max_line_bytes)
    throw std::invalid_argument(fmt::format("{}: a line longer than {} bytes: not a text input", source, max_line_bytes));
  if (!line.empty() && line.back() == '\r') line.pop_back();
  if (in.iword(first_line_read) == 0) {
    in.iword(first_line_read) = 1;
    if (line.starts_with("\xEF\xBB\xBF")) line.erase(0, 3);  // a UTF-8 byte-order mark, as editors on Windows save
  }
  return true;
}

std::string read_whole(std::istream& in, std::string_view what, std::size_t limit) {
  std::string text;
  char chunk[1 << 16];
  while (in.read(chunk, sizeof chunk) || in.gcount() > 0) {
    text.append(chunk, static_cast<std::size_t>(in.gcount()));
    if (text.size() > limit) throw std::invalid_argument(fmt::format("{} is larger than {} bytes: not a text input", what, limit));
  }
  return text;
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
