#include "weft/traffic/message_log.hpp"

#include <charconv>
#include <limits>
#include <ostream>
#include <stdexcept>
#include <string_view>

#include "weft/io/input_file.hpp"
#include "weft/output/report_writers.hpp"

namespace weft::traffic {

namespace {

constexpr std::string_view header = output::message_log_header;

/// The next comma-separated field of `line` as a whole number in [lo, hi].
template <class T>
T field(std::string_view& line, const char* name, T lo, T hi, const std::string& where) {
  const auto comma = line.find(',');
  const std::string_view text = line.substr(0, comma);
  line = comma == std::string_view::npos ? std::string_view{} : line.substr(comma + 1);
  T v{};
  auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), v);
  if (text.empty() || ec != std::errc{} || end != text.data() + text.size() || v < lo || v > hi)
    throw std::invalid_argument(where + name + " '" + io::printable(text) + "' is not a whole number from " +
                                std::to_string(lo) + " to " + std::to_string(hi));
  return v;
}

}  // namespace

std::string message_trace::where(std::size_t i) const { return path + ":" + std::to_string(lines[i]); }

message_trace read_message_trace(const std::string& path) {
  auto in = io::open_input(path, "message log");
  std::string text;
  if (!io::read_line(in, text, path) || text != header)
    throw std::invalid_argument(path + ":1: not a message log (the first line must be '" + std::string(header) +
                                "', as weft run --messages writes it)");
  message_trace out;
  out.path = path;
  constexpr auto big = std::numeric_limits<std::int64_t>::max();
  constexpr auto pes = std::numeric_limits<int>::max();
  for (int number = 2; io::read_line(in, text, path); ++number) {
    if (text.empty()) continue;
    const std::string where = path + ":" + std::to_string(number) + ": ";
    std::string_view line = text;
    message_record m{};
    m.src = field(line, "src", 0, pes, where);
    m.dst = field(line, "dst", 0, pes, where);
    m.src_node = field<node_id>(line, "src_node", 0, std::numeric_limits<node_id>::max(), where);
    m.dst_node = field<node_id>(line, "dst_node", 0, std::numeric_limits<node_id>::max(), where);
    m.tag = field(line, "tag", std::numeric_limits<int>::min(), pes, where);
    m.bytes = field<std::int64_t>(line, "bytes", 0, big, where);
    m.ready = {field<std::int64_t>(line, "ready_ps", 0, big, where)};
    m.arrival = {field<std::int64_t>(line, "arrival_ps", 0, big, where)};
    // A comma after the eighth field starts a ninth, even an empty one ("...,arrival_ps,").
    if (!line.empty() || text.back() == ',') throw std::invalid_argument(where + "more than 8 fields");
    m.seq = out.messages.size();
    out.messages.push_back(m);
    out.lines.push_back(number);
  }
  return out;
}

std::vector<message_record> read_message_log(const std::string& path) { return read_message_trace(path).messages; }

}  // namespace weft::traffic
