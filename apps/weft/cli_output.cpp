#include "cli_output.hpp"

#include <unistd.h>

#include <CLI/CLI.hpp>
#include <cstdio>
#include <cstdlib>
#include <stdexcept>
#include <filesystem>
#include <iostream>
#include <sstream>

#include "weft/io/input_file.hpp"
#include "weft/output/file_plan.hpp"
#include "weft/output/output_file.hpp"

namespace weft::cli {

void check_outputs(std::initializer_list<output_request> outputs, const std::vector<file_request>& inputs) {
  io::file_plan plan;
  for (const auto& [flag, path] : outputs) plan.output(flag, path);
  for (const auto& [what, path] : inputs) plan.input(what, path);
  plan.check();
}

void write_file(const std::string& path, const char* flag, std::string_view what, const std::function<void(std::ostream&)>& fill) {
  if (path.empty()) return;
  io::write_output(path, flag, fill);
  say_wrote(path, what);
}

void say_wrote(const std::string& path, std::string_view what) {
  std::cerr << "weft: wrote " << io::printable(path) << " (" << what << ")\n";
}

void draw_with_gnuplot(const std::string& file, const char* flag, std::string_view what,
                       const std::function<std::string(const std::string&)>& script) {
  io::output_file out(file, flag);
  const std::string text = script(out.write_path());
  FILE* g = ::popen("gnuplot", "w");
  if (!g) throw std::runtime_error("could not start gnuplot");
  std::fputs(text.c_str(), g);
  if (::pclose(g) != 0) throw std::runtime_error("gnuplot failed to draw " + file);
  out.commit();
  say_wrote(file, what);
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
