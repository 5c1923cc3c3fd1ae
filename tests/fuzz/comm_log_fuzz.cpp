// Fuzzes communication logs (weft ccs LOG, weft map --comm-log LOG): the input is the JSON Lines
// text. Properties:
//   - read_comm_log either succeeds or throws std::invalid_argument starting with the source name
//     (anything else, e.g. a JSON library exception, is a finding);
//   - a log that reads has one call per non-blank line whose "call" is not "collective", in the
//     PE its "pe" names; every number read is the number written (pe, peer, tag, bytes, request:
//     nothing wrapped into int or int64), bytes >= 0 and their sum over the sends within 2^63 - 1;
//     an irecv's any-source/any-tag/unknown size (-1) is taken from its wait;
//   - resolve() matched every send with one receive and back (same pair of PEs, same tag unless the
//     receive takes any tag) and every wait with the call that started its request;
//   - extract_ccs either refuses (std::invalid_argument) or puts every send in exactly one set,
//     with the log's PE count as tasks and the log's bytes in all;
//   - on torus:4x4, for a log of at most 16 PEs (task i on node i, and on node 15 - i): the
//     evaluator either refuses objectives that could pass 2^63 - 1, or gives hop-bytes, TAHB,
//     max-link bytes and TAC3 x B equal to their exact (128-bit) values, all >= 0; TAC3 as a time
//     at 5 GB/s is >= 0 and within the virtual clock, or refused.
#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <limits>
#include <map>
#include <nlohmann/json.hpp>
#include <optional>
#include <sstream>
#include <string>
#include <string_view>
#include <vector>

#include "weft/mapping/ccs.hpp"
#include "weft/mapping/comm_log.hpp"
#include "weft/mapping/objectives.hpp"
#include "weft/mapping/routes.hpp"

namespace {

using namespace weft;
using namespace weft::mapping;
using wide = __int128;

[[noreturn]] void fail(const char* what, std::string_view text) {
  std::fprintf(stderr, "property violated: %s\n--- input ---\n%.*s\n", what, static_cast<int>(text.size()), text.data());
  std::abort();
}

/// The lines as io::read_line gives them (a final '\r' dropped), numbered from 1.
std::vector<std::string> lines_of(std::string_view text) {
  std::vector<std::string> out;
  std::size_t start = 0;
  while (start < text.size()) {
    std::size_t end = text.find('\n', start);
    if (end == std::string_view::npos) end = text.size();
    std::string line(text.substr(start, end - start));
    if (!line.empty() && line.back() == '\r') line.pop_back();
    out.push_back(std::move(line));
    start = end + 1;
  }
  return out;
}

/// The JSON number `v` is exactly `x` (an unsigned JSON number is never read as a negative one).
bool exactly(const nlohmann::json& v, std::int64_t x) {
  if (v.is_number_unsigned()) return x >= 0 && v.get<std::uint64_t>() == static_cast<std::uint64_t>(x);
  if (v.is_number_integer()) return v.get<std::int64_t>() == x;
  return false;
}

const machine_routes& torus() {
  static const machine_routes m = machine_routes::from_spec("torus:4x4");
  return m;
}

void check_objectives(const ccs_result& sets, const placement& p, std::string_view text) {
  const auto& m = torus();
  std::optional<objective_evaluator> eval;
  try {
    eval.emplace(sets, m);
  } catch (const std::invalid_argument& e) {
    // A refusal is allowed only when a bound could pass 2^63 - 1 (check_objective_range).
    wide total = 0, tac3 = 0;
    for (const auto& s : sets.sets) {
      std::int64_t most = 0;
      for (const auto& msg : s.messages) total += msg.bytes, most = std::max(most, msg.bytes);
      tac3 += wide{most} * static_cast<wide>(s.messages.size());
    }
    constexpr wide limit = std::numeric_limits<std::int64_t>::max();
    if (total * m.diameter() <= limit && tac3 <= limit) fail("the objectives were refused though they fit", text);
    if (std::string(e.what()).rfind(sets.source, 0) != 0) fail("an objective refusal that does not name the log", text);
    return;
  }
  const auto v = eval->evaluate(p);
  // Exact values.
  wide hop_bytes = 0, tac3 = 0;
  std::vector<wide> link_bytes(static_cast<std::size_t>(m.links()), 0);
  for (const auto& s : sets.sets) {
    std::vector<int> count(static_cast<std::size_t>(m.links()), 0);
    for (const auto& msg : s.messages) {
      const auto route = m.route(p[static_cast<std::size_t>(msg.src)], p[static_cast<std::size_t>(msg.dst)]);
      hop_bytes += wide{msg.bytes} * static_cast<wide>(route.size());
      for (auto l : route) link_bytes[static_cast<std::size_t>(l)] += msg.bytes, ++count[static_cast<std::size_t>(l)];
    }
    wide term = 0;
    for (const auto& msg : s.messages) {
      int coll = 0;
      for (auto l : m.route(p[static_cast<std::size_t>(msg.src)], p[static_cast<std::size_t>(msg.dst)]))
        coll = std::max(coll, count[static_cast<std::size_t>(l)]);
      term = std::max(term, wide{msg.bytes} * coll);
    }
    tac3 += term;
  }
  const wide max_link = link_bytes.empty() ? 0 : *std::max_element(link_bytes.begin(), link_bytes.end());
  if (v.hop_bytes < 0 || v.tahb < 0 || v.max_link_bytes < 0 || v.tac3_bytes < 0 || !(v.rmatt_o2f >= 0))
    fail("a negative objective", text);
  if (v.hop_bytes != hop_bytes || v.tahb != hop_bytes) fail("hop-bytes or TAHB is not the exact sum", text);
  if (v.max_link_bytes != max_link) fail("max-link bytes is not the exact maximum", text);
  if (v.tac3_bytes != tac3) fail("TAC3 x B is not the exact sum", text);
  wide terms = 0;
  for (auto t : v.tac3_per_ccs) {
    if (t < 0) fail("a negative TAC3 term", text);
    terms += t;
  }
  if (terms != tac3 || v.tac3_per_ccs.size() != sets.sets.size()) fail("the TAC3 terms do not add up to TAC3", text);
  static const byte_time per_byte = parse_bandwidth("5GB/s", "--bandwidth");
  try {
    const vtime t = v.tac3(per_byte);
    if (t.ps < 0 || t > latest_time) fail("TAC3 as a time is negative or past the virtual clock", text);
  } catch (const std::invalid_argument&) {
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size > 4096) return -1;
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  const std::string source = "fuzz.jsonl";
  comm_log log;
  try {
    std::istringstream in{std::string(text)};
    log = read_comm_log(in, source);
  } catch (const std::invalid_argument& e) {
    if (std::string_view(e.what()).substr(0, source.size()) != source) fail("an error that does not name the log", text);
    return 0;
  }
  if (log.source != source || log.pes.empty()) fail("a log without its source or its PEs", text);

  // Every call is its line, with the numbers written there.
  const auto lines = lines_of(text);
  std::size_t expected_calls = 0, calls = 0;
  for (const auto& line : lines) {
    if (line.find_first_not_of(" \t\r") == std::string::npos) continue;
    const auto j = nlohmann::json::parse(line);  // the log was read: every line is JSON
    if (j.at("call") != "collective") ++expected_calls;
  }
  wide sent = 0;
  for (int pe = 0; pe < log.pe_count(); ++pe) {
    const auto& pcalls = log.pes[static_cast<std::size_t>(pe)];
    for (std::size_t i = 0; i < pcalls.size(); ++i) {
      const auto& c = pcalls[i];
      ++calls;
      if (c.line < 1 || static_cast<std::size_t>(c.line) > lines.size()) fail("a call without its line", text);
      const auto j = nlohmann::json::parse(lines[static_cast<std::size_t>(c.line) - 1]);
      if (!exactly(j.at("pe"), pe)) fail("a call in another PE than its \"pe\"", text);
      if (j.at("call") != call_name(c.kind)) fail("a call of another kind than its \"call\"", text);
      const auto number = [&](const char* key) -> const nlohmann::json* {
        auto it = j.find(key);
        return it == j.end() ? nullptr : &*it;
      };
      const bool irecv = c.kind == call_kind::irecv;
      if (c.kind != call_kind::wait) {
        const auto* peer = number("peer");
        if (!peer || (!(irecv && exactly(*peer, -1)) && !exactly(*peer, c.peer))) fail("a peer that is not the number written", text);
        const auto* tag = number("tag");
        if (tag ? !(irecv && exactly(*tag, -1)) && !exactly(*tag, c.tag) : c.tag != 0) fail("a tag that is not the number written", text);
        const auto* bytes = number("bytes");
        if (!bytes || (!(irecv && exactly(*bytes, -1)) && !exactly(*bytes, c.bytes))) fail("bytes that are not the number written", text);
        if (c.peer < 0 || c.peer >= log.pe_count() || c.bytes < 0) fail("a peer outside the log or negative bytes", text);
      }
      if (c.kind != call_kind::send && c.kind != call_kind::recv) {
        const auto* request = number("request");
        if (!request || !exactly(*request, c.request)) fail("a request that is not the number written", text);
      }
      // Matched: a message's two ends point at each other; a wait at the call it completes.
      if (c.is_send() || c.is_recv()) {
        if (c.partner_pe != c.peer || c.partner_index < 0) fail("an unmatched send or receive", text);
        const auto& other = log.pes[static_cast<std::size_t>(c.partner_pe)].at(static_cast<std::size_t>(c.partner_index));
        if (other.partner_pe != pe || other.partner_index != static_cast<int>(i) || other.peer != pe ||
            other.is_send() == c.is_send())
          fail("a message whose two ends do not point at each other", text);
        const auto& s = c.is_send() ? c : other;
        const auto& r = c.is_send() ? other : c;
        if (r.tag != -1 && r.tag != s.tag) fail("a receive matched with a send of another tag", text);
        if (c.is_send()) sent += c.bytes;
      } else {
        if (c.started_index < 0 || static_cast<std::size_t>(c.started_index) >= i) fail("a wait without its start", text);
        const auto& start = pcalls[static_cast<std::size_t>(c.started_index)];
        if (start.request != c.request || start.blocking()) fail("a wait matched with another request", text);
      }
    }
  }
  if (calls != expected_calls) fail("another number of calls than lines in the log", text);
  if (sent > std::numeric_limits<std::int64_t>::max()) fail("the sent bytes pass 2^63 - 1", text);

  ccs_result sets;
  try {
    sets = extract_ccs(log);
  } catch (const std::invalid_argument& e) {
    if (std::string_view(e.what()).substr(0, source.size()) != source) fail("a CCS refusal that does not name the log", text);
    return 0;
  }
  if (sets.tasks != log.pe_count()) fail("CCS tasks differ from the log's PEs", text);
  std::size_t sends = 0, in_sets = 0;
  for (const auto& pe : log.pes)
    for (const auto& c : pe) sends += c.is_send();
  wide set_bytes = 0;
  int round = -1;
  for (const auto& s : sets.sets) {
    if (s.messages.empty() || s.round <= round || s.round >= sets.rounds) fail("an empty set or rounds out of order", text);
    round = s.round;
    for (const auto& msg : s.messages) {
      if (msg.src < 0 || msg.src >= sets.tasks || msg.dst < 0 || msg.dst >= sets.tasks || msg.bytes < 0)
        fail("a message outside the tasks or with negative bytes", text);
      set_bytes += msg.bytes;
      ++in_sets;
    }
  }
  if (in_sets != sends || set_bytes != sent) fail("the sets do not hold every send exactly once", text);

  if (sets.tasks > 16) return 0;
  placement identity(static_cast<std::size_t>(sets.tasks)), reversed(identity.size());
  for (int t = 0; t < sets.tasks; ++t) identity[static_cast<std::size_t>(t)] = t, reversed[static_cast<std::size_t>(t)] = 15 - t;
  check_objectives(sets, identity, text);
  check_objectives(sets, reversed, text);
  return 0;
}
