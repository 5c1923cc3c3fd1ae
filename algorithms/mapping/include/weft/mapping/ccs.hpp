#pragma once
// Concurrent Communication Sets (seed 004, §4.3 and Fig. 2): the messages of a log grouped into
// sets whose transfers start together. docs/mapping.md states the exact semantics.

#include <cstdint>
#include <string>
#include <vector>

#include "weft/mapping/comm_log.hpp"

namespace weft::mapping {

/// One message: source task, destination task, bytes (the send's size).
struct message {
  int src = 0;
  int dst = 0;
  std::int64_t bytes = 0;
  int line = 0;  ///< the send's line in the log file (0: built in memory); not part of equality
  bool operator==(const message& o) const { return src == o.src && dst == o.dst && bytes == o.bytes; }
};

/// One concurrent communication set: its messages, in PE order then program order.
struct ccs {
  std::vector<message> messages;
  int round = 0;  ///< the round of Fig. 2's loop that dequeued them (rounds without a send are not sets)
};

struct ccs_result {
  std::vector<ccs> sets;
  int rounds = 0;  ///< rounds of Fig. 2's loop, including those that started no message
  int tasks = 0;
  std::string source = "log";  ///< the log's file name, for messages
};

/// Fig. 2 on a resolved log. Per PE a queue of its calls; each round every PE *reaches* the calls
/// from its head up to and including its first blocking call (send, recv, wait) and marks those
/// that can execute; marked calls are dequeued; the sends dequeued in round k make CCS k (rounds
/// that dequeue no send make no set). A call can execute when:
///   - isend, irecv: always (posting never waits);
///   - send, recv: the matching receive / send has been reached, this round or earlier;
///   - wait: the partner of the request's call has been reached, this round or earlier.
/// Whether a call was reached depends only on the queues at the start of the round, so the result
/// does not depend on the order the PEs are visited in. Throws std::invalid_argument naming the
/// stuck calls when a round can execute nothing while calls remain (a log that can never progress).
ccs_result extract_ccs(const comm_log& log);

}  // namespace weft::mapping
