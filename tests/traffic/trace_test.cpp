// A run's messages as a trace: `weft run --messages` writes them, `--pattern trace:FILE` replays
// them as packets created in the cycle each was sent.
#define BOOST_TEST_MODULE traffic trace
#include <boost/test/unit_test.hpp>

#include <cstdio>
#include <fstream>
#include <limits>
#include <sstream>
#include <string>

#include "weft/machine.hpp"
#include "weft/programs/builtin.hpp"
#include "weft/output/report_writers.hpp"
#include "weft/traffic/message_log.hpp"
#include "weft/traffic/pattern.hpp"
#include "weft/traffic/run.hpp"
#include "weft/traffic/schedule.hpp"
#include "weft_test/refusal.hpp"

namespace {

using namespace weft::traffic;

std::string temp_file(const std::string& name, const std::string& text) {
  const std::string path = "traffic_trace_" + name + ".csv";
  std::ofstream(path) << text;
  return path;
}

weft::cost_model fast_links() {
  weft::cost_model m;
  m.alpha = weft::vtime::ns(100);
  m.tau = weft::parse_bandwidth("16GB/s", "bandwidth");
  m.hop_latency = weft::vtime::ns(1);
  return m;
}

}  // namespace

BOOST_AUTO_TEST_CASE(a_run_records_every_message_received_and_the_log_reads_back_the_same) {
  weft::machine m("torus:4x4", fast_links());
  weft::run_options opt;
  opt.record_messages = true;
  auto r = m.run(16, weft::programs::alltoall({1024, 2}), opt);
  BOOST_TEST_REQUIRE(r.status == weft::run_status::ok);
  BOOST_TEST(r.trace.messages.size() == 16u * 15u * 2u);
  for (std::size_t i = 1; i < r.trace.messages.size(); ++i)
    BOOST_TEST(r.trace.messages[i - 1].ready.ps <= r.trace.messages[i].ready.ps);  // in the order sent
  for (const auto& msg : r.trace.messages) {
    BOOST_TEST(msg.bytes == 1024);
    BOOST_TEST(msg.arrival.ps > msg.ready.ps);
  }
  std::ostringstream text;
  weft::output::write_message_log(text, r.trace.messages);
  const auto back = read_message_log(temp_file("roundtrip", text.str()));
  BOOST_REQUIRE(back.size() == r.trace.messages.size());
  for (std::size_t i = 0; i < back.size(); ++i) {
    BOOST_TEST(back[i].src == r.trace.messages[i].src);
    BOOST_TEST(back[i].dst_node == r.trace.messages[i].dst_node);
    BOOST_TEST(back[i].ready.ps == r.trace.messages[i].ready.ps);
    BOOST_TEST(back[i].arrival.ps == r.trace.messages[i].arrival.ps);
  }
}

BOOST_AUTO_TEST_CASE(a_bad_log_is_refused_naming_the_file_and_the_line) {
  BOOST_TEST(weft_test::refusal([] { read_message_log("."); }) == "message log '.' is a directory, not a file");
  BOOST_TEST(weft_test::refusal([] { read_message_log("no_such_log.csv"); }) ==
             "message log 'no_such_log.csv' cannot be read: No such file or directory");
  const auto header = temp_file("header", "a,b\n");
  BOOST_TEST(weft_test::refusal([&] { read_message_log(header); }) ==
             header + ":1: not a message log (the first line must be "
                      "'src,dst,src_node,dst_node,tag,bytes,ready_ps,arrival_ps', as weft run --messages writes it)");
  const auto bad = temp_file("bad", "src,dst,src_node,dst_node,tag,bytes,ready_ps,arrival_ps\n0,1,0,1,0,8,0,5\n0,1,0,1,0,-8,0,5\n");
  BOOST_TEST(weft_test::refusal([&] { read_message_log(bad); }) ==
             bad + ":3: bytes '-8' is not a whole number from 0 to 9223372036854775807");
}

// Three messages by hand: 0 -> 1 at 2.5 ns (cycle 2) of 600 B = 3 packets of 256 B; 1 -> 2 at
// 10 ns of 1 B = 1 packet; 3 -> 3 (same node: no packet).
BOOST_AUTO_TEST_CASE(a_trace_becomes_the_packets_its_messages_fill_created_in_their_cycles) {
  const auto path = temp_file("hand", "src,dst,src_node,dst_node,tag,bytes,ready_ps,arrival_ps\n"
                                      "0,1,0,1,0,600,2500,9000\n1,2,1,2,0,1,10000,12000\n3,3,3,3,0,64,0,0\n");
  weft::machine m("ring:4", fast_links());
  const auto p = pattern::parse("trace:" + path, node_grid::of(m.topo()), m.topo().spec());
  BOOST_REQUIRE(p.trace() != nullptr);
  params run;
  run.cycles = 11;
  run.warmup = 0;
  const auto s = build_schedule(p, 1.0, run);
  BOOST_TEST(s.packets == 4);
  BOOST_TEST(s.sends[0].size() == 3u);
  BOOST_TEST(s.sends[0][0].cycle == 2);
  BOOST_TEST(s.sends[0][0].dest == 1);
  BOOST_TEST(s.sends[1].size() == 1u);
  BOOST_TEST(s.sends[1][0].cycle == 10);
  BOOST_TEST(s.sends[3].empty());
  const auto r = run_point(m, p, 1.0, run, {});
  BOOST_TEST_REQUIRE(r.rep.status == weft::run_status::ok);
  BOOST_TEST(r.measured.packets == 4);
  BOOST_TEST(r.rep.received == 4u);

  weft::machine small("ring:2", fast_links());
  BOOST_TEST(weft_test::refusal([&] { pattern::parse("trace:" + path, node_grid::of(small.topo()), "ring:2"); }) ==
             path + ":3: a message goes from node 1 to node 2, but ring:2 has 2 nodes");
}

namespace {

const std::string log_header = "src,dst,src_node,dst_node,tag,bytes,ready_ps,arrival_ps\n";

}  // namespace

BOOST_AUTO_TEST_CASE(a_crlf_log_reads_like_an_lf_one_and_keeps_the_line_of_each_message) {
  const auto path = temp_file("crlf", "src,dst,src_node,dst_node,tag,bytes,ready_ps,arrival_ps\r\n0,1,0,1,0,8,0,5\r\n\r\n"
                                      "1,0,1,0,0,9,7,9\r\n");
  const auto t = read_message_trace(path);
  BOOST_REQUIRE(t.messages.size() == 2u);
  BOOST_TEST(t.messages[1].bytes == 9);
  BOOST_TEST(t.where(1) == path + ":4");  // the blank line counts
}

// trace_fuzz: "...,arrival_ps," was read as 8 fields; the comma starts a ninth, empty one.
BOOST_AUTO_TEST_CASE(a_comma_after_the_eighth_field_is_refused_as_a_ninth_field) {
  const auto path = temp_file("trailing_comma", log_header + std::string("0,1,0,1,0,8,0,5\n0,1,0,1,0,8,0,5,\n"));
  BOOST_TEST(weft_test::refusal([&] { read_message_log(path); }) == path + ":3: more than 8 fields");
  const auto crlf = temp_file("trailing_comma_crlf", log_header + std::string("0,1,0,1,0,8,0,5,\r\n"));
  BOOST_TEST(weft_test::refusal([&] { read_message_log(crlf); }) == crlf + ":2: more than 8 fields");
}

BOOST_AUTO_TEST_CASE(a_field_with_a_nul_byte_is_quoted_whole) {
  const auto path = temp_file("nul", log_header + std::string("0,1,0,1,0,1\0""2,0,5\n", 18));
  BOOST_TEST(weft_test::refusal([&] { read_message_log(path); }) ==
             path + ":2: bytes '1\\02' is not a whole number from 0 to 9223372036854775807");
}

BOOST_AUTO_TEST_CASE(a_message_near_2_to_the_63_bytes_fills_its_packets_and_does_not_wrap_to_one) {
  constexpr std::int64_t max = std::numeric_limits<std::int64_t>::max();
  BOOST_TEST(packets_of(max, 256) == (std::int64_t{1} << 55));  // 2^63 - 1 bytes: 2^55 packets, rounded up
  BOOST_TEST(packets_of(max, 1) == max);
  BOOST_TEST(packets_of(0, 256) == 1);
  BOOST_TEST(packets_of(257, 256) == 2);
}

BOOST_AUTO_TEST_CASE(a_replay_counts_its_packets_and_refuses_a_sum_past_2_to_the_63_naming_the_line) {
  const auto path = temp_file("huge", log_header + "0,1,0,1,0,1099511627776,0,5\n1,1,1,1,0,5,0,5\n"
                                                   "1,0,1,0,0,9223372036854775807,3000,9000\n");
  const auto t = read_message_trace(path);
  packet_shape shape;  // 16 flits of 16 B
  const auto e = measure_replay(t, shape, 10);
  BOOST_TEST(e.packets == (std::int64_t{1} << 32) + (std::int64_t{1} << 55));  // the same-node message adds none
  BOOST_TEST(e.flits == e.packets * 16);
  BOOST_TEST(e.largest == 2u);
  BOOST_TEST(measure_replay(t, shape, 3).packets == (std::int64_t{1} << 32));  // cycle 3 is outside 3 cycles
  shape.flit_bytes = 1;  // 16 B packets: 2^59 of them at line 4, 2^63 flits
  BOOST_TEST(weft_test::refusal([&] { measure_replay(t, shape, 10); }) ==
             path + ":4: bytes 9223372036854775807: the trace's flits up to this message (16 B packets) pass 2^63 - 1");
}

BOOST_AUTO_TEST_CASE(a_trace_too_long_to_replay_is_refused_naming_its_last_message_not_cycles) {
  const auto path = temp_file("late", log_header + "0,1,0,1,0,8,0,5\n0,1,0,1,0,8,9000000000000000000,5\n0,1,0,1,0,8,7,9\n");
  const auto t = read_message_trace(path);
  BOOST_TEST(weft_test::refusal([&] { replay_cycles(t, packet_shape{}); }) ==
             path + ":3: ready_ps 9000000000000000000 is in cycle 9000000000000000 of 1.000 ns: replaying up to it passes "
                    "what a traffic run may last (10^9 cycles, about 13 days); give --cycles to replay only the start");
  const auto ok = read_message_trace(temp_file("ok", log_header + "0,1,0,1,0,8,7500,9\n0,1,0,1,0,8,2000,9\n"));
  BOOST_TEST(replay_cycles(ok, packet_shape{}) == 8);
}
