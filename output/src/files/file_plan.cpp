#include "weft/output/file_plan.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <filesystem>
#include <optional>
#include <stdexcept>

#include "weft/io/file_identity.hpp"
#include "weft/io/input_file.hpp"

namespace weft::io {

namespace {

std::string quoted(const std::string& path) { return "'" + printable(path) + "'"; }

[[noreturn]] void cannot_write(const std::string& option, const std::string& path, const std::string& why) {
  throw std::invalid_argument(option + " file " + quoted(path) + " cannot be written: " + why);
}

// Can `id` be written, without touching it? A new file in its folder is created and removed
// again (the target itself, existing or not, dangling symlink or not, is left alone).
void probe(const std::string& option, const std::string& path, const file_identity& id) {
  if (id.error != 0) cannot_write(option, path, std::strerror(id.error));
  if (id.directory) cannot_write(option, path, std::strerror(EISDIR));
  if (id.exists && !id.regular) {
    // A device or a pipe is written in place. It is not opened here: a FIFO's reader would see
    // the end of its input at this first close and go away before the real write.
    if (!id.stream && ::access(path.c_str(), W_OK) != 0) cannot_write(option, path, std::strerror(errno));
    return;
  }
  if (id.exists && ::access(id.final_path.c_str(), W_OK) != 0) cannot_write(option, path, std::strerror(errno));
  std::filesystem::path target(id.final_path);
  std::string folder = target.parent_path().string();
  std::string probe_name = folder + "/.weft-probe-XXXXXX";
  int fd = ::mkstemp(probe_name.data());
  // The file is written beside its target and renamed over it: its folder must take a new file.
  if (fd < 0 && id.exists) cannot_write(option, path, "no new file can be made in its folder '" + printable(folder) + "' (" + std::strerror(errno) + ")");
  if (fd < 0) cannot_write(option, path, std::strerror(errno));
  ::close(fd);
  ::unlink(probe_name.c_str());
}

// Standard output or error when the shell redirected it to a regular file (weft ... > out.txt):
// an output renamed over that file would take the report's (or the messages') place.
std::optional<file_identity> redirected_to_file(int fd) {
  struct stat st {};
  if (::fstat(fd, &st) != 0 || !S_ISREG(st.st_mode)) return std::nullopt;
  file_identity id;
  id.exists = id.regular = true;
  id.device = st.st_dev;
  id.inode = st.st_ino;
  return id;
}

}  // namespace

file_plan& file_plan::input(std::string_view option, const std::string& path) {
  if (!path.empty()) inputs_.push_back({std::string(option), path});
  return *this;
}

file_plan& file_plan::output(std::string_view option, const std::string& path) {
  if (!path.empty()) outputs_.push_back({std::string(option), path});
  return *this;
}

void file_plan::check() const {
  std::vector<file_identity> outs;
  for (const auto& o : outputs_) {
    // '-' means standard output to many tools; here it would be a file named '-' in the current
    // folder, and standard output already carries the text report.
    if (o.path == "-")
      throw std::invalid_argument(o.option + " -: '-' is not standard output here (the text report goes there); "
                                  "give a file name, or /dev/stdout to write both to the terminal");
    outs.push_back(identify(o.path));
    probe(o.option, o.path, outs.back());
  }
  // Devices and pipes (/dev/null, /dev/stderr) may take several outputs: nothing is replaced.
  auto replaceable = [](const file_identity& id) { return id.regular; };
  const auto standard_output = redirected_to_file(1), standard_error = redirected_to_file(2);
  for (std::size_t i = 0; i < outputs_.size(); ++i) {
    if (!replaceable(outs[i])) continue;
    if (standard_output && same_file(outs[i], *standard_output))
      throw std::invalid_argument(outputs_[i].option + " file " + quoted(outputs_[i].path) +
                                  " is where standard output goes (the report); write it to another file");
    if (standard_error && same_file(outs[i], *standard_error))
      throw std::invalid_argument(outputs_[i].option + " file " + quoted(outputs_[i].path) +
                                  " is where standard error goes (warnings, errors); write it to another file");
    for (std::size_t j = 0; j < i; ++j)
      if (replaceable(outs[j]) && same_file(outs[i], outs[j])) {
        std::string also = outputs_[i].path == outputs_[j].path ? "" : " (as " + quoted(outputs_[i].path) + ")";
        throw std::invalid_argument(outputs_[j].option + " and " + outputs_[i].option + " both name the file " +
                                    quoted(outputs_[j].path) + also + "; give each its own file");
      }
    for (const auto& in : inputs_)
      if (same_file(outs[i], identify(in.path)))
        throw std::invalid_argument(outputs_[i].option + " file " + quoted(outputs_[i].path) + " is the input " +
                                    quoted(in.path) + " (" + in.option +
                                    ") this command reads; write the output to another file");
  }
}

}  // namespace weft::io
