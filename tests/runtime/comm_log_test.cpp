// The communication log (run_options::record_calls, --comm-log): every PE's calls in program
// order, with the peer, tag and bytes a receive actually matched, written as JSON Lines that do
// not depend on the worker count.
//
//   PE 0 --isend t5 (1000 B)--> PE 1 --send t7--> PE 0 (any source)
//   PE 2 --send t3-----------> PE 0 --send t4--> PE 2 (wait_all), --send t8--> PE 2 (recv_into)
//   PE 2 --isend t9----------> PE 1 (any tag, polled with test)
#define BOOST_TEST_MODULE comm_log
#include <boost/test/data/test_case.hpp>
#include <boost/test/unit_test.hpp>
#include <sstream>
#include <string>
#include <vector>

#include "weft/machine.hpp"
#include "weft/programs/builtin.hpp"
#include "weft/run_budget.hpp"
#include "weft/output/report_writers.hpp"

namespace bdata = boost::unit_test::data;

namespace {

weft::cost_model one_microsecond() {
  weft::cost_model m;
  m.alpha = weft::vtime::us(1);
  return m;
}

void three_pes(weft::pe& p) {
  using weft::tag;
  switch (p.rank()) {
    case 0: {
      p.note_collective("allreduce", "ring");
      auto sent = p.isend(1, tag{5}, weft::sized(1, 1000));
      auto from_any = p.irecv(weft::any_source, tag{7});
      p.recv(2, tag{3});
      p.wait(from_any);
      p.wait(sent);
      p.send(2, tag{4}, 4);
      p.send(2, tag{8}, std::vector<int>{1, 2, 3, 4});
      break;
    }
    case 1: {
      p.recv(0, weft::any_tag);
      p.send(0, tag{7}, 7.0);
      auto r = p.irecv(2, weft::any_tag);
      while (!p.test(r)) p.compute(weft::vtime::ns(300));
      p.wait(r);  // completed by the test: logged there, not again
      break;
    }
    case 2: {
      p.send(0, tag{3}, std::vector<int>{1, 2, 3, 4});
      std::vector<weft::request> both{p.isend(1, tag{9}, 9), p.irecv(0, tag{4})};
      p.wait_all(both);
      std::vector<int> into(4);
      (void)p.recv_into(std::as_writable_bytes(std::span(into)), 0, tag{8});
      break;
    }
  }
}

std::string log_of(const weft::report& r) {
  std::ostringstream out;
  weft::output::write_call_log(out, r);
  return out.str();
}

weft::report run(const weft::machine& m, int procs, const weft::program& prog, int workers, bool record = true) {
  weft::run_options o;
  o.workers = workers;
  o.record_calls = record;
  return m.run(procs, prog, o);
}

std::vector<std::string> lines(const std::string& text) {
  std::vector<std::string> out;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) out.push_back(line);
  return out;
}

}  // namespace

BOOST_DATA_TEST_CASE(every_call_is_logged_in_program_order_with_what_it_matched, bdata::make({1, 2, 4}), workers) {
  weft::machine m("ring:3", one_microsecond());
  const auto r = run(m, 3, three_pes, workers);
  BOOST_TEST(r.status == weft::run_status::ok);
  const std::vector<std::string> expected = {
      R"({"pe":0,"seq":0,"call":"collective","name":"allreduce","algorithm":"ring","t_ps":0})",
      R"({"pe":0,"seq":1,"call":"isend","peer":1,"tag":5,"bytes":1000,"request":0,"t_ps":0})",
      R"({"pe":0,"seq":2,"call":"irecv","peer":-1,"tag":7,"bytes":-1,"request":1,"t_ps":0})",
      R"({"pe":0,"seq":3,"call":"recv","peer":2,"tag":3,"bytes":16,"t_ps":0})",
      R"({"pe":0,"seq":4,"call":"wait","peer":1,"tag":7,"bytes":8,"request":1,"kind":"recv","t_ps":1000000})",
      R"({"pe":0,"seq":5,"call":"wait","peer":1,"tag":5,"bytes":1000,"request":0,"kind":"send","t_ps":2000000})",
      R"({"pe":0,"seq":6,"call":"send","peer":2,"tag":4,"bytes":4,"t_ps":2000000})",
      R"({"pe":0,"seq":7,"call":"send","peer":2,"tag":8,"bytes":16,"t_ps":2000000})",
      R"({"pe":1,"seq":0,"call":"recv","peer":0,"tag":5,"bytes":1000,"t_ps":0})",
      R"({"pe":1,"seq":1,"call":"send","peer":0,"tag":7,"bytes":8,"t_ps":1000000})",
      R"({"pe":1,"seq":2,"call":"irecv","peer":2,"tag":-1,"bytes":-1,"request":0,"t_ps":1000000})",
      R"({"pe":1,"seq":3,"call":"wait","peer":2,"tag":9,"bytes":4,"request":0,"kind":"recv","t_ps":1000000})",
      R"({"pe":2,"seq":0,"call":"send","peer":0,"tag":3,"bytes":16,"t_ps":0})",
      R"({"pe":2,"seq":1,"call":"isend","peer":1,"tag":9,"bytes":4,"request":0,"t_ps":0})",
      R"({"pe":2,"seq":2,"call":"irecv","peer":0,"tag":4,"bytes":-1,"request":1,"t_ps":0})",
      R"({"pe":2,"seq":3,"call":"wait","peer":1,"tag":9,"bytes":4,"request":0,"kind":"send","t_ps":0})",
      R"({"pe":2,"seq":4,"call":"wait","peer":0,"tag":4,"bytes":4,"request":1,"kind":"recv","t_ps":0})",
      R"({"pe":2,"seq":5,"call":"recv","peer":0,"tag":8,"bytes":16,"t_ps":3000000})",
  };
  const auto got = lines(log_of(r));
  BOOST_TEST(got.size() == expected.size());
  for (std::size_t i = 0; i < std::min(got.size(), expected.size()); ++i)
    BOOST_TEST(got[i] == expected[i], "line " << i);
}

BOOST_AUTO_TEST_CASE(a_log_is_bit_identical_on_1_2_and_4_workers) {
  weft::machine m("torus:4x4", one_microsecond());
  const auto with_barrier = [](weft::pe& p) {
    three_pes(p);
    p.barrier();
  };
  const std::vector<std::pair<weft::program, int>> cases = {{weft::programs::alltoall({4096, 2}), 16},
                                                            {with_barrier, 3}};
  for (const auto& [prog, procs] : cases) {
    const auto reference = log_of(run(m, procs, prog, 1));
    BOOST_TEST(!reference.empty());
    for (int workers : {2, 4, 1}) BOOST_TEST(log_of(run(m, procs, prog, workers)) == reference, "workers=" << workers);
  }
}

BOOST_AUTO_TEST_CASE(a_released_request_is_not_numbered_again_while_the_log_is_kept) {
  // A release writes no line: a number given out again would read as one request started twice.
  weft::machine m("ring:2", one_microsecond());
  const auto r = run(m, 2, [](weft::pe& p) {
    if (p.rank() == 0) {
      for (int i = 0; i < 2; ++i) {
        auto sent = p.isend(1, weft::tag{1}, i);
        if (!p.release(sent)) p.wait(sent);
      }
    } else {
      for (int i = 0; i < 2; ++i) p.recv(0, weft::tag{1});
    }
  }, 1);
  BOOST_TEST(r.status == weft::run_status::ok);
  const auto got = lines(log_of(r));
  BOOST_TEST_REQUIRE(got.size() == 4u);
  BOOST_TEST(got[0] == R"({"pe":0,"seq":0,"call":"isend","peer":1,"tag":1,"bytes":4,"request":0,"t_ps":0})");
  BOOST_TEST(got[1] == R"({"pe":0,"seq":1,"call":"isend","peer":1,"tag":1,"bytes":4,"request":1,"t_ps":0})");
}

BOOST_AUTO_TEST_CASE(nothing_is_logged_unless_asked) {
  weft::machine m("ring:3", one_microsecond());
  const auto r = run(m, 3, three_pes, 2, false);
  BOOST_TEST(r.calls.empty());
  BOOST_TEST(log_of(r).empty());
}

BOOST_AUTO_TEST_CASE(the_memory_estimate_counts_the_log_only_when_it_is_kept) {
  weft::run_shape shape;
  shape.procs = 4;
  shape.traffic.messages_total = 1000;
  const auto without = weft::estimate_run_memory(shape);
  shape.calls = true;
  const auto with = weft::estimate_run_memory(shape);
  BOOST_TEST(without.calls == 0);
  BOOST_TEST(with.calls == static_cast<std::int64_t>(1000 * 4 * sizeof(weft::call_record)));
  BOOST_TEST(with.total() == without.total() + with.calls);
}
