// A run whose virtual clock would pass weft::latest_time (about 106 days) stops with status
// failed and names what overflowed; it never reports a wrapped, negative or zero time.
#define BOOST_TEST_MODULE time overflow
#include <boost/test/unit_test.hpp>

#include "weft/machine.hpp"
#include "weft/programs/builtin.hpp"
#include "weft_test/refusal.hpp"
#include "weft_test/unit_bytes.hpp"

namespace {

using weft::vtime;

const std::string past_the_latest = "passes the latest virtual time, 9223372.036854775806 s (about 106 days)";

/// A token of `bytes` once around all PEs, as `weft run ring` sends it.
void token_ring(weft::pe& p, std::int64_t bytes) {
  const int right = (p.rank() + 1) % p.size(), left = (p.rank() + p.size() - 1) % p.size();
  if (p.rank() == 0) p.send(right, weft::tag{1}, weft::sized(0, bytes));
  p.recv(left, weft::tag{1});
  if (p.rank() != 0) p.send(right, weft::tag{1}, weft::sized(0, bytes));
}

void no_time_is_negative(const weft::report& r) {
  BOOST_TEST(r.makespan.ps >= 0);
  for (const auto& pe : r.pes) BOOST_TEST(pe.finish.ps >= 0);
  for (const auto& link : r.links) BOOST_TEST(link.busy.ps >= 0);
}

}  // namespace

BOOST_AUTO_TEST_CASE(start_ups_that_add_up_past_the_latest_time_stop_the_run_naming_the_message) {
  weft::cost_model model;
  model.alpha = weft::parse_time("3000000s", "alpha");  // 3e18 ps: the fourth hop passes 9.2e18
  weft::machine m("ring:4", model);
  auto r = m.run(4, [](weft::pe& p) { token_ring(p, 8); });
  BOOST_TEST(r.status == weft::run_status::failed);
  BOOST_TEST(r.exit_code() == 4);
  BOOST_REQUIRE(!r.problems.empty());
  BOOST_TEST(r.problems[0] ==
             "virtual time overflow: the message from PE 3 to PE 0 (8 bytes) on link 6 (node 3 -> 0), starting at "
             "9000000.000 s with start-up 3000000.000 s, serialization 0 ps and hop latency 0 ps, ends past the "
             "latest virtual time, 9223372.036854775806 s (about 106 days)");
  BOOST_TEST(r.makespan.ps == 9000000000000000000);
  no_time_is_negative(r);
}

BOOST_AUTO_TEST_CASE(a_message_too_long_to_serialize_stops_the_run) {
  weft::cost_model model;
  model.tau = weft::parse_bandwidth("1B/s", "bandwidth");
  weft::machine m("ring:4", model);
  auto r = m.run(4, [](weft::pe& p) { token_ring(p, 10 << 20); });
  BOOST_TEST(r.status == weft::run_status::failed);
  BOOST_REQUIRE(!r.problems.empty());
  BOOST_TEST(r.problems[0].find("the message from PE 0 to PE 1 (10485760 bytes) on link 0 (node 0 -> 1), starting "
                                "at 0 ps with start-up 0 ps, serialization more than that time") != std::string::npos);
  no_time_is_negative(r);
}

BOOST_AUTO_TEST_CASE(a_gap_past_the_latest_time_fails_the_sending_pe) {
  weft::cost_model model = weft_test::unit_bytes();
  model.gap = weft::parse_time("5000000s", "gap");
  weft::machine m("full:2", model);
  auto r = m.run(2, [](weft::pe& p) {
    if (p.rank() == 0)
      for (int i = 0; i < 3; ++i) p.send(1, weft::tag{0}, i);
    else
      for (int i = 0; i < 3; ++i) p.recv(0, weft::tag{0});
  });
  BOOST_TEST(r.status == weft::run_status::failed);
  bool named = false;
  for (const auto& line : r.problems)
    named |= line == "PE 0 failed: virtual time overflow: gap 5000000.000 s at 5000000.000 s " + past_the_latest;
  BOOST_TEST(named);
  no_time_is_negative(r);
}

BOOST_AUTO_TEST_CASE(compute_past_the_latest_time_fails_the_pe) {
  weft::cost_model model;
  model.flops.per_second = 1;
  weft::machine m("full:2", model);
  auto r = m.run(2, [](weft::pe& p) {
    if (p.rank() == 0) {
      p.compute(vtime{weft::latest_time.ps - 1});
      p.compute(vtime{2});
    } else {
      p.compute(weft::flops{1e30});
    }
  });
  BOOST_TEST(r.status == weft::run_status::failed);
  BOOST_REQUIRE(r.problems.size() == 2u);
  BOOST_TEST(r.problems[0] ==
             "PE 0 failed: virtual time overflow: compute 2 ps at 9223372.037 s " + past_the_latest);
  BOOST_TEST(r.problems[1] ==
             "PE 1 failed: virtual time overflow: compute(flops{1e+30}) takes longer "
             "than the latest virtual time, 9223372.036854775806 s (about 106 days)");
  BOOST_TEST(r.pes[0].finish.ps == weft::latest_time.ps - 1);
}

BOOST_AUTO_TEST_CASE(per_message_costs_that_alone_pass_the_latest_time_are_refused_up_front) {
  weft::cost_model model;
  model.alpha = weft::parse_time("5000000s", "alpha");
  model.o_send = weft::parse_time("5000000s", "o_send");
  BOOST_TEST(weft_test::refusal([&] { weft::machine("ring:4", model); }) ==
             "the fixed costs of one message, o_send 5000000.000 s + gap 0 ps + start-up 5000000.000 s + hop latency "
             "0 ps + o_recv 0 ps, pass the latest virtual time, 9223372.036854775806 s (about 106 days)");
}

BOOST_AUTO_TEST_CASE(bytes_carried_by_one_link_past_int64_stop_the_run) {
  weft::machine m("mesh:3", weft::cost_model{});  // τ = 0: huge modelled sizes cost no time
  auto r = m.run(3, [](weft::pe& p) {
    constexpr std::int64_t half = std::int64_t{1} << 62;  // PEs 0 and 1 both cross link 1 -> 2
    if (p.rank() < 2) p.send(2, weft::tag{0}, weft::sized(0, half));
    else
      for (int i = 0; i < 2; ++i) p.recv(weft::any_source, weft::tag{0});
  });
  BOOST_TEST(r.status == weft::run_status::failed);
  BOOST_REQUIRE(!r.problems.empty());
  BOOST_TEST(r.problems[0].find("count overflow: the bytes carried by link") == 0u);
}

BOOST_AUTO_TEST_CASE(the_overflow_named_is_the_same_on_any_number_of_workers) {
  weft::cost_model model;
  model.hop_latency = weft::parse_time("3000000s", "hop latency");  // λ > 0: the engine may partition
  weft::machine m("torus:4x4", model);
  auto problem = [&](int workers, weft::sharing_policy sharing) {
    weft::run_options opt;
    opt.workers = workers;
    opt.sharing = sharing;
    auto r = m.run(16, weft::programs::alltoall({8, 1}), opt);
    return r.problems.empty() ? std::string() : r.problems[0];
  };
  const std::string reference = problem(1, weft::sharing_policy::never);
  BOOST_TEST(reference.find("virtual time overflow: the message from PE 0 to PE 10 (8 bytes) on link 26") == 0u);
  for (int workers : {2, 4})
    for (auto sharing : {weft::sharing_policy::always, weft::sharing_policy::alternate})
      BOOST_TEST(problem(workers, sharing) == reference);
}

BOOST_AUTO_TEST_CASE(a_message_of_more_packets_than_an_int32_counts_fails_the_sender) {
  weft::cost_model model;
  model.mtu = 1;
  weft::machine m("full:2", model);
  auto r = m.run(2, [](weft::pe& p) {
    if (p.rank() == 0) p.send(1, weft::tag{0}, weft::sized(0, std::int64_t{1} << 31));
  });
  BOOST_TEST(r.status == weft::run_status::failed);
  BOOST_REQUIRE(!r.problems.empty());
  BOOST_TEST(r.problems[0] ==
             "PE 0 failed: a message of 2147483648 bytes is more than 2147483647 packets of MTU 1 bytes; raise the MTU");
}
