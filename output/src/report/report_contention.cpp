// The `--contention` part of a report (report.hpp, contention_report): this run's figures beside
// the same run's on links that never queue, in the text report, the JSON and the trace.
#include "report_contention.hpp"

#include <fmt/format.h>
#include <fmt/ostream.h>

#include <algorithm>

namespace weft::output::detail {

namespace {

vtime pe_wait_total(const std::vector<vtime>& waits) {
  vtime sum{};
  for (vtime w : waits) sum = sum + w;
  return sum;
}

struct totals {
  vtime makespan, pe_wait, pe_wait_max, link_wait, link_wait_max;
};

totals with_contention(const report& r) {
  totals t{r.makespan, {}, {}, {}, {}};
  for (const auto& p : r.pes) {
    t.pe_wait = t.pe_wait + p.wait;
    t.pe_wait_max = max(t.pe_wait_max, p.wait);
  }
  for (const auto& l : r.links) {
    t.link_wait = t.link_wait + l.wait_total;
    t.link_wait_max = max(t.link_wait_max, l.wait_total);
  }
  return t;
}

totals without_contention(const contention_report& c) {
  totals t{c.makespan, pe_wait_total(c.pe_wait), {}, pe_wait_total(c.link_wait), {}};
  for (vtime w : c.pe_wait) t.pe_wait_max = max(t.pe_wait_max, w);
  for (vtime w : c.link_wait) t.link_wait_max = max(t.link_wait_max, w);
  return t;
}

}  // namespace

void print_contention(std::ostream& out, const report& r) {
  const auto& c = r.contention;
  const totals with = with_contention(r), without = without_contention(c);
  const auto t = [&](vtime v) { return r.ticks ? std::to_string(v.ps) : format_time(v); };
  fmt::print(out, "\ncontention (this run vs the same on network {}, links that never queue):\n", c.reference);
  fmt::print(out, "  {:<22} {:>14} {:>14} {:>14}\n", "", "with", "without", "difference");
  const auto line = [&](const char* what, vtime a, vtime b) {
    fmt::print(out, "  {:<22} {:>14} {:>14} {:>14}\n", what, t(a), t(b), t(a - b));
  };
  line("makespan", with.makespan, without.makespan);
  line("PE wait, total", with.pe_wait, without.pe_wait);
  line("PE wait, largest", with.pe_wait_max, without.pe_wait_max);
  line("link queueing, total", with.link_wait, without.link_wait);
  line("link queueing, largest", with.link_wait_max, without.link_wait_max);
}

nlohmann::ordered_json contention_json(const report& r) {
  using nlohmann::ordered_json;
  const auto& c = r.contention;
  const auto triple = [](vtime with, vtime without) {
    return ordered_json{{"with", with.ps}, {"without", without.ps}, {"difference", (with - without).ps}};
  };
  ordered_json j{{"reference", c.reference}, {"makespan", triple(r.makespan, c.makespan)}};
  auto& pes = j["pe_wait"] = ordered_json::array();
  for (std::size_t i = 0; i < r.pes.size() && i < c.pe_wait.size(); ++i) pes.push_back(triple(r.pes[i].wait, c.pe_wait[i]));
  auto& links = j["link_wait"] = ordered_json::array();
  for (std::size_t i = 0; i < r.links.size() && i < c.link_wait.size(); ++i)
    links.push_back(triple(r.links[i].wait_total, c.link_wait[i]));
  return j;
}

void trace_contention(std::ostream& out, const report& r) {
  // Counters at the end of the run: Perfetto shows them as tracks of the PEs' process.
  const totals with = with_contention(r), without = without_contention(r.contention);
  const auto counter = [&](const char* name, vtime a, vtime b) {
    fmt::print(out,
               ",\n{{\"ph\":\"C\",\"pid\":1,\"name\":\"{}\",\"ts\":{:.6f},\"args\":{{\"with_us\":{:.6f},"
               "\"without_us\":{:.6f},\"difference_us\":{:.6f}}}}}",
               name, r.makespan.micros(), a.micros(), b.micros(), (a - b).micros());
  };
  counter("contention: makespan", with.makespan, without.makespan);
  counter("contention: PE wait", with.pe_wait, without.pe_wait);
  counter("contention: link queueing", with.link_wait, without.link_wait);
}

}  // namespace weft::output::detail
