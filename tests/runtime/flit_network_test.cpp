// The flit network (docs/model.md, "The flit network"): times checked against the closed forms
// by hand, flits conserved, PE programs and collectives verified over it, reports identical on
// 1, 2 and 4 workers, a cyclic routing reported as a network deadlock, bad parameters refused.
#define BOOST_TEST_MODULE flit network
#include <boost/test/data/test_case.hpp>
#include <boost/test/unit_test.hpp>

#include <functional>
#include <nlohmann/json.hpp>
#include <sstream>
#include <stdexcept>
#include <tuple>

#include "weft/coll/collectives.hpp"
#include "weft/machine.hpp"
#include "weft/programs/builtin.hpp"
#include "weft/output/report_writers.hpp"
#include "weft_test/one_message.hpp"
#include "weft_test/virtual_json.hpp"

namespace bdata = boost::unit_test::data;
using weft::vtime;

namespace {

weft::cost_model flit_model(int vcs = 2, int buffer = 8, int packet_flits = 16) {
  weft::cost_model m;
  m.network = "flit";
  m.params.set("vcs", vcs);
  m.params.set("buffer", buffer);
  m.flit.packet_flits = packet_flits;
  return m;  // cycle 1 ns, 16-byte flits, router 3, link 1, credit 1 cycles
}

nlohmann::json network_section(const weft::report& r) {
  std::ostringstream out;
  weft::output::write_json(out, r, false);
  return nlohmann::json::parse(out.str())["network"];
}

using weft_test::one_message;
using weft_test::virtual_json;

// Zero load, one packet of F flits over h hops (R = 3, L = 1 cycles of 1 ns): the head is
// written into the injection buffer at 0, crosses h + 1 routers (R each, the last one to the
// ejection port) and h links (L each), the tail follows F - 1 cycles behind:
// (h + 1)·R + h·L + F - 1.
constexpr std::int64_t zero_load(std::int64_t hops, std::int64_t flits) { return (hops + 1) * 3 + hops * 1 + flits - 1; }

}  // namespace

BOOST_AUTO_TEST_CASE(one_packet_at_zero_load_takes_hops_times_router_and_link_plus_serialization) {
  // mesh:4x4 PE 0 (0,0) -> PE 15 (3,3): 6 hops; 160 bytes = 10 flits of 16 bytes.
  weft::machine mesh("mesh:4x4", flit_model());
  BOOST_TEST(one_message(mesh, 15, 160) == zero_load(6, 10));  // 36 ns
  // torus:4x4 PE 0 -> PE 10 (2,2): 2 + 2 hops (the + way on a tie).
  weft::machine torus("torus:4x4", flit_model(), "dateline");
  BOOST_TEST(one_message(torus, 10, 160) == zero_load(4, 10));  // 28 ns
  // srt1d:5,5 (32 nodes) 0 -> 15: the recursive route 0, 1, 3, 4, 12, 13, 15 (docs/topologies.md).
  weft::machine srt("srt1d:5,5", flit_model(), "srt-dlf");
  BOOST_TEST(weft::route_path(srt.topo(), srt.route(), 0, 15).size() == 6u);
  BOOST_TEST(one_message(srt, 15, 160) == zero_load(6, 10));  // 36 ns
  // An empty message is one flit; one hop.
  BOOST_TEST(one_message(mesh, 1, 0) == zero_load(1, 1));  // 7 ns
}

BOOST_AUTO_TEST_CASE(packets_of_one_message_follow_each_other_without_a_bubble) {
  // 640 bytes = 40 flits = packets of 16, 16 and 8; the next packet's head takes the other VC
  // while the first one's tail drains, so the flits stream one a cycle.
  weft::machine mesh("mesh:4x4", flit_model());
  BOOST_TEST(one_message(mesh, 15, 640) == zero_load(6, 40));  // 66 ns
}

// One long packet over h hops. A credit goes round in RT = R + L + C = 5 cycles (switch
// allocation upstream, link, the downstream pipeline, the credit back); with B >= RT flits of
// buffer the flow is 1 flit a cycle, with fewer it is B flits per RT cycles, and the tail
// (flit F - 1) leaves the source router at R - 1 + floor((F-1)/B)·RT + (F-1) mod B, then
// takes h·(R + L) + 1 to be ejected.
BOOST_DATA_TEST_CASE(a_single_flow_runs_at_one_flit_a_cycle_or_buffer_over_round_trip,
                     bdata::make({1, 2, 3, 4, 5, 8}) * bdata::make({1, 2}), buffer, hops) {
  const std::int64_t flits = 200, rt = 5, b = buffer;
  weft::machine mesh("mesh:4x4", flit_model(2, buffer, 256));
  const std::int64_t t = one_message(mesh, hops, flits * 16);
  const std::int64_t expected = b >= rt ? zero_load(hops, flits)
                                        : 2 + (flits - 1) / b * rt + (flits - 1) % b + hops * 4 + 1;
  BOOST_TEST(t == expected);
}

// The output VC release rule (--wait-for-tail-credit), on one link: PE 0 sends PE 1 one message
// of N = 100 flits in 1-flit packets; 1 VC of B flits, R = --router-delay, L = C = 1. Packet k
// crosses node 0's switch at s_k, lands at node 1 at s_k + 1 + L, is ejected R - 1 later and
// delivered the cycle after; its credit is back at node 0 at s_k + R + L + C = s_k + RT. Packet 0
// has the zero-load time 2R + L; each further one adds the period P: done = 2R + L + (N - 1)·P.
//  - Tail credit (1): packet k + 1 may take the VC only when packet k's credit is back: P = RT.
//    R = 3: 7 + 99·5 = 502 ns; R = 1: 3 + 99·3 = 300 ns, whatever B.
//  - BookSim's rule (0): the VC is free once packet k has left. Packet k + 1 waits behind it in
//    the injection VC and, reaching the front, starts its R-cycle pipeline the next cycle (as in
//    BookSim's iq_router): P = R, if credits keep up, that is B·R >= RT.
//    R = 3, B = 2: 7 + 99·3 = 304 ns; R = 1, B = 3: 3 + 99·1 = 102 ns (one flit a cycle).
//    With fewer credits the buffer rules: R = 1, B = 1: one packet per round trip, 300 ns as under
//    the tail credit; R = 1, B = 2: two packets per RT, s_k = ⌊k/2⌋·3 + k mod 2, so packet 99
//    leaves at 49·3 + 1 = 148 and is delivered at 148 + 3 = 151 ns.
BOOST_AUTO_TEST_CASE(the_vc_release_rule_sets_the_rate_of_a_stream_of_one_flit_packets) {
  struct stream_case {
    int router_delay, buffer, wait_for_tail_credit;
    std::int64_t done_ns;
  };
  for (const auto [r, b, wait, done] : {stream_case{3, 2, 1, 502}, stream_case{3, 8, 1, 502}, stream_case{1, 3, 1, 300},
                                        stream_case{3, 2, 0, 304}, stream_case{3, 8, 0, 304}, stream_case{1, 3, 0, 102},
                                        stream_case{1, 8, 0, 102}, stream_case{1, 1, 0, 300}, stream_case{1, 2, 0, 151},
                                        stream_case{3, 1, 0, 502}}) {
    auto model = flit_model(1, b, 1);
    model.params.set("router_delay", r);
    model.params.set("wait_for_tail_credit", wait);
    weft::machine pair("mesh:2x1", model);
    BOOST_TEST(one_message(pair, 1, 100 * 16) == done, "R=" << r << " B=" << b << " wait=" << wait);
  }
}

// BookSim's rule on all-to-all traffic: input VCs then hold heads behind tails at every router.
BOOST_DATA_TEST_CASE(under_booksims_vc_release_an_alltoall_is_verified_conserved_and_bit_identical_on_1_2_and_4_workers,
                     bdata::xrange(3), index) {
  const std::tuple<const char*, const char*, int> machines[] = {
      {"srt1d:5,5", "srt-adp", 1}, {"torus:4x4", "dateline", 2}, {"mesh:8x8", "", 16}};
  const auto [spec, routing, packet_flits] = machines[index];
  auto model = flit_model(2, 4, packet_flits);
  model.params.set("wait_for_tail_credit", 0);
  weft::machine m(spec, model, routing);
  const int procs = m.topo().compute_nodes();
  const auto prog = weft::programs::alltoall({1000, 1});  // 63 flits a message
  const auto r = m.run(procs, prog);
  BOOST_TEST(r.status == weft::run_status::ok);
  BOOST_TEST(r.conserved);
  const auto net = network_section(r);
  const std::int64_t flits = std::int64_t{procs} * (procs - 1) * 63;
  BOOST_TEST(net["flits"]["injected"].get<std::int64_t>() == flits);
  BOOST_TEST(net["flits"]["ejected"].get<std::int64_t>() == flits);
  BOOST_TEST(net["packets"].get<std::int64_t>() == std::int64_t{procs} * (procs - 1) * ((63 - 1) / packet_flits + 1));
  const auto reference = virtual_json(m, procs, prog, 1, weft::sharing_policy::adaptive);
  for (auto policy : {weft::sharing_policy::always, weft::sharing_policy::alternate})
    for (int workers : {2, 4})
      BOOST_TEST(virtual_json(m, procs, prog, workers, policy) == reference, "workers=" << workers);
}

// Issue 23 §4: a link's `bytes` means the payload it carried on every network; the flits, padding
// included, are counted beside them. 600 bytes in packets of 16 flits of 16 bytes: packets of 256,
// 256 and 88 bytes, the last one 6 flits (8 bytes of padding): 38 flits in all.
BOOST_AUTO_TEST_CASE(a_link_counts_payload_bytes_and_its_flits_beside_them) {
  weft::machine ring("ring:4", flit_model());
  auto prog = [](weft::pe& p) {
    if (p.rank() == 0) p.send(1, weft::tag{1}, weft::sized(7, 600));
    if (p.rank() == 1) BOOST_REQUIRE(p.recv(0, weft::tag{1}).as<int>() == 7);
  };
  const auto r = ring.run(4, prog);
  BOOST_REQUIRE(r.status == weft::run_status::ok);
  int used = 0;
  for (const auto& l : r.links) {
    if (l.packets == 0) {
      BOOST_TEST(l.bytes == 0);
      BOOST_TEST(l.flits == 0);
      continue;
    }
    ++used;
    BOOST_TEST(l.packets == 3u);
    BOOST_TEST(l.bytes == 600);
    BOOST_TEST(l.flits == 38);
  }
  BOOST_TEST(used == 1);
  std::ostringstream out;
  weft::output::write_json(out, r, false);
  const auto j = nlohmann::json::parse(out.str());
  for (const auto& l : j["links"])
    if (l["packets"] == 3) {
      BOOST_TEST(l["bytes"] == 600);
      BOOST_TEST(l["flits"] == 38);
      BOOST_TEST(j["network"]["links"][l["id"].get<std::size_t>()]["flits"] == 38);
    }
}

BOOST_AUTO_TEST_CASE(alltoall_over_flits_is_verified_and_conserves_every_flit) {
  // 4096 bytes = 256 flits = 16 packets per message; 16 PEs, 15 messages each.
  for (auto [spec, routing] : {std::pair{"torus:4x4", "dateline"}, std::pair{"mesh:4x4", ""},
                               std::pair{"srt1d:5,5", "srt-adp"}, std::pair{"srt1d:5,5", "srt-dlf"}}) {
    weft::machine m(spec, flit_model(), routing);
    const int procs = m.topo().compute_nodes();
    const auto r = m.run(procs, weft::programs::alltoall({4096, 2}));
    BOOST_TEST(r.status == weft::run_status::ok, spec << " " << routing);
    BOOST_TEST(r.conserved);
    const auto net = network_section(r);
    const std::int64_t flits = std::int64_t{procs} * (procs - 1) * 2 * 256;
    BOOST_TEST(net["flits"]["injected"].get<std::int64_t>() == flits);
    BOOST_TEST(net["flits"]["ejected"].get<std::int64_t>() == flits);
    BOOST_TEST(net["packets"].get<std::int64_t>() == flits / 16);
    std::int64_t carried = 0;
    for (const auto& l : r.links) carried += l.bytes / 16;
    BOOST_TEST(carried > flits);  // every flit crossed at least one link
  }
}

BOOST_AUTO_TEST_CASE(collectives_over_flits_give_the_right_data) {
  weft::machine m("srt1d:4,4", flit_model(), "srt-adp");
  auto prog = [](weft::pe& p) {
    std::vector<std::int64_t> x(100, p.rank() + 1);
    weft::coll::allreduce(p, x, std::plus<>{});
    for (auto v : x)
      if (v != p.size() * (p.size() + 1) / 2) throw std::runtime_error("wrong allreduce");
    std::vector<std::int64_t> all(static_cast<std::size_t>(p.size()) * 3, -1);
    weft::coll::allgather(p, std::vector<std::int64_t>(3, p.rank()), all);
    for (std::size_t i = 0; i < all.size(); ++i)
      if (all[i] != static_cast<std::int64_t>(i / 3)) throw std::runtime_error("wrong allgather");
  };
  const auto r = m.run(16, prog);
  BOOST_TEST(r.status == weft::run_status::ok);
  for (const auto& line : r.problems) BOOST_TEST_MESSAGE(line);
  BOOST_TEST(r.conserved);
}

BOOST_DATA_TEST_CASE(a_flit_report_is_bit_identical_on_1_2_and_4_workers, bdata::xrange(3), index) {
  const std::pair<const char*, const char*> machines[] = {
      {"srt1d:5,5", "srt-adp"}, {"torus:4x4", "dateline"}, {"mesh:8x8", ""}};
  const auto [spec, routing] = machines[index];
  weft::machine m(spec, flit_model(), routing);
  const int procs = m.topo().compute_nodes();
  const auto prog = weft::programs::alltoall({1000, 1});
  const auto reference = virtual_json(m, procs, prog, 1, weft::sharing_policy::adaptive);
  BOOST_TEST(reference.find("\"status\": \"ok\"") != std::string::npos);
  for (auto policy : {weft::sharing_policy::always, weft::sharing_policy::alternate})
    for (int workers : {2, 4})
      BOOST_TEST(virtual_json(m, procs, prog, workers, policy) == reference, "workers=" << workers);
}

// With one VC and a routing that is not adaptive the engine does not number a pair's messages
// (flit_network::may_reorder): they cross the same FIFO buffers on one path, so they arrive in the
// order they were sent. Every PE but the last sends it messages of 1 to 5 packets, short after
// long, while all of them also stream to their neighbour in rank order; the receivers take any
// tag and check each source's tags come in order. Two VCs (numbered) give the same order.
BOOST_DATA_TEST_CASE(a_pairs_messages_arrive_in_the_order_sent_on_one_vc_unnumbered,
                     bdata::make({1, 2}) * bdata::make({0, 1}) * bdata::make({1, 2, 4}), vcs, booksim_router, workers) {
  auto model = flit_model(vcs, 4, 4);  // 64-byte packets
  if (booksim_router == 1) model.params.set("router", 1);
  weft::machine mesh("mesh:4x4", model);
  constexpr int count = 12, sink = 15;
  const std::int64_t sizes[] = {300, 8, 200, 16, 64, 130};  // 5, 1, 4, 1, 1, 3 packets
  const auto prog = [&](weft::pe& pe) {
    const auto check_order = [&](const weft::received& m, std::vector<int>& next) {
      const auto i = m.as<std::int64_t>();
      if (m.tag % 100 != next[static_cast<std::size_t>(m.source)] || i != m.tag % 100)
        throw std::runtime_error("PE " + std::to_string(pe.rank()) + " got message " + std::to_string(m.tag % 100) + " from PE " +
                                 std::to_string(m.source) + " before message " + std::to_string(next[static_cast<std::size_t>(m.source)]));
      ++next[static_cast<std::size_t>(m.source)];
    };
    std::vector<int> next(16, 0);
    std::vector<weft::request> sent;
    if (pe.rank() != sink) {
      const int right = (pe.rank() + 1) % sink, left = (pe.rank() + sink - 1) % sink;
      for (std::int64_t i = 0; i < count; ++i) {
        sent.push_back(pe.isend(sink, weft::tag{static_cast<int>(i)}, weft::sized(i, sizes[i % 6])));
        sent.push_back(pe.isend(right, weft::tag{100 + static_cast<int>(i)}, weft::sized(i, sizes[(i + 3) % 6])));
      }
      for (int i = 0; i < count; ++i) check_order(pe.recv(left, weft::any_tag), next);
    } else {
      for (int i = 0; i < count * sink; ++i) check_order(pe.recv(weft::any_source, weft::any_tag), next);
    }
    pe.wait_all(sent);
  };
  weft::run_options opt;
  opt.workers = workers;
  const auto r = mesh.run(16, prog, opt);
  for (const auto& line : r.problems) BOOST_TEST_MESSAGE(line);
  BOOST_TEST(r.status == weft::run_status::ok);
  BOOST_TEST(r.conserved);
}

BOOST_AUTO_TEST_CASE(a_cyclic_routing_with_one_vc_is_a_network_deadlock_naming_the_cycle) {
  // Dimension order on a ring of 4 takes the + way to the node 2 away: four long packets each
  // hold the link they are on and wait for the next one's only VC.
  weft::machine ring("ring:4", flit_model(1, 2));
  auto prog = [](weft::pe& p) {
    auto r = p.irecv(weft::any_source, weft::tag{1});
    p.send((p.rank() + 2) % 4, weft::tag{1}, weft::sized(1, 16 * 64));
    p.wait(r);
  };
  const auto r = ring.run(4, prog);
  BOOST_TEST(r.status == weft::run_status::network_deadlock);
  BOOST_TEST(r.exit_code() == 7);
  BOOST_REQUIRE(!r.problems.empty());
  BOOST_TEST(r.problems.front().find("packets wait in a cycle of 4 channels: 0->1 vc0, 1->2 vc0, 2->3 vc0, 3->0 vc0") !=
                 std::string::npos,
             r.problems.front());
  // BookSim's VC release rule does not break the cycle: each packet still holds the next link's only VC.
  auto booksim = flit_model(1, 2);
  booksim.params.set("wait_for_tail_credit", 0);
  const auto again = weft::machine("ring:4", booksim).run(4, prog);
  BOOST_TEST(again.status == weft::run_status::network_deadlock);
  BOOST_REQUIRE(!again.problems.empty());
  BOOST_TEST(again.problems.front().find("packets wait in a cycle of 4 channels") != std::string::npos,
             again.problems.front());
  // The same traffic with dateline VCs moves.
  weft::machine dateline("ring:4", flit_model(2, 2), "dateline");
  BOOST_TEST(dateline.run(4, prog).status == weft::run_status::ok);
}

BOOST_AUTO_TEST_CASE(bad_flit_parameters_are_refused_in_one_line) {
  auto refused = [](weft::cost_model m, const char* routing, const std::string& text) {
    try {
      weft::machine("srt1d:5,5", m, routing);
      BOOST_ERROR("accepted: " << text);
    } catch (const std::invalid_argument& e) {
      BOOST_TEST(e.what() == text);
    }
  };
  refused(flit_model(1), "srt-dlf", "routing srt-dlf needs at least 2 VCs, --vcs 1 given");
  refused(flit_model(0), "srt-recursive", "--vcs 0: an input port needs at least 1 virtual channel (allowed 1..64)");
  refused(flit_model(2, 0), "srt-dlf", "--buffer 0: a virtual channel must buffer at least 1 flit (allowed 1..65536)");
  refused(flit_model(2, 8, 0), "srt-dlf", "--packet-flits 0: a packet has at least 1 flit (allowed 1..16777216)");
  auto rule = flit_model();
  rule.params.set("wait_for_tail_credit", 2);
  refused(rule, "srt-dlf",
          "--wait-for-tail-credit 2: the rule is 1 (wait for the tail credit) or 0 (release when the tail leaves) "
          "(allowed 0..1)");
  auto m = flit_model();
  m.flit.cycle = vtime{0};
  refused(m, "srt-dlf", "--cycle 0 ps: a cycle lasts from 1 ps to 1 s");
}

// --trace: one span per packet and link, from the cycle its head crossed to the end of the cycle
// its tail did; a 1-flit packet at zero load holds each link for exactly one cycle.
BOOST_AUTO_TEST_CASE(a_trace_has_one_link_span_per_packet_and_link_crossed) {
  weft::machine m("torus:4x4", flit_model(), "dateline");
  weft::run_options opt;
  opt.trace = true;
  auto r = m.run(16, weft::programs::alltoall({8, 1}), opt);  // 8 B: one flit a packet
  BOOST_TEST(r.status == weft::run_status::ok);
  std::uint64_t crossings = 0;
  for (const auto& l : r.links) crossings += l.packets;
  BOOST_TEST(r.trace.links.size() == crossings);
  for (const auto& s : r.trace.links) BOOST_TEST(s.end.ps - s.begin.ps == 1000);  // one 1 ns cycle

  // A 10-flit packet over one link: its head is written into the injection VC at cycle 0 and
  // crosses the switch R - 1 = 2 cycles later; the tail, 9 cycles behind, crosses at cycle 11.
  auto one = m.run(2, [](weft::pe& pe) {
    if (pe.rank() == 0) pe.send(1, weft::tag{0}, weft::sized(std::int64_t{0}, 160));
    if (pe.rank() == 1) pe.recv(0, weft::tag{0});
  }, opt);
  BOOST_REQUIRE(one.trace.links.size() == 1u);
  BOOST_TEST(one.trace.links[0].begin.ps == 2000);
  BOOST_TEST(one.trace.links[0].end.ps == 12000);
}
