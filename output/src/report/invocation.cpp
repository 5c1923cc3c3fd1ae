// What names the process in its JSON reports: weft's version and the command line.
#include <string>
#include <vector>

#include "weft/output/report_writers.hpp"

namespace weft::output {

namespace {
std::vector<std::string>& command_line() {
  static std::vector<std::string> recorded;
  return recorded;
}
}  // namespace

void record_command_line(std::span<const char* const> argv) { command_line().assign(argv.begin(), argv.end()); }
const std::vector<std::string>& recorded_command_line() { return command_line(); }
std::string_view weft_version() { return WEFT_VERSION; }

}  // namespace weft::output
