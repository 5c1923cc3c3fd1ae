// Bad input ends the run as "failed" with a message naming the PE, never as a hang.
#define BOOST_TEST_MODULE collectives bad input
#include <boost/test/unit_test.hpp>

#include <functional>

#include "weft/coll/collectives.hpp"
#include "weft/machine.hpp"

namespace coll = weft::coll;

namespace {

weft::report run(int procs, const weft::program& prog) { return weft::machine("full:8").run(procs, prog); }

bool any_problem_contains(const weft::report& r, const std::string& text) {
  for (const auto& line : r.problems)
    if (line.find(text) != std::string::npos) return true;
  return false;
}

}  // namespace

BOOST_AUTO_TEST_CASE(an_unknown_algorithm_fails_the_run_and_lists_the_known_ones) {
  auto r = run(4, [](weft::pe& p) { coll::allreduce(p, 1, std::plus<>{}, {.algorithm = "butterfly"}); });
  BOOST_TEST(r.status == weft::run_status::failed);
  BOOST_TEST(any_problem_contains(r, "PE 0 failed"));
  BOOST_TEST(any_problem_contains(r, "unknown allreduce algorithm 'butterfly' (known: dissemination, recursive-doubling, ring, native)"));
}

BOOST_AUTO_TEST_CASE(an_unknown_operation_name_is_answered_with_the_known_ones) {
  BOOST_CHECK_EXCEPTION(coll::parse_operation("alltoall"), std::invalid_argument, [](const auto& e) {
    return std::string(e.what()) ==
           "unknown collective 'alltoall' (known: broadcast, scatter, gather, reduce, allgather, allreduce, barrier)";
  });
}

BOOST_AUTO_TEST_CASE(a_root_outside_the_group_fails_naming_the_pe_and_the_root) {
  auto r = run(4, [](weft::pe& p) {
    std::vector<int> x(2);
    coll::broadcast(p, x, 4);
  });
  BOOST_TEST(r.status == weft::run_status::failed);
  BOOST_TEST(any_problem_contains(r, "PE 2 (group rank 2) in broadcast: root 4 is outside the group (size 4)"));
}

BOOST_AUTO_TEST_CASE(a_buffer_size_that_differs_across_pes_fails_naming_both_pes) {
  auto r = run(4, [](weft::pe& p) {
    std::vector<double> x(p.rank() == 3 ? 2 : 1, 1.0);
    coll::allreduce(p, x, std::plus<>{}, {.algorithm = "recursive-doubling"});
  });
  BOOST_TEST(r.status == weft::run_status::failed);
  // PE 2 exchanges with PE 3 first: it expected 8 bytes and got 16.
  BOOST_TEST(any_problem_contains(r, "PE 2 (group rank 2) in allreduce/recursive-doubling: expected 8 bytes from PE 3, got 16"));
}

BOOST_AUTO_TEST_CASE(a_root_receive_buffer_of_the_wrong_size_fails_before_any_message) {
  auto r = run(3, [](weft::pe& p) {
    std::vector<int> all(5);
    coll::gather(p, std::vector<int>{p.rank()}, all, 1);
  });
  BOOST_TEST(r.status == weft::run_status::failed);
  BOOST_TEST(any_problem_contains(r, "PE 1 (group rank 1) in gather: the root's receive buffer has 20 bytes, expected group size 3 x send buffer 4"));
}

BOOST_AUTO_TEST_CASE(a_group_that_does_not_contain_the_pe_is_refused) {
  auto r = run(3, [](weft::pe& p) { coll::group g(p, {0, 1}); });
  BOOST_TEST(r.status == weft::run_status::failed);
  BOOST_TEST(any_problem_contains(r, "PE 2: group: this PE is not a member of the group it builds"));
}
