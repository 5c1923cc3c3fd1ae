// Fuzzes traffic traces (weft traffic --pattern trace:FILE): the input is the file's text, the
// CSV that `weft run --messages FILE` writes. Properties:
//   - reading either succeeds or throws std::invalid_argument starting "FILE:LINE: " with a line
//     of the file (anything else is a finding);
//   - a trace is read exactly when an independent reader accepts it: the header line, then per
//     non-empty line (a final '\r' dropped) exactly 8 comma-separated decimal integers in range
//     (PEs and tags within int, nodes >= 0, bytes and times within 0..2^63 - 1); every field read
//     is the number written, each message knows its line, seq counts the messages;
//   - written back with write_message_log it reads into the same messages;
//   - packets_of is ceil(bytes / packet bytes), at least 1, never wrapped (1 B and 256 B packets);
//   - replay_cycles is the cycle of the latest ready time plus one, or a refusal naming that
//     message's FILE:LINE when it passes 10^9 cycles (the limit params::validate() keeps);
//   - measure_replay's packets and flits are the exact sums (128-bit) over the messages it
//     replays (between nodes, before `cycles`), its largest message the first with the most
//     packets; a sum past 2^63 - 1 is refused naming FILE:LINE, never wrapped;
//   - on a 16-node ring, pattern::parse refuses a node outside the ring naming FILE:LINE; a
//     small replay's schedule (build_schedule) holds exactly measure_replay's packets, each sent
//     from its message's source to its destination, in its cycle, sorted by cycle.
#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <limits>
#include <optional>
#include <sstream>
#include <string>
#include <string_view>
#include <unistd.h>
#include <vector>

#include "weft/traffic/message_log.hpp"
#include "weft/traffic/pattern.hpp"
#include "weft/traffic/schedule.hpp"
#include "weft/output/report_writers.hpp"

namespace {

using namespace weft;
using wide = __int128;

[[noreturn]] void fail(const char* what, std::string_view text) {
  std::fprintf(stderr, "property violated: %s\n--- input ---\n%.*s\n", what, static_cast<int>(text.size()), text.data());
  std::abort();
}

void write(const std::string& path, std::string_view text) {
  std::ofstream out(path, std::ios::binary | std::ios::trunc);
  out.write(text.data(), static_cast<std::streamsize>(text.size()));
}

/// "-?[0-9]+" as a number within [lo, hi], else nullopt.
std::optional<std::int64_t> whole(std::string_view s, std::int64_t lo, std::int64_t hi) {
  bool negative = !s.empty() && s.front() == '-';
  if (negative) s.remove_prefix(1);
  if (s.empty()) return std::nullopt;
  while (s.size() > 1 && s.front() == '0') s.remove_prefix(1);  // leading zeros are fine: 0006 is 6
  if (s.size() > 40) return std::nullopt;
  wide v = 0;
  for (char c : s) {
    if (c < '0' || c > '9') return std::nullopt;
    v = v * 10 + (c - '0');
    if (v > (wide{1} << 64)) return std::nullopt;
  }
  if (negative) v = -v;
  if (v < lo || v > hi) return std::nullopt;
  return static_cast<std::int64_t>(v);
}

struct expected_message {
  std::int64_t f[8];
  int line;
};

/// The independent reader: the messages, or nullopt when the file must be refused.
std::optional<std::vector<expected_message>> independent(std::string_view text) {
  constexpr std::int64_t imax = std::numeric_limits<int>::max(), imin = std::numeric_limits<int>::min();
  constexpr std::int64_t big = std::numeric_limits<std::int64_t>::max();
  const std::int64_t lo[8] = {0, 0, 0, 0, imin, 0, 0, 0};
  const std::int64_t hi[8] = {imax, imax, imax, imax, imax, big, big, big};
  std::vector<expected_message> out;
  std::size_t start = 0;
  for (int number = 1; start < text.size(); ++number) {
    std::size_t end = text.find('\n', start);
    const bool last = end == std::string_view::npos;
    std::string_view line = text.substr(start, last ? std::string_view::npos : end - start);
    start = last ? text.size() : end + 1;
    if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
    if (number == 1) {
      if (line != "src,dst,src_node,dst_node,tag,bytes,ready_ps,arrival_ps") return std::nullopt;
      continue;
    }
    if (line.empty()) continue;
    expected_message m{{}, number};
    for (int k = 0; k < 8; ++k) {
      const std::size_t comma = line.find(',');
      if ((k < 7) != (comma != std::string_view::npos)) return std::nullopt;  // exactly 8 fields
      auto v = whole(line.substr(0, comma), lo[k], hi[k]);
      if (!v) return std::nullopt;
      m.f[k] = *v;
      if (k < 7) line.remove_prefix(comma + 1);
    }
    out.push_back(m);
  }
  if (text.empty()) return std::nullopt;  // no header
  return out;
}

bool same(const message_record& a, const message_record& b) {
  return a.src == b.src && a.dst == b.dst && a.src_node == b.src_node && a.dst_node == b.dst_node && a.tag == b.tag &&
         a.bytes == b.bytes && a.seq == b.seq && a.ready == b.ready && a.arrival == b.arrival;
}

/// The refusal starts "PATH:LINE: " with LINE in 1..lines (lines = newlines + 1).
bool names_a_line(const std::string& what, const std::string& path, std::string_view text) {
  if (what.rfind(path + ":", 0) != 0) return false;
  std::size_t i = path.size() + 1, digits = 0;
  std::int64_t line = 0;
  while (i < what.size() && what[i] >= '0' && what[i] <= '9' && digits < 12) line = line * 10 + (what[i++] - '0'), ++digits;
  if (digits == 0 || i >= what.size() || what[i] != ':') return false;
  std::int64_t lines = 1;
  for (char c : text) lines += c == '\n';
  return line >= 1 && line <= lines;
}

wide packets_exact(std::int64_t bytes, std::int64_t packet) {
  const wide p = (wide{bytes} + packet - 1) / packet;
  return p < 1 ? 1 : p;
}

const traffic::node_grid& ring() {
  static const traffic::node_grid g = traffic::node_grid::ring(16);
  return g;
}

void check_replay(const traffic::message_trace& trace, const traffic::packet_shape& shape, std::string_view text) {
  const auto& ms = trace.messages;
  for (const auto& m : ms)
    if (wide{traffic::packets_of(m.bytes, shape.packet_bytes())} != packets_exact(m.bytes, shape.packet_bytes()))
      fail("packets_of is not ceil(bytes / packet bytes), at least 1", text);

  // replay_cycles: the latest cycle + 1, or a refusal naming the message that sets it.
  std::int64_t last = 0;
  std::size_t at = 0;
  for (std::size_t i = 0; i < ms.size(); ++i)
    if (const std::int64_t c = ms[i].ready.ps / shape.cycle.ps; c > last) last = c, at = i;
  std::int64_t cycles = 0;
  try {
    cycles = traffic::replay_cycles(trace, shape);
    if (cycles != last + 1) fail("replay_cycles is not the latest cycle + 1", text);
    if (cycles > traffic::max_cycles) fail("replay_cycles passes 10^9 cycles", text);
  } catch (const std::invalid_argument& e) {
    if (last + 1 <= traffic::max_cycles && wide{shape.cycle.ps} * (last + 1) <= (wide{1} << 60))
      fail("replay_cycles refused a trace within the limits", text);
    if (std::string(e.what()).rfind(trace.where(at) + ":", 0) != 0) fail("replay_cycles' refusal does not name the latest message", text);
    cycles = traffic::max_cycles;  // what --cycles could still ask for
  }

  // measure_replay: exact sums, or a refusal naming a line.
  wide packets = 0, flits = 0, most = 0;
  std::size_t largest = 0;
  for (std::size_t i = 0; i < ms.size(); ++i) {
    if (ms[i].src_node == ms[i].dst_node || ms[i].ready.ps / shape.cycle.ps >= cycles) continue;
    const wide p = packets_exact(ms[i].bytes, shape.packet_bytes());
    packets += p;
    flits += p * shape.packet_flits;
    if (p > most) most = p, largest = i;
  }
  constexpr wide limit = std::numeric_limits<std::int64_t>::max();
  traffic::replay_extent e;
  try {
    e = traffic::measure_replay(trace, shape, cycles);
  } catch (const std::invalid_argument& x) {
    if (packets <= limit && flits <= limit) fail("measure_replay refused sums that fit in 64 bits", text);
    const std::string what = x.what();
    bool named = false;
    for (std::size_t i = 0; i < ms.size() && !named; ++i) named = what.rfind(trace.where(i) + ":", 0) == 0;
    if (!named) fail("measure_replay's refusal does not name FILE:LINE of a message", text);
    return;
  }
  if (packets > limit || flits > limit) fail("measure_replay wrapped a sum past 2^63 - 1", text);
  if (e.packets != packets || e.flits != flits) fail("measure_replay's packets or flits are not the exact sums", text);
  if (e.packets < 0 || e.flits < 0) fail("negative packets or flits", text);
  if (e.largest_packets != most || (most > 0 && e.largest != largest)) fail("measure_replay's largest message is wrong", text);

  // A small replay on a 16-node ring: the schedule holds exactly those packets.
  if (packets > 4096 || cycles > traffic::max_cycles) return;
  bool inside = true;
  std::size_t outside = 0;
  for (std::size_t i = 0; i < ms.size() && inside; ++i)
    if (ms[i].src_node >= 16 || ms[i].dst_node >= 16) inside = false, outside = i;
  std::optional<traffic::pattern> p;
  try {
    p = traffic::pattern::parse("trace:" + trace.path, ring(), "fuzz");
  } catch (const std::invalid_argument& x) {
    if (inside) fail("pattern::parse refused a trace inside the ring", text);
    if (std::string(x.what()).rfind(trace.where(outside) + ":", 0) != 0)
      fail("pattern::parse's refusal does not name the first message outside the ring", text);
    return;
  }
  if (!inside) fail("pattern::parse accepted a node outside the ring", text);
  traffic::params run;
  run.shape = shape;
  run.cycles = cycles;
  run.warmup = 0;
  try {
    run.validate();
  } catch (const std::invalid_argument&) {
    return;  // the run itself is refused before any schedule
  }
  const auto s = traffic::build_schedule(*p, 1.0, run);
  if (s.packets != e.packets) fail("the schedule's packets differ from measure_replay's", text);
  std::vector<std::vector<traffic::send>> want(16);
  for (const auto& m : ms) {
    if (m.src_node == m.dst_node || m.ready.ps / shape.cycle.ps >= cycles) continue;
    for (wide k = 0; k < packets_exact(m.bytes, shape.packet_bytes()); ++k)
      want[static_cast<std::size_t>(m.src_node)].push_back({static_cast<traffic::packet_cycle>(m.ready.ps / shape.cycle.ps), m.dst_node});
  }
  std::int64_t received = 0;
  for (std::size_t n = 0; n < 16; ++n) {
    const auto& got = s.sends[n];
    if (got.size() != want[n].size()) fail("a node sends another number of packets than its messages fill", text);
    std::vector<traffic::send> sorted = want[n];
    std::stable_sort(sorted.begin(), sorted.end(), [](const auto& a, const auto& b) { return a.cycle < b.cycle; });
    for (std::size_t k = 0; k < got.size(); ++k)
      if (got[k].cycle != sorted[k].cycle || got[k].dest != sorted[k].dest) fail("a packet sent in another cycle or to another node", text);
    received += s.receipts[n].packets;
  }
  if (received != e.packets) fail("the schedule receives another number of packets than it sends", text);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size > 4096) return -1;
  // In $TMPDIR (run.sh points it at /dev/shm when it can: every input is written to a file).
  static const std::string path =
      (std::filesystem::temp_directory_path() / ("weft_fuzz_" + std::to_string(::getpid()) + ".csv")).string();
  static const std::string copy = path + ".copy.csv";
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  write(path, text);
  const auto expected = independent(text);
  traffic::message_trace trace;
  try {
    trace = traffic::read_message_trace(path);
  } catch (const std::invalid_argument& e) {
    if (expected) {
      std::fprintf(stderr, "%s\n", e.what());
      fail("a trace the independent reader accepts was refused", text);
    }
    if (!names_a_line(e.what(), path, text)) {
      std::fprintf(stderr, "%s\n", e.what());
      fail("a refusal that does not start FILE:LINE", text);
    }
    return 0;
  }
  if (!expected) fail("a trace the independent reader refuses was read", text);
  const auto& ms = trace.messages;
  if (ms.size() != expected->size() || trace.lines.size() != ms.size() || trace.path != path)
    fail("another number of messages than lines in the file", text);
  for (std::size_t i = 0; i < ms.size(); ++i) {
    const auto& m = ms[i];
    const auto& x = (*expected)[i];
    if (m.src != x.f[0] || m.dst != x.f[1] || m.src_node != x.f[2] || m.dst_node != x.f[3] || m.tag != x.f[4] ||
        m.bytes != x.f[5] || m.ready.ps != x.f[6] || m.arrival.ps != x.f[7])
      fail("a field that is not the number written in the file", text);
    if (trace.lines[i] != x.line || m.seq != i) fail("a message with the wrong line or seq", text);
    if (trace.where(i) != path + ":" + std::to_string(x.line)) fail("where() is not FILE:LINE", text);
  }

  std::ostringstream printed;
  weft::output::write_message_log(printed, ms);
  write(copy, printed.str());
  const auto again = traffic::read_message_log(copy);
  if (again.size() != ms.size()) fail("written back, the trace has another number of messages", text);
  for (std::size_t i = 0; i < ms.size(); ++i)
    if (!same(again[i], ms[i])) fail("written back, the trace reads differently", text);

  traffic::packet_shape seed;  // 16 flits of 16 B, 1 ns cycles: traffic's defaults
  check_replay(trace, seed, text);
  traffic::packet_shape bytes;  // 1-byte packets, 1 ps cycles: the most packets and cycles
  bytes.packet_flits = 1;
  bytes.flit_bytes = 1;
  bytes.cycle = vtime{1};
  check_replay(trace, bytes, text);
  return 0;
}
