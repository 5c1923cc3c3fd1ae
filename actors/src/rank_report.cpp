// A distributed run's report (--engine mpi, docs/distributed.md): every rank builds its share with
// the totals all ranks agreed on (the makespan, whether a PE failed), and every rank puts the
// shares together in the order one process would have written them: PEs by rank, each link from the
// rank that holds its source, link spans and received messages sorted as report_builder sorts
// them. Every rank gets the whole report.
#include <algorithm>
#include <array>
#include <string>
#include <tuple>

#include "weft/detail/rank_codec.hpp"
#include "weft/detail/report_builder.hpp"
#include "rank_report.hpp"

namespace weft::detail {

namespace {

void put_pe(byte_writer& w, const pe_report& p) {
  w.put(p.rank);
  w.put(p.node);
  w.put(p.finish);
  w.put(p.compute);
  w.put(p.overhead);
  w.put(p.wait);
  w.put(p.sent_messages);
  w.put(p.received_messages);
  w.put(p.sent_bytes);
  w.put(p.received_bytes);
  w.put_string(p.blocked_on);
  w.put(p.core);
}

pe_report get_pe(byte_reader& r) {
  pe_report p;
  p.rank = r.get<int>();
  p.node = r.get<node_id>();
  p.finish = r.get<vtime>();
  p.compute = r.get<vtime>();
  p.overhead = r.get<vtime>();
  p.wait = r.get<vtime>();
  p.sent_messages = r.get<std::uint64_t>();
  p.received_messages = r.get<std::uint64_t>();
  p.sent_bytes = r.get<std::int64_t>();
  p.received_bytes = r.get<std::int64_t>();
  p.blocked_on = r.get_string();
  p.core = r.get<int>();
  return p;
}

void put_call(byte_writer& w, const call_record& c) {
  w.put(c.call);
  w.put(c.on_send);
  w.put(c.peer);
  w.put(c.tag);
  w.put(c.bytes);
  w.put(c.request);
  w.put(c.start);
  w.put_string(c.name);
  w.put_string(c.algorithm);
}

call_record get_call(byte_reader& r) {
  call_record c;
  c.call = r.get<call_record::kind>();
  c.on_send = r.get<bool>();
  c.peer = r.get<int>();
  c.tag = r.get<int>();
  c.bytes = r.get<std::int64_t>();
  c.request = r.get<int>();
  c.start = r.get<vtime>();
  c.name = r.get_string();
  c.algorithm = r.get_string();
  return c;
}

void put_histogram(byte_writer& w, const log2_histogram& h);
void add_histogram(byte_reader& r, log2_histogram& into);

template <class T>
void put_all(byte_writer& w, const std::vector<T>& items) {
  w.put<std::uint64_t>(items.size());
  for (const auto& item : items) w.put(item);
}

/// The items `keep` accepts, as put_all writes them (without copying them first).
template <class T, class Keep>
void put_some(byte_writer& w, const std::vector<T>& items, Keep keep) {
  std::uint64_t n = 0;
  for (const auto& item : items) n += keep(item) ? 1 : 0;
  w.put(n);
  for (const auto& item : items)
    if (keep(item)) w.put(item);
}

template <class T>
void get_all(byte_reader& r, std::vector<T>& into) {
  const auto n = r.get<std::uint64_t>();
  for (std::uint64_t i = 0; i < n; ++i) into.push_back(r.get<T>());
}

void put_histogram(byte_writer& w, const log2_histogram& h) {
  put_all(w, h.buckets);
  w.put(h.total);
}

void add_histogram(byte_reader& r, log2_histogram& into) {
  std::vector<std::uint64_t> buckets;
  get_all(r, buckets);
  if (into.buckets.size() < buckets.size()) into.buckets.resize(buckets.size(), 0);
  for (std::size_t b = 0; b < buckets.size(); ++b) into.buckets[b] += buckets[b];
  into.total += r.get<std::int64_t>();
}

/// A cycle-level network's own figures (the flit network's, networks/flit/flit_report.cpp): this
/// rank's counts, and the rows of the links and routers it holds.
void put_cycles(byte_writer& w, const cycle_network_figures& c, const engine& eng, const topology& topo) {
  w.put(c.injected_flits);
  w.put(c.ejected_flits);
  w.put(c.packets);
  put_histogram(w, c.queueing);
  put_histogram(w, c.in_network);
  std::uint64_t rows = 0;
  for (std::size_t l = 0; l < c.link_vc_flits.size(); ++l) rows += eng.holds_node(topo.link_at(static_cast<link_id>(l)).from);
  w.put(rows);
  for (std::size_t l = 0; l < c.link_vc_flits.size(); ++l)
    if (eng.holds_node(topo.link_at(static_cast<link_id>(l)).from)) {
      w.put<std::uint64_t>(l);
      put_all(w, c.link_vc_flits[l]);
    }
  rows = 0;
  for (std::size_t n = 0; n < c.router_blocked_cycles.size(); ++n) rows += eng.holds_node(static_cast<node_id>(n));
  w.put(rows);
  for (std::size_t n = 0; n < c.router_blocked_cycles.size(); ++n)
    if (eng.holds_node(static_cast<node_id>(n))) {
      w.put<std::uint64_t>(n);
      w.put(c.router_blocked_cycles[n]);
    }
}

void add_cycles(byte_reader& r, cycle_network_figures& c) {
  c.injected_flits += r.get<std::int64_t>();
  c.ejected_flits += r.get<std::int64_t>();
  c.packets += r.get<std::int64_t>();
  add_histogram(r, c.queueing);
  add_histogram(r, c.in_network);
  for (auto n = r.get<std::uint64_t>(); n > 0; --n) {
    const auto l = r.get<std::uint64_t>();
    c.link_vc_flits[l].clear();
    get_all(r, c.link_vc_flits[l]);
  }
  for (auto n = r.get<std::uint64_t>(); n > 0; --n) {
    const auto node = r.get<std::uint64_t>();
    c.router_blocked_cycles[node] = r.get<std::int64_t>();
  }
}

}  // namespace

report gather_report(const machine& m, engine& eng, pe_table& pes, engine::outcome outcome,
                     const run_options& options) {
  rank_link& link = *eng.ranks();
  eng.settle_ranks();
  vtime latest = eng.last_arrival();
  bool failed = false;
  std::vector<const pe_state*> lined;  // this rank's PEs with a line in the problems, by rank
  for (const auto& pe : pes.held()) {
    latest = max(latest, pe.clock);
    failed |= pe.status == pe_status::failed;
    if (pe.status == pe_status::failed || pe.status == pe_status::blocked) lined.push_back(&pe);
  }
  std::array<std::int64_t, 2> agreed{-latest.ps, failed ? 0 : 1};
  link.start_min(agreed);
  link.finish_min();
  const rank_totals totals{{-agreed[0]}, agreed[1] == 0};
  report r = build_report(m, eng, pes, outcome, options, &totals);

  std::vector<std::byte> share;
  byte_writer w(share);
  w.put(r.sent);
  w.put(r.delivered);
  w.put(r.received);
  put_all(w, r.hop_histogram);
  w.put<std::uint64_t>(r.pes.size());  // this rank's PEs only (report_builder.cpp)
  for (const auto& p : r.pes) {
    put_pe(w, p);
    // Its communication log (run_options::record_calls; one empty list per PE otherwise).
    const auto* calls = r.calls.empty() ? nullptr : &r.calls[static_cast<std::size_t>(p.rank)];
    w.put<std::uint64_t>(calls ? calls->size() : 0);
    if (calls)
      for (const auto& c : *calls) put_call(w, c);
  }
  // The PE lines come last in the problems, one per failed or blocked PE, by rank.
  const std::size_t headers = r.problems.size() - lined.size();
  w.put<std::uint64_t>(lined.size());
  for (std::size_t i = 0; i < lined.size(); ++i) {
    w.put(lined[i]->rank);
    w.put_string(r.problems[headers + i]);
  }
  put_all(w, r.unreceived);
  put_all(w, r.trace.pes);
  put_all(w, r.trace.links);
  put_all(w, r.trace.messages);
  put_some(w, r.links, [&](const link_report& l) { return eng.holds_node(l.from); });
  if (r.network.cycles) put_cycles(w, *r.network.cycles, eng, m.topo());

  // Every rank gets the whole report: a command decides what to run next from it (a sweep, a
  // bisection), and all ranks must decide alike. The shares go round one rank at a time, so a
  // rank holds its own and one other besides the report, not every rank's at once.
  std::vector<std::byte> other;

  r.problems.resize(headers);
  r.sent = r.delivered = r.received = 0;
  r.hop_histogram.clear();
  r.unreceived.clear();
  r.trace.pes.clear();
  r.trace.links.clear();
  r.trace.messages.clear();
  std::vector<std::string> pe_lines(static_cast<std::size_t>(pes.procs()));
  r.pes.assign(static_cast<std::size_t>(pes.procs()), {});  // every rank's rows, placed by PE rank below
  if (auto& c = r.network.cycles) {
    c->injected_flits = c->ejected_flits = c->packets = 0;
    c->queueing = c->in_network = {};
  }
  for (int from = 0; from < link.ranks(); ++from) {
    auto& bytes = from == link.rank() ? share : other;
    link.broadcast(bytes, from);
    byte_reader in(bytes);
    r.sent += in.get<std::uint64_t>();
    r.delivered += in.get<std::uint64_t>();
    r.received += in.get<std::uint64_t>();
    std::vector<std::uint64_t> hops;
    get_all(in, hops);
    if (r.hop_histogram.size() < hops.size()) r.hop_histogram.resize(hops.size(), 0);
    for (std::size_t h = 0; h < hops.size(); ++h) r.hop_histogram[h] += hops[h];
    for (auto n = in.get<std::uint64_t>(); n > 0; --n) {
      pe_report p = get_pe(in);
      const auto at = static_cast<std::size_t>(p.rank);
      r.pes[at] = std::move(p);
      std::vector<call_record> calls;
      for (auto c = in.get<std::uint64_t>(); c > 0; --c) calls.push_back(get_call(in));
      if (!r.calls.empty()) r.calls[at] = std::move(calls);
    }
    for (auto n = in.get<std::uint64_t>(); n > 0; --n) {
      const int rank = in.get<int>();
      pe_lines[static_cast<std::size_t>(rank)] = in.get_string();
    }
    get_all(in, r.unreceived);
    get_all(in, r.trace.pes);
    get_all(in, r.trace.links);
    get_all(in, r.trace.messages);
    for (auto n = in.get<std::uint64_t>(); n > 0; --n) {  // the links that rank holds
      const auto l = in.get<link_report>();
      r.links[static_cast<std::size_t>(l.id)] = l;
    }
    if (r.network.cycles) add_cycles(in, *r.network.cycles);
    if (from == link.rank()) std::vector<std::byte>().swap(share);  // sent and taken in: not needed again
  }
  if (auto& c = r.network.cycles)  // as flit_report.cpp computes it from every partition's counts
    c->accepted_throughput = static_cast<double>(c->ejected_flits) / static_cast<double>(m.topo().node_count()) /
                             static_cast<double>(c->cycles);
  for (auto& line : pe_lines)
    if (!line.empty()) r.problems.push_back(std::move(line));
  // One process lists them by PE rank (report_builder.cpp) and the links' spans by start and link.
  std::stable_sort(r.unreceived.begin(), r.unreceived.end(),
                   [](const unreceived_message& a, const unreceived_message& b) { return a.dst < b.dst; });
  std::stable_sort(r.trace.pes.begin(), r.trace.pes.end(),
                   [](const trace_data::pe_span& a, const trace_data::pe_span& b) { return a.rank < b.rank; });
  std::stable_sort(r.trace.links.begin(), r.trace.links.end(), [](const trace_data::link_span& a, const trace_data::link_span& b) {
    return a.begin != b.begin ? a.begin < b.begin : a.link < b.link;
  });
  std::sort(r.trace.messages.begin(), r.trace.messages.end(), [](const message_record& a, const message_record& b) {
    return std::tie(a.ready, a.src, a.seq) < std::tie(b.ready, b.src, b.seq);
  });
  r.conserved = r.sent == r.delivered || outcome == engine::outcome::overflow ||
                outcome == engine::outcome::network_deadlock;
  return r;
}

std::vector<host_report::rank_share> gather_rank_shares(engine& eng, std::int64_t pes, std::int64_t peak_rss) {
  const auto& work = eng.rank_work();
  const host_report::rank_share mine{pes,          eng.events(),      work.windows, work.wait_seconds,
                                     work.sent_events, work.sent_bytes, peak_rss};
  std::vector<std::byte> bytes;
  byte_writer w(bytes);
  w.put(mine);
  std::vector<host_report::rank_share> all;
  for (const auto& share : eng.ranks()->all_gather(bytes)) {
    byte_reader r(share);
    all.push_back(r.get<host_report::rank_share>());
  }
  return all;
}

void share_pe_results(engine& eng, const pe_results& results, int procs) {
  if (!results.pack) return;
  std::vector<std::byte> mine, one;
  byte_writer w(mine);
  for (int pe = 0; pe < procs; ++pe) {
    if (!eng.holds(pe)) continue;
    one.clear();
    results.pack(pe, one);
    w.put(pe);
    w.put_bytes(one);
  }
  for (const auto& bytes : eng.ranks()->all_gather(mine)) {
    byte_reader r(bytes);
    while (!r.done()) {
      const int pe = r.get<int>();
      const auto result = r.get_bytes();
      if (!eng.holds(pe)) results.unpack(pe, result);
    }
  }
}

}  // namespace weft::detail
