// The ideal network (networks/ideal/): the message network's costs with links that never queue.
// Exact virtual times from closed forms (docs/model.md, "The ideal network").
#define BOOST_TEST_MODULE ideal network
#include <boost/test/unit_test.hpp>

#include <algorithm>
#include <sstream>
#include <string>
#include <vector>

#include "weft/machine.hpp"
#include "weft/output/report_writers.hpp"
#include "weft_test/unit_bytes.hpp"

using weft::vtime;

namespace {

constexpr std::int64_t bytes = 50;

// α 100, τ 2 per byte, λ 10, o_send 5, o_recv 7 (ticks).
weft::cost_model costs(const std::string& network) {
  weft::cost_model m;
  m.alpha = vtime::ticks(100);
  m.tau = {2, 1};
  m.hop_latency = vtime::ticks(10);
  m.o_send = vtime::ticks(5);
  m.o_recv = vtime::ticks(7);
  m.network = network;
  return m;
}

// Every PE sends `bytes` to every other, to (rank + k) mod P for k = 1 .. P-1, then receives
// from (rank + j) mod P for j = 1 .. P-1.
void alltoall(weft::pe& p) {
  const int n = p.size();
  for (int k = 1; k < n; ++k) p.send((p.rank() + k) % n, weft::tag{0}, weft::sized(0, bytes));
  for (int j = 1; j < n; ++j) p.recv((p.rank() + j) % n, weft::tag{0});
}

// The alltoall's finish on a fully connected machine when no message waits for a link: the
// message from (rank + j) mod P was its sender's (P - j)-th send.
std::int64_t alltoall_finish(int n) {
  std::int64_t clock = (n - 1) * 5;
  for (int j = 1; j < n; ++j) {
    const std::int64_t arrival = (n - j) * 5 + 100 + bytes * 2 + 10;
    clock = std::max(clock, arrival) + 7;
  }
  return clock;
}

std::string json_of(const weft::report& r) {
  std::ostringstream out;
  weft::output::write_json(out, r, false);
  return out.str();
}

}  // namespace

BOOST_AUTO_TEST_CASE(a_ping_pong_over_h_hops_costs_alpha_b_tau_and_h_hop_latencies_each_way) {
  for (int h : {1, 2, 5, 8}) {
    weft::machine m("ring:16", costs("ideal"));
    weft::run_options opt;
    opt.node_of_rank = {0, h};
    auto r = m.run(2, [](weft::pe& p) {
      if (p.rank() == 0) {
        p.send(1, weft::tag{0}, weft::sized(0, bytes));
        p.recv(1, weft::tag{0});
      } else {
        p.recv(0, weft::tag{0});
        p.send(0, weft::tag{0}, weft::sized(0, bytes));
      }
    }, opt);
    // Store-and-forward: o_send + α + h(Bτ + λ) + o_recv, each way.
    const std::int64_t one_way = 5 + 100 + h * (bytes * 2 + 10) + 7;
    BOOST_TEST(r.status == weft::run_status::ok);
    BOOST_TEST(r.makespan.ps == 2 * one_way);
  }
}

BOOST_AUTO_TEST_CASE(a_ring_shift_costs_one_message_time_on_ideal_and_message_alike) {
  for (const char* network : {"ideal", "message"}) {
    weft::machine m("ring:8", costs(network));
    auto r = m.run(8, [](weft::pe& p) {
      p.send((p.rank() + 1) % p.size(), weft::tag{0}, weft::sized(0, bytes));
      p.recv((p.rank() + p.size() - 1) % p.size(), weft::tag{0});
    });
    BOOST_TEST_CONTEXT(network) { BOOST_TEST(r.makespan.ps == 5 + 100 + bytes * 2 + 10 + 7); }
  }
}

BOOST_AUTO_TEST_CASE(an_alltoall_on_a_fully_connected_machine_takes_its_closed_form_and_message_agrees) {
  for (int n : {2, 4, 7}) {
    const std::string spec = "full:" + std::to_string(n);
    auto ideal = weft::machine(spec, costs("ideal")).run(n, alltoall);
    auto message = weft::machine(spec, costs("message")).run(n, alltoall);
    BOOST_TEST_CONTEXT(spec) {
      BOOST_TEST(ideal.makespan.ps == alltoall_finish(n));
      // No two messages share a link: the two networks agree on every figure but the model line.
      BOOST_TEST(message.makespan.ps == ideal.makespan.ps);
      for (std::size_t l = 0; l < ideal.links.size(); ++l) {
        BOOST_TEST(message.links[l].busy.ps == ideal.links[l].busy.ps);
        BOOST_TEST(message.links[l].wait_total.ps == 0);
      }
      for (std::size_t p = 0; p < ideal.pes.size(); ++p) BOOST_TEST(message.pes[p].wait.ps == ideal.pes[p].wait.ps);
    }
  }
}

BOOST_AUTO_TEST_CASE(two_messages_on_one_link_queue_on_message_and_not_on_ideal) {
  // PEs 0 and 1 on node 0 each send 100 bytes to PE 2 on node 1, over the one link 0 -> 1.
  weft::run_options opt;
  opt.node_of_rank = {0, 0, 1};
  const auto program = [](weft::pe& p) {
    if (p.rank() < 2) p.send(2, weft::tag{0}, weft::sized(0, 100));
    else for (int s = 0; s < 2; ++s) p.recv(s, weft::tag{0});
  };
  auto model = weft_test::unit_bytes();
  auto message = weft::machine("ring:4", model).run(3, program, opt);
  model.network = "ideal";
  auto ideal = weft::machine("ring:4", model).run(3, program, opt);
  BOOST_TEST(message.makespan.ps == 200);
  BOOST_TEST(ideal.makespan.ps == 100);
  BOOST_TEST(message.links[0].wait_total.ps == 100);
  BOOST_TEST(ideal.links[0].wait_total.ps == 0);
  BOOST_TEST(ideal.links[0].busy.ps == 200);  // the link's demand, which may exceed the makespan
}

BOOST_AUTO_TEST_CASE(an_ideal_run_is_the_same_on_one_two_and_four_workers) {
  std::string first;
  for (int workers : {1, 2, 4}) {
    weft::run_options opt;
    opt.workers = workers;
    auto r = weft::machine("torus:4x4", costs("ideal")).run(16, alltoall, opt);
    const auto json = json_of(r);
    if (first.empty()) first = json;
    BOOST_TEST_CONTEXT(workers << " workers") { BOOST_TEST(json == first); }
  }
}

BOOST_AUTO_TEST_CASE(an_unknown_network_is_refused_by_the_registry_with_the_list_of_known_ones) {
  auto model = weft_test::unit_bytes();
  model.network = "perfect";
  std::string what;
  try {
    weft::machine m("ring:4", model);
  } catch (const std::invalid_argument& e) {
    what = e.what();
  }
  BOOST_TEST(what == "unknown network 'perfect' (known: message, flit, ideal)");
}
