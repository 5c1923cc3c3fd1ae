#include "weft/io/file_identity.hpp"

#include <sys/stat.h>

#include <filesystem>
#include <system_error>

namespace weft::io {

namespace fs = std::filesystem;

namespace {

// Follows symlinks by hand for a path whose target does not exist (stat() cannot), so that a
// dangling symlink names the file it would create. Bounded like the kernel's ELOOP limit.
fs::path follow_links(fs::path p) {
  std::error_code ec;
  for (int hops = 0; hops < 40 && fs::is_symlink(fs::symlink_status(p, ec)); ++hops) {
    fs::path target = fs::read_symlink(p, ec);
    if (ec) break;
    p = target.is_absolute() ? target : p.parent_path() / target;
  }
  return p;
}

// The canonical folder (symlinks, . and .. resolved where the folder exists) plus the name.
std::string canonical_spot(const fs::path& p) {
  std::error_code ec;
  fs::path absolute = fs::absolute(p, ec);
  if (ec) absolute = p;
  fs::path folder = fs::weakly_canonical(absolute.parent_path(), ec);
  if (ec) folder = absolute.parent_path().lexically_normal();
  return (folder / absolute.filename()).string();
}

}  // namespace

int standard_stream(const std::string& path) {
  for (int fd : {1, 2}) {
    const std::string n = std::to_string(fd);
    for (const std::string& name : {std::string(fd == 1 ? "/dev/stdout" : "/dev/stderr"), "/dev/fd/" + n, "/proc/self/fd/" + n})
      if (path == name) return fd;
  }
  return -1;
}

file_identity identify(const std::string& path) {
  file_identity id;
  if (standard_stream(path) >= 0) {
    id.exists = id.stream = true;
    return id;
  }
  struct stat st {};
  if (::stat(path.c_str(), &st) == 0) {
    id.exists = true;
    id.regular = S_ISREG(st.st_mode);
    id.directory = S_ISDIR(st.st_mode);
    id.device = st.st_dev;
    id.inode = st.st_ino;
    if (id.regular) {
      std::error_code ec;
      fs::path real = fs::canonical(path, ec);
      id.final_path = ec ? canonical_spot(follow_links(path)) : real.string();
    }
    return id;
  }
  id.regular = true;
  fs::path p = follow_links(path);
  // "dir/" names a folder even when it does not exist yet.
  if (!path.empty() && path.back() == '/') id.directory = true;
  id.final_path = canonical_spot(p);
  return id;
}

bool same_file(const file_identity& a, const file_identity& b) {
  if (a.exists && b.exists) return a.device == b.device && a.inode == b.inode;
  return !a.final_path.empty() && a.final_path == b.final_path;
}

}  // namespace weft::io
