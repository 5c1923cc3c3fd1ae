// Exact virtual times for cases computed by hand from docs/model.md, and identical reports on
// 1, 2 and 4 worker threads.
#define BOOST_TEST_MODULE collectives times
#include <boost/test/data/test_case.hpp>
#include <boost/test/unit_test.hpp>

#include <functional>
#include <sstream>

#include "weft/coll/collectives.hpp"
#include "weft/machine.hpp"
#include "weft/output/report_writers.hpp"

namespace bd = boost::unit_test::data;
namespace coll = weft::coll;
using weft::vtime;

namespace {

constexpr std::int64_t alpha = 100, tau = 2;

// α = 100 ticks, τ = 2 ticks/B, no hop latency or CPU overheads: a step costs α + B·τ.
weft::cost_model abstract_model(weft::port_model ports) {
  weft::cost_model m;
  m.alpha = vtime::ticks(alpha);
  m.tau = {tau, 1};
  m.poll = vtime::ticks(1);
  m.ports = ports;
  return m;
}

int ceil_log2(int p) {
  int k = 0;
  while ((1 << k) < p) ++k;
  return k;
}

weft::report run(const std::string& topo, weft::port_model ports, int procs, const weft::program& prog, int workers = 0) {
  weft::machine m(topo, abstract_model(ports));
  weft::run_options opt;
  opt.workers = workers;
  return m.run(procs, prog, opt);
}

}  // namespace

// A single-port root serves one child at a time: the k-th step's senders are the 2^(k-1)
// members reached so far, so P members are reached after ceil(log2 P) steps of α + mτ.
// Single-send (one injection at a time, any number of ejections) gives the same steps, and
// member r (relative to the root) is reached in step ceil(log2 P) - ctz(r) of Table 5's order
// (0->4; 0->2, 4->6; 0->1, ...) when P is a power of two.
BOOST_DATA_TEST_CASE(binomial_broadcast_on_a_fully_connected_single_port_machine_takes_ceil_log2_p_steps,
                     bd::make({2, 3, 4, 5, 7, 8, 16}) * bd::make({8, 1000}) *
                         bd::make({"single", "single-send"}),
                     procs, bytes, port_name) {
  const auto ports = weft::parse_port_model(port_name);
  std::vector<std::int64_t> reached(static_cast<std::size_t>(procs));
  auto r = run("full:" + std::to_string(procs), ports, procs, [&](weft::pe& p) {
    std::vector<std::byte> x(static_cast<std::size_t>(bytes));
    coll::broadcast(p, x, 0, {.algorithm = "binomial"});
    if (p.rank() % 2 == 1) reached[static_cast<std::size_t>(p.rank())] = p.now().ps;  // leaves: no sends to wait for
  });
  BOOST_TEST(r.status == weft::run_status::ok);
  BOOST_TEST(r.makespan.ps == ceil_log2(procs) * (alpha + bytes * tau));
  if ((procs & (procs - 1)) == 0)
    for (int rank = 1; rank < procs; rank += 2) BOOST_TEST(reached[static_cast<std::size_t>(rank)] == r.makespan.ps);
}

// All-port, a root's sends leave together: its last child (rank 1) is reached in the first step.
BOOST_AUTO_TEST_CASE(binomial_broadcast_on_all_port_pes_is_not_step_structured) {
  std::int64_t rank1 = 0;
  run("full:8", weft::port_model::all_port, 8, [&](weft::pe& p) {
    std::vector<std::byte> x(8);
    coll::broadcast(p, x, 0, {.algorithm = "binomial"});
    if (p.rank() == 1) rank1 = p.now().ps;
  });
  BOOST_TEST(rank1 == alpha + 8 * tau);
}

// The collective library's host costs (host_model::coll_call, coll_recv, reduce_tau): one call
// costs coll_call, then every step α + 8τ + coll_recv + 8 B x reduce_tau. Point-to-point
// messages pay none of them.
BOOST_DATA_TEST_CASE(collective_host_costs_add_once_per_call_and_once_per_received_step, bd::make({2, 4, 16}), procs) {
  constexpr std::int64_t call = 1000, recv = 30, reduce_per_byte = 5;
  auto model = abstract_model(weft::port_model::all_port);
  model.coll_call = vtime::ticks(call);
  model.coll_recv = vtime::ticks(recv);
  model.reduce_tau = {reduce_per_byte, 1};
  weft::machine m("full:" + std::to_string(procs), model);
  auto r = m.run(procs, [](weft::pe& p) { coll::allreduce(p, 1.0, std::plus<>{}, {.algorithm = "dissemination"}); });
  BOOST_TEST(r.makespan.ps == call + ceil_log2(procs) * (alpha + 8 * tau + recv + 8 * reduce_per_byte));
  auto ring = m.run(procs, [](weft::pe& p) {
    if (p.rank() == 0) p.send(1, weft::tag{0}, 1.0);
    if (p.rank() == 1) p.recv(0, weft::tag{0});
  });
  BOOST_TEST(ring.makespan.ps == alpha + 8 * tau);
}

// A group of one communicates with nobody: no call cost (MPI returns at once).
BOOST_AUTO_TEST_CASE(a_collective_on_one_pe_costs_nothing) {
  auto model = abstract_model(weft::port_model::all_port);
  model.coll_call = vtime::ticks(1000);
  weft::machine m("full:2", model);
  auto r = m.run(1, [](weft::pe& p) { coll::allreduce(p, 1.0, std::plus<>{}, {.algorithm = "dissemination"}); });
  BOOST_TEST(r.makespan.ps == 0);
}

// Each of the P - 1 steps moves one block of m/P bytes one hop: (P - 1)(α + (m/P)τ).
BOOST_DATA_TEST_CASE(ring_allgather_takes_p_minus_one_neighbour_steps_of_one_block,
                     bd::make({3, 4, 5, 8, 16}) * bd::make({16, 4096}), procs, m) {
  const std::int64_t block = m / procs;
  auto r = run("ring:" + std::to_string(procs), weft::port_model::all_port, procs, [&](weft::pe& p) {
    std::vector<std::byte> mine(static_cast<std::size_t>(block)), all(static_cast<std::size_t>(block * p.size()));
    coll::allgather(p, mine, all, {.algorithm = "ring"});
  });
  BOOST_TEST(r.status == weft::run_status::ok);
  BOOST_TEST(r.makespan.ps == (procs - 1) * (alpha + block * tau));
}

// All-port, every member sends and receives once per step: log2 P steps of α + 8τ.
BOOST_DATA_TEST_CASE(dissemination_allreduce_of_one_double_takes_log2_p_steps, bd::make({2, 4, 8, 16, 64}), procs) {
  auto r = run("full:" + std::to_string(procs), weft::port_model::all_port, procs, [](weft::pe& p) {
    coll::allreduce(p, 1.0, std::plus<>{}, {.algorithm = "dissemination"});
  });
  BOOST_TEST(r.makespan.ps == ceil_log2(procs) * (alpha + 8 * tau));
}

// Non-powers of two fold the extra members in and out: two more steps.
BOOST_AUTO_TEST_CASE(dissemination_allreduce_on_six_members_adds_a_fold_step_before_and_after) {
  auto r = run("full:6", weft::port_model::all_port, 6, [](weft::pe& p) {
    coll::allreduce(p, 1.0, std::plus<>{}, {.algorithm = "dissemination"});
  });
  BOOST_TEST(r.makespan.ps == (2 + 2) * (alpha + 8 * tau));
}

// One single-port root: the linear scatter pays α per block, the chained one α once and the
// chain start-up (here 10 ticks) for every further block.
BOOST_DATA_TEST_CASE(a_chained_scatter_pays_one_full_start_up, bd::make({2, 5, 16}), procs) {
  constexpr std::int64_t block = 64, chain = 10;
  auto model = abstract_model(weft::port_model::single_port);
  model.chain_alpha = vtime::ticks(chain);
  weft::machine m("full:" + std::to_string(procs), model);
  auto scatter = [&](const char* algorithm) {
    return m.run(procs, [&](weft::pe& p) {
      std::vector<std::byte> all(p.rank() == 0 ? static_cast<std::size_t>(block * p.size()) : 0), mine(block);
      coll::scatter(p, all, mine, 0, {.algorithm = algorithm});
    });
  };
  BOOST_TEST(scatter("linear").makespan.ps == (procs - 1) * (alpha + block * tau));
  BOOST_TEST(scatter("chained").makespan.ps == alpha + block * tau + (procs - 2) * (chain + block * tau));
}

// The engine's determinism carries over: collectives on a contended torus report bit-identical
// virtual results whatever the number of worker threads.
BOOST_DATA_TEST_CASE(collectives_give_identical_reports_on_1_2_and_4_workers,
                     bd::make({"binomial", "scatter-allgather"}) * bd::make({16, 64}), bcast, procs) {
  auto program = [&](weft::pe& p) {
    auto g = coll::group::world(p);
    std::vector<double> x(300, p.rank());
    coll::broadcast(g, x, 3 % p.size(), {.algorithm = bcast});
    coll::allreduce(g, x, std::plus<>{}, {.algorithm = "ring"});
    std::vector<double> all(x.size() * static_cast<std::size_t>(p.size()));
    coll::allgather(g, x, all, {.algorithm = "bruck"});
    coll::allreduce(g, x, std::plus<>{}, {.algorithm = "recursive-doubling"});
    coll::barrier(g);
  };
  std::string first;
  for (int workers : {1, 2, 4}) {
    auto r = run("torus:8x8", weft::port_model::all_port, procs, program, workers);
    BOOST_TEST(r.status == weft::run_status::ok);
    std::ostringstream json;
    weft::output::write_json(json, r, /*with_host=*/false);
    if (first.empty()) first = json.str();
    BOOST_TEST(json.str() == first);
  }
}
