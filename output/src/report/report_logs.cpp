// The two logs a run can keep: its communication calls (--comm-log, JSON Lines, PE by PE in
// program order; keys in a fixed order so that readers and diffs can rely on it; docs/report.md,
// "Communication logs") and its messages (--messages, CSV).
#include <ostream>
#include <string>

#include "weft/output/report_writers.hpp"
#include "weft/output/csv.hpp"

namespace weft::output {

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

void write_call_log(std::ostream& out, const report& r) {
  using kind = call_record::kind;
  for (std::size_t pe = 0; pe < r.calls.size(); ++pe) {
    const auto& list = r.calls[pe];
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

void write_message_log(std::ostream& out, const std::vector<message_record>& messages) {
  out << message_log_header << '\n';
  for (const auto& m : messages)
    write_csv_line(out, {m.src, m.dst, m.src_node, m.dst_node, m.tag, m.bytes, m.ready.ps, m.arrival.ps});
}

}  // namespace weft::output
