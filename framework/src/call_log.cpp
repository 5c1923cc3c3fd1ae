// The communication log (--comm-log): every PE's calls as JSON Lines, PE by PE, in program
// order. Keys come in a fixed order so that readers and diffs can rely on it; the format is
// docs/report.md, "Communication logs".
#include <ostream>
#include <string>

#include "weft/report.hpp"

namespace weft {

namespace {

// Operation and algorithm names are identifiers; quotes and backslashes are escaped all the same.
void write_string(std::ostream& out, const std::string& text) {
  out << '"';
  for (char c : text) {
    if (c == '"' || c == '\\') out << '\\';
    if (static_cast<unsigned char>(c) < 0x20) {
      out << ' ';
      continue;
    }
    out << c;
  }
  out << '"';
}

}  // namespace

std::string_view to_string(call_record::kind k) {
  switch (k) {
    case call_record::kind::send: return "send";
    case call_record::kind::isend: return "isend";
    case call_record::kind::recv: return "recv";
    case call_record::kind::irecv: return "irecv";
    case call_record::kind::wait: return "wait";
    case call_record::kind::collective: return "collective";
  }
  return "?";
}

void report::write_call_log(std::ostream& out) const {
  using kind = call_record::kind;
  for (std::size_t pe = 0; pe < calls.size(); ++pe) {
    const auto& list = calls[pe];
    for (std::size_t seq = 0; seq < list.size(); ++seq) {
      const auto& c = list[seq];
      out << "{\"pe\":" << pe << ",\"seq\":" << seq << ",\"call\":\"" << to_string(c.call) << '"';
      if (c.call == kind::collective) {
        out << ",\"name\":";
        write_string(out, c.name);
        out << ",\"algorithm\":";
        write_string(out, c.algorithm);
      } else {
        out << ",\"peer\":" << c.peer << ",\"tag\":" << c.tag << ",\"bytes\":" << c.bytes;
        if (c.call == kind::isend || c.call == kind::irecv || c.call == kind::wait) out << ",\"request\":" << c.request;
        if (c.call == kind::wait) out << ",\"kind\":\"" << (c.on_send ? "send" : "recv") << '"';
      }
      out << ",\"t_ps\":" << c.start.ps << "}\n";
    }
  }
}

}  // namespace weft
