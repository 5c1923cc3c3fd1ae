#include "open_file.hpp"

#include <cerrno>
#include <cstring>

#include <fmt/format.h>

#include "weft/sparse/matrix_market.hpp"

namespace weft::sparse::detail {

namespace {

[[noreturn]] void cannot(std::string_view what, const std::filesystem::path& file, int error) {
  throw format_error(fmt::format("{}: cannot open for {} ({})", file.string(), what, std::strerror(error)));
}

}  // namespace

std::ifstream open_for_reading(const std::filesystem::path& file) {
  errno = 0;
  std::ifstream in(file);
  // A directory opens as a stream on Linux and fails only on the first read: refuse it here.
  if (!in || std::filesystem::is_directory(file)) cannot("reading", file, errno ? errno : EISDIR);
  return in;
}

}  // namespace weft::sparse::detail
