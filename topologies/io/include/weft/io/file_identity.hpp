#pragma once
// Which file a path names, whatever its spelling: relative or absolute, with ./ and .., through
// symlinks (dangling ones included) or as another hard link of the same file.

#include <string>

namespace weft::io {

struct file_identity {
  bool exists = false;          ///< stat() found it (through symlinks)
  bool stream = false;          ///< standard output or error named as a path: written in place
  bool regular = false;         ///< an ordinary file (or not there yet: it will be one)
  bool directory = false;
  unsigned long long device = 0, inode = 0;  ///< where it exists
  /// Where a new file would be created: the canonical folder plus the final name, after every
  /// symlink on the way (a dangling symlink names the file it points to). Empty for files that
  /// exist but are not regular (devices, pipes), which are written in place.
  std::string final_path;
};

/// 1 or 2 when `path` names standard output or error itself (/dev/stdout, /dev/fd/2,
/// /proc/self/fd/1, ...): written through that descriptor, wherever it points; else -1.
int standard_stream(const std::string& path);

/// Resolves `path`; never throws (an unreadable folder leaves the lexical absolute path).
file_identity identify(const std::string& path);

/// True when both name one file: same device and inode where both exist, the same final path
/// where either does not.
bool same_file(const file_identity& a, const file_identity& b);

}  // namespace weft::io
