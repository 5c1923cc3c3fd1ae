#include "cli_output.hpp"

#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <sstream>
#include <stdexcept>

namespace weft::cli {

std::ofstream open_output(const std::string& path, const char* flag) {
  std::ofstream out(path);
  if (!out) throw std::invalid_argument(std::string(flag) + " file '" + path + "' cannot be written");
  return out;
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
