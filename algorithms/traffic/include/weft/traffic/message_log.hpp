#pragma once
// The messages of a run, as CSV: what `weft run --messages FILE` writes (output/'s
// write_message_log) and `weft traffic --pattern trace:FILE` replays. One line a message
// received, in the order they were sent:
//
//   src,dst,src_node,dst_node,tag,bytes,ready_ps,arrival_ps
//   0,1,0,1,0,4096,0,1306000
//
// ready_ps: when the sender handed it to the network; arrival_ps: when its last byte arrived.

#include <iosfwd>
#include <string>
#include <vector>

#include "weft/report.hpp"

namespace weft::traffic {

/// A log as read from its file, with the line of each message: what is wrong with a message
/// later (the packets it fills, the cycle it is sent in) is refused naming FILE:LINE.
struct message_trace {
  std::string path;
  std::vector<message_record> messages;
  std::vector<int> lines;  ///< the file line of each message
  /// "FILE:LINE" of message `i`.
  std::string where(std::size_t i) const;
};

/// Throws std::invalid_argument naming the file and the line of what is wrong (a missing or
/// unreadable file, a folder, a bad header, a field that is not a whole number in range). Lines
/// may end in CRLF.
message_trace read_message_trace(const std::string& path);
/// The messages of read_message_trace(path).
std::vector<message_record> read_message_log(const std::string& path);

}  // namespace weft::traffic
