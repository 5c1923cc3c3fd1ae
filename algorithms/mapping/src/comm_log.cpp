#include "weft/mapping/comm_log.hpp"

#include <fstream>
#include <istream>
#include <map>
#include <nlohmann/json.hpp>
#include <stdexcept>
#include <string>
#include <utility>

#include "weft/io/input_file.hpp"

namespace weft::mapping {

const char* call_name(call_kind k) {
  switch (k) {
    case call_kind::send: return "send";
    case call_kind::isend: return "isend";
    case call_kind::recv: return "recv";
    case call_kind::irecv: return "irecv";
    case call_kind::wait: return "wait";
  }
  return "?";
}

namespace {

// "SOURCE:LINE: PE p CALL ..." or "SOURCE: PE p call #i ..." for logs built in memory.
std::string where(const comm_log& log, int pe, int index) {
  const auto& c = log.pes[static_cast<std::size_t>(pe)][static_cast<std::size_t>(index)];
  std::string s = log.source;
  if (c.line > 0) s += ":" + std::to_string(c.line);
  s += ": PE " + std::to_string(pe) + " " + call_name(c.kind);
  if (c.line == 0) s += " (call " + std::to_string(index) + ")";
  return s;
}

std::string describe_peer(const comm_call& c) {
  if (c.is_send()) return " to PE " + std::to_string(c.peer) + " (tag " + std::to_string(c.tag) + ")";
  return " from PE " + std::to_string(c.peer) + " (tag " + std::to_string(c.tag) + ")";
}

[[noreturn]] void refuse(const std::string& text) { throw std::invalid_argument(text); }

}  // namespace

comm_log_builder::comm_log_builder(int pes, std::string source) {
  if (pes < 1) throw std::invalid_argument("a communication log needs at least 1 PE, not " + std::to_string(pes));
  log_.source = std::move(source);
  log_.pes.resize(static_cast<std::size_t>(pes));
  next_request_.assign(static_cast<std::size_t>(pes), 0);
}

int comm_log_builder::add(int pe, comm_call c) {
  if (pe < 0 || pe >= log_.pe_count())
    throw std::invalid_argument(log_.source + ": PE " + std::to_string(pe) + " is outside 0.." +
                                std::to_string(log_.pe_count() - 1));
  if (c.kind == call_kind::isend || c.kind == call_kind::irecv) c.request = next_request_[static_cast<std::size_t>(pe)]++;
  log_.pes[static_cast<std::size_t>(pe)].push_back(c);
  return c.request;
}

void comm_log_builder::send(int pe, int dst, std::int64_t bytes, int tag) { add(pe, {call_kind::send, dst, tag, bytes}); }
void comm_log_builder::recv(int pe, int src, std::int64_t bytes, int tag) { add(pe, {call_kind::recv, src, tag, bytes}); }
int comm_log_builder::isend(int pe, int dst, std::int64_t bytes, int tag) { return add(pe, {call_kind::isend, dst, tag, bytes}); }
int comm_log_builder::irecv(int pe, int src, std::int64_t bytes, int tag) { return add(pe, {call_kind::irecv, src, tag, bytes}); }
void comm_log_builder::wait(int pe, int request) {
  comm_call c{call_kind::wait};
  c.request = request;
  add(pe, c);
}

comm_log comm_log_builder::build() && {
  resolve(log_);
  return std::move(log_);
}

void resolve(comm_log& log) {
  const int n = log.pe_count();
  // Waits: find the call that started the request; an irecv from any source takes the wait's peer.
  for (int pe = 0; pe < n; ++pe) {
    auto& calls = log.pes[static_cast<std::size_t>(pe)];
    std::map<int, int> open;  // request -> index of the isend/irecv not yet waited on
    for (int i = 0; i < static_cast<int>(calls.size()); ++i) {
      auto& c = calls[static_cast<std::size_t>(i)];
      c.partner_pe = c.partner_index = c.started_index = -1;
      if (c.kind == call_kind::isend || c.kind == call_kind::irecv) {
        if (!open.emplace(c.request, i).second)
          refuse(where(log, pe, i) + ": request " + std::to_string(c.request) + " is already in use (not yet waited on)");
      } else if (c.kind == call_kind::wait) {
        auto it = open.find(c.request);
        if (it == open.end()) refuse(where(log, pe, i) + ": wait on request " + std::to_string(c.request) + ", which was never started");
        c.started_index = it->second;
        auto& start = calls[static_cast<std::size_t>(it->second)];
        open.erase(it);
        // An irecv posted with any source, any tag or no size yet (--comm-log writes -1s) learns
        // them from its wait line, which --comm-log fills with what matched.
        if (start.kind == call_kind::irecv) {
          if (start.peer < 0) start.peer = c.peer;
          if (start.tag == -1 && c.tag != -1) start.tag = c.tag;
          if (start.bytes < 0) start.bytes = c.bytes;
        }
        c.peer = start.peer;
        c.tag = start.tag;
        c.bytes = start.bytes;
      }
    }
    for (int i = 0; i < static_cast<int>(calls.size()); ++i) {
      const auto& c = calls[static_cast<std::size_t>(i)];
      if (c.kind == call_kind::wait) continue;
      if (c.peer < 0 || c.peer >= n)
        refuse(where(log, pe, i) + ": peer " + std::to_string(c.peer) + " is not a PE of this log (0.." + std::to_string(n - 1) +
               (c.kind == call_kind::irecv ? "; an irecv from any source needs the matched source on its wait)" : ")"));
      if (c.bytes < 0) refuse(where(log, pe, i) + ": bytes " + std::to_string(c.bytes) + " is negative");
    }
  }
  // Messages: per ordered pair (a -> b), each receive on b from a in program order takes the first
  // unmatched send from a to b with its tag (any tag for tag -1): MPI's non-overtaking order.
  std::map<std::pair<int, int>, std::vector<int>> sends;  // (a, b) -> send indices on a, in order
  for (int a = 0; a < n; ++a)
    for (int i = 0; i < static_cast<int>(log.pes[static_cast<std::size_t>(a)].size()); ++i) {
      const auto& c = log.pes[static_cast<std::size_t>(a)][static_cast<std::size_t>(i)];
      if (c.is_send()) sends[{a, c.peer}].push_back(i);
    }
  for (int b = 0; b < n; ++b) {
    auto& calls = log.pes[static_cast<std::size_t>(b)];
    for (int i = 0; i < static_cast<int>(calls.size()); ++i) {
      auto& r = calls[static_cast<std::size_t>(i)];
      if (!r.is_recv()) continue;
      auto& list = sends[{r.peer, b}];
      bool found = false;
      for (auto it = list.begin(); it != list.end(); ++it) {
        auto& s = log.pes[static_cast<std::size_t>(r.peer)][static_cast<std::size_t>(*it)];
        if (r.tag != -1 && s.tag != r.tag) continue;
        // Both lines carry the message's size (docs/report.md): a mismatch is a broken log, and
        // the sets would silently use the send's.
        if (r.bytes >= 0 && s.bytes >= 0 && r.bytes != s.bytes)
          refuse(where(log, b, i) + describe_peer(r) + ": a send of " + std::to_string(s.bytes) + " B (" +
                 (s.line > 0 ? "line " + std::to_string(s.line) : "PE " + std::to_string(r.peer) + " call " + std::to_string(*it)) +
                 ") is matched by a receive of " + std::to_string(r.bytes) + " B; both must give the message's size");
        s.partner_pe = b;
        s.partner_index = i;
        r.partner_pe = r.peer;
        r.partner_index = *it;
        list.erase(it);
        found = true;
        break;
      }
      if (!found) refuse(where(log, b, i) + describe_peer(r) + " has no matching send on PE " + std::to_string(r.peer));
    }
  }
  for (const auto& [pair, list] : sends)
    if (!list.empty()) {
      const auto& s = log.pes[static_cast<std::size_t>(pair.first)][static_cast<std::size_t>(list.front())];
      refuse(where(log, pair.first, list.front()) + describe_peer(s) + " has no matching receive on PE " + std::to_string(s.peer));
    }
}

namespace {

int int_field(const nlohmann::json& j, const char* key, const std::string& at, bool required, int fallback) {
  auto it = j.find(key);
  if (it == j.end()) {
    if (required) refuse(at + ": missing \"" + key + "\"");
    return fallback;
  }
  // An unsigned JSON number past 2^63 - 1 would read as a negative int64 (2^64 - 1 as -1, any tag).
  if (!it->is_number_integer() || (it->is_number_unsigned() && it->get<std::uint64_t>() > INT32_MAX) ||
      it->get<std::int64_t>() < INT32_MIN || it->get<std::int64_t>() > INT32_MAX)
    refuse(at + ": \"" + key + "\" must be an integer, not " + it->dump());
  return it->get<int>();
}

}  // namespace

comm_log read_comm_log(std::istream& in, const std::string& source) {
  comm_log log;
  log.source = source;
  std::map<int, int> last_seq;
  std::int64_t total_bytes = 0;  // of the sends: every objective sums them, so their sum must fit
  std::string text;
  for (int line = 1; io::read_line(in, text, source); ++line) {
    if (text.find_first_not_of(" \t\r") == std::string::npos) continue;
    const std::string at_line = source + ":" + std::to_string(line);
    nlohmann::json j;
    try {
      j = nlohmann::json::parse(text);
    } catch (const nlohmann::json::exception& e) {  // parse_error, and out_of_range for a number past a double (1e400)
      std::string what = e.what();
      if (auto p = what.find("parse error"); p != std::string::npos) what = what.substr(p);
      else if (auto q = what.find("] "); what.starts_with("[json.exception.") && q != std::string::npos) what = what.substr(q + 2);
      refuse(at_line + ": malformed JSON (" + what + ")");
    }
    if (!j.is_object()) refuse(at_line + ": each line must be a JSON object, not " + j.dump());
    const int pe = int_field(j, "pe", at_line, true, 0);
    if (pe < 0 || pe > 1 << 24) refuse(at_line + ": \"pe\" " + std::to_string(pe) + " is out of range (0..16777216)");
    auto call_it = j.find("call");
    if (call_it == j.end() || !call_it->is_string()) refuse(at_line + ": PE " + std::to_string(pe) + ": missing \"call\" (a string)");
    const std::string call = io::printable(call_it->get<std::string>());  // quoted in errors: never cut at a NUL
    const std::string at = at_line + ": PE " + std::to_string(pe) + " " + call;
    const int seq = int_field(j, "seq", at, false, -1);
    if (seq >= 0) {
      auto [it, fresh] = last_seq.emplace(pe, seq);
      if (!fresh) {
        if (seq <= it->second) refuse(at + ": seq " + std::to_string(seq) + " does not follow " + std::to_string(it->second) + " (calls of a PE must be in program order)");
        it->second = seq;
      }
    }
    // The PE's virtual clock at the call (docs/report.md): a picosecond count, never negative.
    if (auto t = j.find("t_ps"); t != j.end() &&
        (!t->is_number_integer() || (!t->is_number_unsigned() && t->get<std::int64_t>() < 0)))
      refuse(at + ": \"t_ps\" must be a whole number of picoseconds >= 0, not " + t->dump());
    if (call == "collective") continue;  // a marker: CCS only looks at point-to-point calls
    comm_call c;
    if (call == "send") c.kind = call_kind::send;
    else if (call == "isend") c.kind = call_kind::isend;
    else if (call == "recv") c.kind = call_kind::recv;
    else if (call == "irecv") c.kind = call_kind::irecv;
    else if (call == "wait") c.kind = call_kind::wait;
    else refuse(at + ": unknown call '" + call + "' (known: send, isend, recv, irecv, wait, collective)");
    c.line = line;
    c.peer = int_field(j, "peer", at, true, -1);
    c.tag = int_field(j, "tag", at, false, 0);
    auto bytes = j.find("bytes");
    if (bytes != j.end()) {
      // An irecv does not know its size until it matches (--comm-log writes -1 there); the
      // message's bytes are the send's.
      const std::int64_t least = c.kind == call_kind::irecv ? -1 : 0;
      if (!bytes->is_number_integer() ||
          (bytes->is_number_unsigned() && bytes->get<std::uint64_t>() > static_cast<std::uint64_t>(INT64_MAX)) ||
          bytes->get<std::int64_t>() < least)
        refuse(at + ": \"bytes\" must be a whole number >= " + std::to_string(least) + ", not " + bytes->dump());
      c.bytes = bytes->get<std::int64_t>();
      if (c.is_send() && __builtin_add_overflow(total_bytes, c.bytes, &total_bytes))
        refuse(at + ": bytes " + std::to_string(c.bytes) + " brings the log's sent bytes past 2^63 - 1");
    } else if (c.kind != call_kind::wait) {
      refuse(at + ": missing \"bytes\"");
    }
    if (c.kind != call_kind::send && c.kind != call_kind::recv) c.request = int_field(j, "request", at, true, -1);
    if (c.peer < 0 && c.kind != call_kind::wait && !(c.kind == call_kind::irecv && c.peer == -1))  // -2 is not "any"
      refuse(at + ": peer " + std::to_string(c.peer) + " (only an irecv may name any source, -1)");
    if (static_cast<int>(log.pes.size()) <= pe) log.pes.resize(static_cast<std::size_t>(pe) + 1);
    log.pes[static_cast<std::size_t>(pe)].push_back(c);
  }
  if (log.pes.empty()) refuse(source + ": no point-to-point calls in the log");
  resolve(log);
  return log;
}

comm_log read_comm_log_file(const std::string& path) {
  auto in = io::open_input(path, "communication log");
  return read_comm_log(in, path);
}

}  // namespace weft::mapping
