#include "weft/output/output_file.hpp"

#include <atomic>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <iostream>
#include <streambuf>
#include <vector>

#include "weft/io/file_identity.hpp"
#include "weft/io/input_file.hpp"

namespace weft::io {

namespace {

// A stream buffer over a file descriptor that remembers the first failed write(2) and its errno,
// so the error names the system's reason (an ofstream only says "failed").
class checked_buf : public std::streambuf {
 public:
  explicit checked_buf(int fd, bool line_buffered = false)
      : fd_(fd), buffer_(1 << 16), line_buffered_(line_buffered) {
    setp(buffer_.data(), buffer_.data() + buffer_.size());
  }
  int error() const { return error_; }
  bool drain() {
    const char* p = pbase();
    std::size_t left = static_cast<std::size_t>(pptr() - pbase());
    while (left > 0 && error_ == 0) {
      ssize_t n = ::write(fd_, p, left);
      if (n < 0 && errno == EINTR) continue;
      if (n <= 0) {
        error_ = n < 0 ? errno : EIO;
        break;
      }
      p += n;
      left -= static_cast<std::size_t>(n);
    }
    setp(buffer_.data(), buffer_.data() + buffer_.size());
    return error_ == 0;
  }

 protected:
  std::streamsize xsputn(const char* text, std::streamsize n) override {
    std::streamsize done = std::streambuf::xsputn(text, n);
    if (line_buffered_ && std::char_traits<char>::find(text, static_cast<std::size_t>(n), '\n') && !drain()) return 0;
    return done;
  }
  int_type overflow(int_type c) override {
    if (!drain()) return traits_type::eof();
    if (!traits_type::eq_int_type(c, traits_type::eof())) {
      *pptr() = traits_type::to_char_type(c);
      pbump(1);
      if (line_buffered_ && c == '\n' && !drain()) return traits_type::eof();
    }
    return traits_type::not_eof(c);
  }
  int sync() override { return drain() ? 0 : -1; }

 private:
  int fd_;
  std::vector<char> buffer_;
  bool line_buffered_;
  int error_ = 0;
};

mode_t new_file_mode() {
  // What open(O_CREAT, 0666) would give: the umask is read once (setting it back at once).
  static const mode_t mask = [] {
    mode_t m = ::umask(0);
    ::umask(m);
    return m;
  }();
  return 0666 & ~mask;
}

}  // namespace

struct output_file::state {
  int fd = -1;
  std::string temp;    ///< empty: written in place (a device or a pipe)
  std::string target;  ///< what the temporary file is renamed to
  checked_buf buf;
  std::ostream out;
  bool done = false;
  explicit state(int f) : fd(f), buf(f), out(&buf) {}
};

[[noreturn]] static void fail(const std::string& option, const std::string& path, int error) {
  throw write_error(option + " file '" + printable(path) + "' cannot be written: " + std::strerror(error));
}

namespace {
std::atomic<bool> discarding{false};
}  // namespace

void discard_outputs(bool discard) { discarding.store(discard); }

output_file::output_file(std::string path, std::string option) : path_(std::move(path)), option_(std::move(option)) {
  if (discarding.load()) {  // a rank other than 0 of a distributed run: rank 0 writes this
    int fd = ::open("/dev/null", O_WRONLY | O_CLOEXEC);
    if (fd < 0) fail(option_, path_, errno);
    s_ = std::make_unique<state>(fd);
    return;
  }
  if (const int standard = standard_stream(path_); standard >= 0) {
    // Through the descriptor itself, at its current offset: after the report printed so far.
    if (standard == 1) std::cout.flush();
    int fd = ::fcntl(standard, F_DUPFD_CLOEXEC, 3);
    if (fd < 0) fail(option_, path_, errno);
    s_ = std::make_unique<state>(fd);
    return;
  }
  file_identity id = identify(path_);
  if (id.error != 0) fail(option_, path_, id.error);
  if (id.directory) fail(option_, path_, EISDIR);
  if (id.exists && !id.regular) {
    int fd = ::open(path_.c_str(), O_WRONLY | O_TRUNC | O_CLOEXEC);
    if (fd < 0) fail(option_, path_, errno);
    s_ = std::make_unique<state>(fd);
    return;
  }
  std::filesystem::path target(id.final_path);
  std::string temp = (target.parent_path() / ("." + target.filename().string() + ".weft-XXXXXX")).string();
  int fd = ::mkostemp(temp.data(), O_CLOEXEC);
  if (fd < 0) fail(option_, path_, errno);
  struct stat st {};
  // A file that is replaced keeps its permissions; a new one gets what the umask allows.
  ::fchmod(fd, id.exists && ::stat(id.final_path.c_str(), &st) == 0 ? (st.st_mode & 07777) : new_file_mode());
  s_ = std::make_unique<state>(fd);
  s_->temp = temp;
  s_->target = id.final_path;
}

output_file::output_file(output_file&&) noexcept = default;
output_file& output_file::operator=(output_file&&) noexcept = default;

output_file::~output_file() {
  if (!s_ || s_->done) return;
  if (s_->fd >= 0) ::close(s_->fd);
  if (!s_->temp.empty()) ::unlink(s_->temp.c_str());
}

std::ostream& output_file::stream() { return s_->out; }

const std::string& output_file::write_path() const { return s_->temp.empty() ? path_ : s_->temp; }

void output_file::commit() {
  state& s = *s_;
  s.out.flush();
  int error = s.buf.drain() ? 0 : s.buf.error();
  if (error == 0 && !s.out) error = EIO;
  int fd = s.fd;
  s.fd = -1;
  if (::close(fd) != 0 && error == 0) error = errno;
  if (error == 0 && !s.temp.empty() && ::rename(s.temp.c_str(), s.target.c_str()) != 0) error = errno;
  if (error != 0) {
    if (!s.temp.empty()) ::unlink(s.temp.c_str());
    s.done = true;
    fail(option_, path_, error);
  }
  s.done = true;
}

struct checked_stdout::state {
  checked_buf buf{1, ::isatty(1) == 1};
  std::streambuf* before = nullptr;
};

checked_stdout::checked_stdout() : s_(std::make_unique<state>()) {
  std::cout.flush();
  s_->before = std::cout.rdbuf(&s_->buf);
}

checked_stdout::~checked_stdout() {
  s_->buf.drain();
  std::cout.rdbuf(s_->before);
}

int checked_stdout::finish() {
  std::cout.flush();
  s_->buf.drain();
  if (s_->buf.error() != 0) return s_->buf.error();
  return std::cout ? 0 : EIO;
}

void write_output(const std::string& path, std::string_view option, const std::function<void(std::ostream&)>& fill) {
  if (path.empty()) return;
  output_file f(path, std::string(option));
  fill(f.stream());
  f.commit();
}

}  // namespace weft::io
