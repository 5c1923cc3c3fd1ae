#pragma once
// A communication log: per PE, its point-to-point calls in program order (seed 004, Fig. 2's
// input). Read from the JSON Lines that `--comm-log F` writes, one object per call:
//
//   {"pe":0,"seq":0,"call":"isend","peer":1,"tag":5,"bytes":1048576,"request":0,"t_ps":0}
//   {"pe":0,"seq":2,"call":"wait","peer":1,"tag":5,"bytes":1048576,"request":0,"kind":"send","t_ps":5000}
//
// or built in memory with comm_log_builder (tests, programs that generate logs without running).
// Sends are matched to receives per ordered pair of PEs in program order (MPI's non-overtaking
// rule), a receive taking the first unmatched send with its tag (tag -1: any tag).

#include <cstdint>
#include <iosfwd>
#include <string>
#include <vector>

namespace weft::mapping {

enum class call_kind { send, isend, recv, irecv, wait };

/// "send", "isend", ...
const char* call_name(call_kind k);

/// One point-to-point call. Collective markers are dropped when read (CCS ignores them).
struct comm_call {
  call_kind kind = call_kind::send;
  int peer = -1;              ///< destination of a send, source of a receive (-1: any source, irecv only)
  int tag = 0;
  std::int64_t bytes = 0;
  int request = -1;           ///< isend / irecv / wait: the request id, unique per PE
  bool blocking() const { return kind == call_kind::send || kind == call_kind::recv || kind == call_kind::wait; }
  bool is_send() const { return kind == call_kind::send || kind == call_kind::isend; }
  bool is_recv() const { return kind == call_kind::recv || kind == call_kind::irecv; }
  int line = 0;               ///< line in the log file (0 when built in memory)
  // Filled by resolve(): the matching call of the message (send <-> receive) and, for a wait,
  // the call that started its request; {-1, -1} when none.
  int partner_pe = -1, partner_index = -1;
  int started_index = -1;
};

/// The calls of every PE, in program order, matched (see resolve()).
struct comm_log {
  std::string source = "log";  ///< file name for messages
  std::vector<std::vector<comm_call>> pes;
  int pe_count() const { return static_cast<int>(pes.size()); }
};

/// Builds a log in memory: one method per call, in each PE's program order.
class comm_log_builder {
 public:
  explicit comm_log_builder(int pes, std::string source = "log");
  void send(int pe, int dst, std::int64_t bytes, int tag = 0);
  void recv(int pe, int src, std::int64_t bytes, int tag = 0);
  /// Returns the request to wait on.
  int isend(int pe, int dst, std::int64_t bytes, int tag = 0);
  int irecv(int pe, int src, std::int64_t bytes, int tag = 0);
  void wait(int pe, int request);
  /// Checks and matches the log (see resolve()).
  comm_log build() &&;

 private:
  int add(int pe, comm_call c);
  comm_log log_;
  std::vector<int> next_request_;
};

/// Reads JSON Lines; `source` names the file in messages. Throws std::invalid_argument with one
/// line "SOURCE:LINE: PE p call: what is wrong" on malformed JSON, a missing or mistyped field,
/// an unknown call, a wait on a request never started (or waited twice), then resolve()'s errors.
comm_log read_comm_log(std::istream& in, const std::string& source);
comm_log read_comm_log_file(const std::string& path);

/// Matches every send with its receive and every wait with the call that started its request;
/// an irecv from any source (-1) takes the source written on its wait. Throws
/// std::invalid_argument naming the PE and the call of the first send without a receive (or
/// receive without a send), counted per ordered pair of PEs.
void resolve(comm_log& log);

}  // namespace weft::mapping
