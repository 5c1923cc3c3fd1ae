// The Chrome/Perfetto trace of a run: PE spans and link occupancy, times in microseconds.
#include <fmt/format.h>
#include <fmt/ostream.h>

#include <ostream>

#include "report_contention.hpp"
#include "weft/output/report_writers.hpp"

namespace weft::output {

void write_trace(std::ostream& out, const report& r) {
  // Chrome trace event format: "X" complete events, timestamps in microseconds.
  // pid 1 = PEs (tid = rank), pid 2 = links (tid = link id).
  static const char* kinds[] = {"compute", "overhead", "wait"};
  out << "{\"displayTimeUnit\":\"ns\",\"traceEvents\":[\n";
  out << R"({"ph":"M","pid":1,"name":"process_name","args":{"name":"PEs"}},)" << '\n';
  out << R"({"ph":"M","pid":2,"name":"process_name","args":{"name":"links"}})";
  for (const auto& s : r.trace.pes)
    fmt::print(out, ",\n{{\"ph\":\"X\",\"pid\":1,\"tid\":{},\"name\":\"{}\",\"ts\":{:.6f},\"dur\":{:.6f}}}", s.rank,
               kinds[s.kind], s.begin.micros(), (s.end - s.begin).micros());
  for (const auto& s : r.trace.links)
    fmt::print(out,
               ",\n{{\"ph\":\"X\",\"pid\":2,\"tid\":{},\"name\":\"{}->{}\",\"ts\":{:.6f},\"dur\":{:.6f},"
               "\"args\":{{\"from_node\":{},\"to_node\":{}}}}}",
               s.link, s.src, s.dst, s.begin.micros(), (s.end - s.begin).micros(),
               r.links.empty() ? 0 : r.links[static_cast<std::size_t>(s.link)].from,
               r.links.empty() ? 0 : r.links[static_cast<std::size_t>(s.link)].to);
  if (r.contention.measured) detail::trace_contention(out, r);
  out << "\n]}\n";
}

}  // namespace weft::output
