#include "weft/mapping/ccs.hpp"

#include <limits>
#include <stdexcept>
#include <string>

namespace weft::mapping {

// Fig. 2 ("for iproc / loop i: examine the i-th call from the head; if it can execute, flag it;
// if the i-th call is a wait or synchronous call, break; i++ / dequeue every flagged call into
// CCS[iCCS]") read literally: the scan breaks at the first wait or blocking call *whether or not
// it can execute*, and that call is flagged like any other when it can. Including it is what
// makes a ping-pong two sets (the send and its blocking recv complete in round 0, the reply in
// round 1) and a chain of blocking sends one set per link; excluding it would never dequeue a
// blocking call at the head. Breaking even after an executable wait is what separates the steps of
// the NAS CG kernel (irecv, send, wait per step): the paper counts 3 CCS for the recursive
// doubling of 8 tasks plus 1 for the transpose, 4 in all (§5.5); scanning past executable waits
// would put all four steps in one set.
//
// "Can execute" needs a partner that has been *reached*, not one that has executed: a blocking
// recv at the head of its queue is posted and waiting, so the send it matches can complete. The
// reached prefix depends on the queues at the start of the round only, so the rule has no
// circularity (a ping-pong's send and recv each need the other) and no dependence on PE order.
ccs_result extract_ccs(const comm_log& log) {
  const int n = log.pe_count();
  constexpr int never = std::numeric_limits<int>::max();
  // reached[pe][i]: the round call i was first reached in (never: not yet).
  std::vector<std::vector<int>> reached(static_cast<std::size_t>(n));
  std::vector<std::size_t> head(static_cast<std::size_t>(n), 0);
  std::size_t left = 0;
  for (int pe = 0; pe < n; ++pe) {
    reached[static_cast<std::size_t>(pe)].assign(log.pes[static_cast<std::size_t>(pe)].size(), never);
    left += log.pes[static_cast<std::size_t>(pe)].size();
  }
  auto at = [&](int pe, int i) -> const comm_call& { return log.pes[static_cast<std::size_t>(pe)][static_cast<std::size_t>(i)]; };
  auto was_reached = [&](int pe, int i) { return pe >= 0 && i >= 0 && reached[static_cast<std::size_t>(pe)][static_cast<std::size_t>(i)] != never; };

  ccs_result result;
  result.tasks = n;
  result.source = log.source;
  std::vector<std::size_t> stop(static_cast<std::size_t>(n));
  for (int round = 0; left > 0; ++round) {
    // 1. Reach: each PE's prefix up to and including its first blocking call.
    for (int pe = 0; pe < n; ++pe) {
      const auto& calls = log.pes[static_cast<std::size_t>(pe)];
      std::size_t i = head[static_cast<std::size_t>(pe)];
      for (; i < calls.size(); ++i) {
        auto& r = reached[static_cast<std::size_t>(pe)][i];
        if (r == never) r = round;
        if (calls[i].blocking()) {
          ++i;
          break;
        }
      }
      stop[static_cast<std::size_t>(pe)] = i;
    }
    // 2. Mark and dequeue: the executable prefix (only the last reached call can be blocking).
    ccs set;
    set.round = round;
    std::size_t done = 0;
    for (int pe = 0; pe < n; ++pe) {
      auto& h = head[static_cast<std::size_t>(pe)];
      for (; h < stop[static_cast<std::size_t>(pe)]; ++h) {
        const auto& c = at(pe, static_cast<int>(h));
        bool can = true;
        if (c.kind == call_kind::send || c.kind == call_kind::recv) {
          can = was_reached(c.partner_pe, c.partner_index);
        } else if (c.kind == call_kind::wait) {
          const auto& start = at(pe, c.started_index);
          can = was_reached(start.partner_pe, start.partner_index);
        }
        if (!can) break;
        if (c.is_send()) set.messages.push_back({pe, c.peer, c.bytes, c.line});
        ++done;
      }
    }
    if (done == 0) {
      std::string stuck;
      int shown = 0;
      for (int pe = 0; pe < n && shown < 4; ++pe) {
        const auto h = head[static_cast<std::size_t>(pe)];
        if (h >= log.pes[static_cast<std::size_t>(pe)].size()) continue;
        const auto& c = at(pe, static_cast<int>(h));
        const std::string peer = c.kind == call_kind::wait ? " on request " + std::to_string(c.request) + " (peer " + std::to_string(c.peer) + ")"
                                 : (c.is_send() ? " to " : " from ") + std::to_string(c.peer);
        stuck += std::string(shown++ ? ", " : "") + "PE " + std::to_string(pe) + " " + call_name(c.kind) + peer +
                 (c.line > 0 ? " (line " + std::to_string(c.line) + ")" : "");
      }
      throw std::invalid_argument(log.source + ": the log can never progress after " + std::to_string(round) +
                                  " rounds (a deadlock); waiting: " + stuck + (shown == 4 ? ", ..." : ""));
    }
    left -= done;
    result.rounds = round + 1;
    if (!set.messages.empty()) result.sets.push_back(std::move(set));
  }
  return result;
}

}  // namespace weft::mapping
