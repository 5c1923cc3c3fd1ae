#pragma once
// What a command reads and writes, declared before any work and checked as a whole: an output
// that names an input, or two outputs that name one file, by any spelling, are refused in one
// line; so is an output that cannot be written (its folder is missing or read-only, it is a
// folder). Nothing on disk changes during the check.

#include <string>
#include <string_view>
#include <vector>

namespace weft::io {

class file_plan {
 public:
  /// An input file named by `option` (e.g. "--matrix", "the comm log"); an empty path is ignored.
  file_plan& input(std::string_view option, const std::string& path);
  /// An output file named by `option` (e.g. "--json"); an empty path is ignored.
  file_plan& output(std::string_view option, const std::string& path);
  /// Throws std::invalid_argument with one line naming the option(s), the path and the reason.
  void check() const;

 private:
  struct entry {
    std::string option, path;
  };
  std::vector<entry> inputs_, outputs_;
};

}  // namespace weft::io
