#pragma once
// The writers of a run's report (weft/report.hpp, plain data): the text summary, the JSON report
// (schema in docs/report.md), the Chrome/Perfetto trace, and the two logs a run can keep — its
// communication calls (--comm-log) and its messages (--messages).

#include <iosfwd>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "weft/report.hpp"

namespace weft::output {

/// The JSON report's schema: its name changes when a key changes meaning or goes away; the
/// version's minor part counts the keys added since (docs/report.md, "Schema").
inline constexpr std::string_view report_schema = "weft.report/1";
inline constexpr std::string_view report_schema_version = "1.1";

/// The command line the JSON reports of this process name (main records it once; a report
/// written before that names none).
void record_command_line(std::span<const char* const> argv);
const std::vector<std::string>& recorded_command_line();
/// weft's version, as the build knows it ("0.1.0").
std::string_view weft_version();

/// Human summary: tables in the style of the papers; `top_links` busiest links listed. The
/// engine's internals (worker CPUs, PEs per CPU, engine events, phases shared with helpers) are
/// printed only when `verbose` (weft --verbose): they explain the engine, not the run.
void write_text(std::ostream& out, const report& r, int top_links = 8, bool verbose = false);
/// JSON, schema in docs/report.md. `with_host` false leaves out the host's figures (wall time,
/// workers, CPUs), `with_invocation` false the invocation's (weft's version, the command line):
/// both false, what is left is the deterministic part. A report written into another document
/// (transpose's) leaves the invocation to that document.
void write_json(std::ostream& out, const report& r, bool with_host, bool with_invocation);
inline void write_json(std::ostream& out, const report& r, bool with_host = true) { write_json(out, r, with_host, with_host); }
/// Chrome/Perfetto trace: PE spans and link occupancy (needs run_options::trace).
void write_trace(std::ostream& out, const report& r);
/// The communication log as JSON Lines, PE by PE (docs/report.md, "Communication logs").
void write_call_log(std::ostream& out, const report& r);

/// The first line of a message log (`weft run --messages`, replayed by `weft traffic --pattern
/// trace:FILE`): one line a message received, in the order they were sent; ready_ps: when the
/// sender handed it to the network, arrival_ps: when its last byte arrived.
inline constexpr std::string_view message_log_header = "src,dst,src_node,dst_node,tag,bytes,ready_ps,arrival_ps";
void write_message_log(std::ostream& out, const std::vector<message_record>& messages);

}  // namespace weft::output
