#include "cli_output.hpp"

#include <unistd.h>

#include <CLI/CLI.hpp>
#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <sstream>
#include <stdexcept>
#include <vector>

namespace weft::cli {

namespace {

[[noreturn]] void cannot_write(const std::string& path, const char* flag, int error) {
  std::string why = error != 0 ? std::string(": ") + std::strerror(error) : "";
  if (error == 0 && std::filesystem::is_directory(path)) why = ": it is a directory";
  throw std::invalid_argument(std::string(flag) + " file '" + path + "' cannot be written" + why);
}

}  // namespace

std::ofstream open_output(const std::string& path, const char* flag) {
  errno = 0;
  std::ofstream out(path);
  if (!out) cannot_write(path, flag, errno);
  return out;
}

void check_outputs(std::initializer_list<output_request> outputs) {
  std::vector<output_request> seen;
  for (const auto& [flag, path] : outputs) {
    if (path.empty()) continue;
    for (const auto& [other_flag, other_path] : seen)
      if (other_path == path)
        throw std::invalid_argument(std::string(other_flag) + " and " + flag + " both name the file '" + path +
                                    "'; give each its own file");
    seen.emplace_back(flag, path);
    std::error_code ec;
    const bool existed = std::filesystem::exists(path, ec);
    errno = 0;
    // Appending leaves an existing file's contents alone until the real write.
    std::ofstream probe(path, std::ios::app);
    if (!probe) cannot_write(path, flag, errno);
    probe.close();
    if (!existed) std::filesystem::remove(path, ec);
  }
}

std::size_t typed_options_except(const CLI::App& sub, const char* name) {
  std::size_t n = 0;
  for (const auto* opt : sub.get_options())
    if (opt->get_name() != name) n += opt->count();
  return n;
}

bool have_gnuplot() {
  const char* path = std::getenv("PATH");
  if (!path) return false;
  std::stringstream dirs(path);
  for (std::string dir; std::getline(dirs, dir, ':');)
    if (!dir.empty() && ::access((std::filesystem::path(dir) / "gnuplot").c_str(), X_OK) == 0) return true;
  return false;
}

}  // namespace weft::cli
