// --clock wall: the same programs run with measured times. Results are checked (the built-in
// programs verify every payload they receive, the collectives every result), never the times
// themselves, which depend on the host: only that they are not negative and that the report
// says it was measured.
#define BOOST_TEST_MODULE wall_clock
#include <boost/test/data/test_case.hpp>
#include <boost/test/unit_test.hpp>
#include <atomic>
#include <sstream>
#include <stdexcept>

#include "weft/coll/benchmark.hpp"
#include "weft/machine.hpp"
#include "weft/programs/builtin.hpp"
#include "weft/output/report_writers.hpp"

namespace bdata = boost::unit_test::data;

namespace {

weft::report run_wall(const char* machine, int procs, const weft::program& prog, int workers,
                      weft::cost_model model = {}) {
  weft::run_options opt;
  opt.clock = weft::clock_mode::wall;
  opt.workers = workers;
  return weft::machine(machine, model).run(procs, prog, opt);
}

void check_measured(const weft::report& r) {
  BOOST_TEST(r.wall_clock);
  std::ostringstream json;
  weft::output::write_json(json, r);
  BOOST_TEST(json.str().find("\"clock\": \"wall\"") != std::string::npos);
  BOOST_TEST(json.str().find("\"deterministic\": false") != std::string::npos);
  BOOST_TEST(r.makespan.ps >= 0);
  for (const auto& p : r.pes) {
    BOOST_TEST(p.finish.ps >= 0);
    BOOST_TEST(p.compute.ps >= 0);
    BOOST_TEST(p.wait.ps >= 0);
    BOOST_TEST(p.finish.ps <= r.makespan.ps);
  }
}

struct scenario {
  const char* name;
  const char* machine;
  int procs;
  weft::program prog;
};

std::vector<scenario> scenarios() {
  return {{"pingpong", "ring:2", 2, weft::programs::pingpong({64, 200})},
          {"ring", "ring:16", 16, weft::programs::ring({8, 20})},
          {"alltoall", "torus:4x4", 16, weft::programs::alltoall({4096, 3})},
          {"nas-cg", "torus:4x4", 16, weft::programs::nas_cg({1024, 2})}};
}

const int worker_counts[] = {1, 2, 4};

}  // namespace

BOOST_DATA_TEST_CASE(the_built_in_programs_run_correctly_on_the_wall_clock_on_1_2_and_4_workers,
                     bdata::xrange(4) * bdata::make(worker_counts), index, workers) {
  const auto s = scenarios()[static_cast<std::size_t>(index)];
  BOOST_TEST_CONTEXT(s.name << " on " << workers << " workers") {
    const auto r = run_wall(s.machine, s.procs, s.prog, workers);
    BOOST_TEST(weft::to_string(r.status) == "ok", (r.problems.empty() ? "" : r.problems.front()));
    BOOST_TEST(r.sent == r.delivered);
    BOOST_TEST(r.delivered == r.received);
    BOOST_TEST(r.sent > 0u);
    BOOST_TEST(r.unreceived.empty());
    check_measured(r);
  }
}

BOOST_DATA_TEST_CASE(a_collective_gives_verified_results_on_the_wall_clock, bdata::make(worker_counts), workers) {
  weft::coll::benchmark_case c;
  c.op = weft::coll::operation::allreduce;
  c.bytes = 1024;
  c.iterations = 3;
  std::vector<weft::vtime> per_pe(8);
  const auto r = run_wall("torus:2x4", 8, weft::coll::benchmark_program(c, per_pe), workers);
  BOOST_TEST(weft::to_string(r.status) == "ok", (r.problems.empty() ? "" : r.problems.front()));
  for (auto t : per_pe) BOOST_TEST(t.ps >= 0);
}

BOOST_AUTO_TEST_CASE(any_source_receives_and_polling_with_test_work_on_the_wall_clock) {
  auto gather = [](weft::pe& p) {
    if (p.rank() == 0) {
      int sum = 0;
      for (int i = 1; i < p.size(); ++i) {
        auto r = p.irecv(weft::any_source, weft::tag{5});
        while (!p.test(r)) p.compute(weft::vtime::ns(30));  // a no-op on the wall clock
        sum += p.wait(r).as<int>();
      }
      if (sum != p.size() * (p.size() - 1) / 2) throw std::runtime_error("wrong sum");
    } else {
      p.send(0, weft::tag{5}, p.rank());
    }
    p.barrier();
  };
  for (int workers : worker_counts) {
    const auto r = run_wall("full:8", 8, gather, workers);
    BOOST_TEST(weft::to_string(r.status) == "ok", (r.problems.empty() ? "" : r.problems.front()));
  }
}

BOOST_AUTO_TEST_CASE(a_deadlock_on_the_wall_clock_is_a_report_naming_each_blocked_pe) {
  for (int workers : worker_counts) {
    const auto r = run_wall("ring:4", 4, weft::programs::deadlock({}), workers);
    BOOST_TEST(weft::to_string(r.status) == "deadlock");
    for (const auto& p : r.pes) BOOST_TEST(!p.blocked_on.empty());
  }
}

BOOST_AUTO_TEST_CASE(a_failing_pe_fails_the_wall_clock_run_without_hanging_the_others) {
  auto failing = [](weft::pe& p) {
    if (p.rank() == 1) throw std::runtime_error("boom");
    p.recv(1, weft::tag{0});
  };
  const auto r = run_wall("ring:4", 4, failing, 2);
  BOOST_TEST(weft::to_string(r.status) == "failed");
}

BOOST_AUTO_TEST_CASE(a_stop_request_ends_a_wall_clock_run_that_would_never_end_as_interrupted) {
  std::atomic<bool> stop{false};
  auto endless = [&stop](weft::pe& p) {  // a ring that never ends; PE 0 asks to stop after 100 laps
    const int right = (p.rank() + 1) % p.size(), left = (p.rank() + p.size() - 1) % p.size();
    for (int lap = 0;; ++lap) {
      if (p.rank() == 0) {
        if (lap == 100) stop.store(true);
        p.send(right, weft::tag{1}, lap);
        p.recv(left, weft::tag{1});
      } else {
        p.send(right, weft::tag{1}, p.recv(left, weft::tag{1}).as<int>());
      }
    }
  };
  weft::run_options opt;
  opt.clock = weft::clock_mode::wall;
  opt.workers = 2;
  opt.stop = &stop;
  const auto r = weft::machine("ring:4").run(4, endless, opt);
  BOOST_TEST(weft::to_string(r.status) == "interrupted");
  BOOST_TEST(r.problems.front().find("stopped after") == 0u);
}

BOOST_AUTO_TEST_CASE(no_link_cost_is_charged_on_the_wall_clock) {
  weft::cost_model slow;
  slow.alpha = weft::vtime::us(1000000);  // a second per message: a virtual run would take 400 s
  slow.o_send = weft::vtime::us(1000000);
  const auto r = run_wall("ring:2", 2, weft::programs::pingpong({8, 200}), 2, slow);
  BOOST_TEST(weft::to_string(r.status) == "ok");
  BOOST_TEST(r.makespan.ps < weft::vtime::us(100000000).ps);  // measured; far below the model's 400 s
  for (const auto& p : r.pes) BOOST_TEST(p.overhead.ps == 0);
}

BOOST_AUTO_TEST_CASE(a_port_model_s_send_still_completes_on_the_wall_clock) {
  weft::cost_model single;
  single.ports = weft::port_model::single_port;
  const auto r = run_wall("ring:4", 4, weft::programs::ring({64, 5}), 2, single);
  BOOST_TEST(weft::to_string(r.status) == "ok", (r.problems.empty() ? "" : r.problems.front()));
}

BOOST_AUTO_TEST_CASE(the_clock_is_chosen_by_name_and_a_bad_name_says_what_is_allowed) {
  BOOST_TEST(weft::to_string(weft::parse_clock_mode("wall")) == "wall");
  BOOST_TEST(weft::to_string(weft::parse_clock_mode("virtual")) == "virtual");
  try {
    weft::parse_clock_mode("sundial");
    BOOST_FAIL("accepted");
  } catch (const std::invalid_argument& e) {
    BOOST_TEST(std::string(e.what()) == "clock 'sundial' is not valid (virtual, wall)");
  }
}
