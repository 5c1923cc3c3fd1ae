#pragma once
// Every file weft writes goes through here. It is written to a temporary file beside the target
// and renamed over it only when complete, so a run that is refused, fails or is interrupted
// leaves what was there byte for byte; every write and the close are checked, and a failure is
// one line naming the option, the file and the system's reason (write_error). Devices and pipes
// (/dev/stdout, /dev/null, a FIFO) are written in place, checked the same way.

#include <functional>
#include <memory>
#include <ostream>
#include <stdexcept>
#include <string>
#include <string_view>

namespace weft::io {

/// An output that could not be written; weft exits with write_error_exit_code.
struct write_error : std::runtime_error {
  using std::runtime_error::runtime_error;
};
inline constexpr int write_error_exit_code = 10;

class output_file {
 public:
  /// Opens the temporary file (or the device). Throws write_error.
  output_file(std::string path, std::string option);
  output_file(output_file&&) noexcept;
  output_file& operator=(output_file&&) noexcept;
  ~output_file();  ///< without commit(): the temporary file is removed, the target untouched

  std::ostream& stream();
  /// Flushes, checks, closes and renames over the target. Throws write_error.
  void commit();
  const std::string& path() const { return path_; }
  /// Where the bytes go until commit(): the temporary file (or the device itself), for a program
  /// weft starts to write the content (gnuplot's "set output").
  const std::string& write_path() const;

 private:
  struct state;
  std::string path_, option_;
  std::unique_ptr<state> s_;
};

/// The report on standard output, checked like a file: while it lives, std::cout writes to file
/// descriptor 1 through a checked buffer (flushed at each line on a terminal). finish() flushes
/// and returns the first write error's errno, 0 if none; EPIPE (a reader like `head` that went
/// away) is the caller's to treat as quiet.
class checked_stdout {
 public:
  checked_stdout();
  ~checked_stdout();
  checked_stdout(const checked_stdout&) = delete;
  checked_stdout& operator=(const checked_stdout&) = delete;
  int finish();

 private:
  struct state;
  std::unique_ptr<state> s_;
};

/// Process-wide: while on, every output_file writes to /dev/null instead of its path. The ranks
/// of a distributed run (--engine mpi) other than 0 compute every output as rank 0 does, and
/// rank 0 alone writes them.
void discard_outputs(bool discard);

/// Writes the whole file `path` with `fill`, atomically (an empty path writes nothing). Throws
/// write_error; an exception from `fill` leaves the target untouched and is passed on.
void write_output(const std::string& path, std::string_view option, const std::function<void(std::ostream&)>& fill);

}  // namespace weft::io
