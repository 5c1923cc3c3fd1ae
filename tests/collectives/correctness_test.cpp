// Every operation x algorithm x group size x message size, on real data: each PE checks the
// result it holds and throws on any difference, so a wrong byte fails the run.
#define BOOST_TEST_MODULE collectives correctness
#include <boost/test/data/test_case.hpp>
#include <boost/test/unit_test.hpp>

#include <algorithm>
#include <functional>
#include <stdexcept>
#include <string>

#include "weft/coll/benchmark.hpp"
#include "weft/coll/detail/benchmark_check.hpp"
#include "weft/coll/collectives.hpp"
#include "weft/machine.hpp"
#include "weft_test/coll_cases.hpp"

namespace bd = boost::unit_test::data;
namespace coll = weft::coll;
using weft::vtime;

namespace {

using case_id = weft_test::coll_case;
using weft_test::every_algorithm;

// A machine with real costs, so messages overlap and queue as they would (contention changes
// arrival order, and algorithms must not depend on it).
weft::machine test_machine() {
  weft::cost_model m;
  m.alpha = vtime::ns(500);
  m.tau = {250, 1};
  m.hop_latency = vtime::ns(50);
  return weft::machine("torus:8x8", m);
}

// Value i of PE r: distinct per PE and position, small enough that sums never overflow.
std::int64_t value(int r, std::size_t i) { return static_cast<std::int64_t>(r) * 1000003 + static_cast<std::int64_t>(i) * 7 + 1; }

std::vector<std::int64_t> values_of(int r, std::size_t n) {
  std::vector<std::int64_t> v(n);
  for (std::size_t i = 0; i < n; ++i) v[i] = value(r, i);
  return v;
}

void expect(bool ok, const weft::pe& p, const std::string& what) {
  if (!ok) throw std::runtime_error("PE " + std::to_string(p.rank()) + ": wrong " + what);
}

// Runs one collective with n elements per PE (the block size of scatter/gather/allgather).
void check_one(weft::pe& p, const case_id& c, std::size_t n, int root) {
  auto g = coll::group::world(p);
  const int size = p.size(), me = p.rank();
  const auto ps = static_cast<std::size_t>(size);
  const coll::options o{.algorithm = c.algorithm};
  switch (c.op) {
    case coll::operation::broadcast: {
      auto x = me == root ? values_of(root, n) : std::vector<std::int64_t>(n, -1);
      coll::broadcast(g, x, root, o);
      expect(x == values_of(root, n), p, "broadcast");
      break;
    }
    case coll::operation::scatter: {
      std::vector<std::int64_t> all, mine(n, -1);
      if (me == root)
        for (int r = 0; r < size; ++r) for (auto v : values_of(r, n)) all.push_back(v);
      coll::scatter(g, all, mine, root, o);
      expect(mine == values_of(me, n), p, "scatter");
      break;
    }
    case coll::operation::gather: {
      std::vector<std::int64_t> all(me == root ? ps * n : 0, -1), want;
      coll::gather(g, values_of(me, n), all, root, o);
      if (me == root)
        for (int r = 0; r < size; ++r) for (auto v : values_of(r, n)) want.push_back(v);
      expect(all == want, p, "gather");
      break;
    }
    case coll::operation::reduce: {
      std::vector<std::int64_t> out(me == root ? n : 0, -1), want(me == root ? n : 0, 0);
      coll::reduce(g, values_of(me, n), out, std::plus<>{}, root, o);
      for (std::size_t i = 0; i < want.size(); ++i) for (int r = 0; r < size; ++r) want[i] += value(r, i);
      expect(out == want, p, "reduce");
      break;
    }
    case coll::operation::allgather: {
      std::vector<std::int64_t> all(ps * n, -1), want;
      coll::allgather(g, values_of(me, n), all, o);
      for (int r = 0; r < size; ++r) for (auto v : values_of(r, n)) want.push_back(v);
      expect(all == want, p, "allgather");
      break;
    }
    case coll::operation::allreduce: {
      auto x = values_of(me, n);
      std::vector<std::int64_t> want(n, 0);
      for (std::size_t i = 0; i < n; ++i) for (int r = 0; r < size; ++r) want[i] += value(r, i);
      coll::allreduce(g, x, std::plus<>{}, o);
      expect(x == want, p, "allreduce");
      break;
    }
    case coll::operation::barrier: {
      // Member r waits r microseconds first: nobody may leave before the last has entered.
      p.compute(vtime::us(me));
      coll::barrier(g, o);
      expect(p.now() >= vtime::us(size - 1), p, "barrier (left before everyone entered)");
      break;
    }
  }
}

void expect_ok(const weft::report& r) {
  BOOST_TEST(r.status == weft::run_status::ok);
  for (const auto& line : r.problems) BOOST_TEST_MESSAGE(line);
  BOOST_TEST(r.unreceived.empty());
}

const std::vector<int> group_sizes{1, 2, 3, 4, 5, 7, 8, 16, 64};

}  // namespace

// Sizes: 0 elements, 1 element (8 B, the paper's allreduce), 5 (fewer than P: empty ring
// segments) and 67 (not a multiple of any P), twice each with a different root.
BOOST_DATA_TEST_CASE(every_algorithm_gives_the_right_result_for_every_group_size_and_message_size,
                     bd::make(every_algorithm()) * bd::make(group_sizes), c, procs) {
  auto m = test_machine();
  auto r = m.run(procs, [&](weft::pe& p) {
    int call = 0;
    for (std::size_t n : {std::size_t{0}, std::size_t{1}, std::size_t{5}, std::size_t{67}})
      check_one(p, c, n, (call++ * 3 + p.size() - 1) % p.size());
  });
  expect_ok(r);
}

BOOST_DATA_TEST_CASE(collectives_on_disjoint_subgroups_run_side_by_side_without_mixing,
                     bd::make(every_algorithm()), c) {
  auto m = test_machine();
  auto r = m.run(12, [&](weft::pe& p) {
    // Odd PEs in reverse order form one group, even PEs another; both run the same calls.
    std::vector<int> odd{11, 9, 7, 5, 3, 1}, even{0, 2, 4, 6, 8, 10};
    const bool is_odd = p.rank() % 2 == 1;
    coll::group g(p, is_odd ? odd : even, is_odd ? 2 : 3);
    const coll::options o{.algorithm = c.algorithm};
    std::vector<std::int64_t> x{g.rank() == 0 ? 1000 + p.rank() : -1};
    for (int k = 0; k < 2; ++k) {
      switch (c.op) {
        case coll::operation::allreduce: {
          std::vector<std::int64_t> y{p.rank()};
          coll::allreduce(g, y, std::plus<>{}, o);
          expect(y[0] == (is_odd ? 36 : 30), p, "subgroup allreduce");
          break;
        }
        case coll::operation::allgather: {
          std::vector<std::int64_t> all(6);
          coll::allgather(g, std::vector<std::int64_t>{p.rank()}, all, o);
          std::vector<std::int64_t> want;
          for (int w : is_odd ? odd : even) want.push_back(w);
          expect(all == want, p, "subgroup allgather");
          break;
        }
        case coll::operation::broadcast: {
          auto y = x;
          coll::broadcast(g, y, 0, o);
          expect(y[0] == 1000 + (is_odd ? 11 : 0), p, "subgroup broadcast");
          break;
        }
        default:
          coll::barrier(g);  // the other operations are covered on the world group above
      }
    }
  });
  expect_ok(r);
}

// A struct element and a non-additive op, through every allreduce algorithm.
BOOST_DATA_TEST_CASE(allreduce_works_for_any_trivially_copyable_element_and_associative_op,
                     bd::make(std::vector<std::string>{"dissemination", "recursive-doubling", "ring"}) *
                         bd::make(std::vector<int>{3, 6, 8}),
                     algorithm, procs) {
  struct extent {
    std::int16_t lo;
    std::int32_t hi;
  };
  auto m = test_machine();
  auto r = m.run(procs, [&](weft::pe& p) {
    std::vector<extent> x(9, extent{static_cast<std::int16_t>(p.rank()), p.rank() * 10});
    coll::allreduce(p, x, [](extent a, extent b) { return extent{std::min(a.lo, b.lo), std::max(a.hi, b.hi)}; },
                    {.algorithm = algorithm});
    for (const auto& e : x) expect(e.lo == 0 && e.hi == (p.size() - 1) * 10, p, "min/max extent");
  });
  expect_ok(r);
}

// Gather-reduce combines in rank order, so an associative op that does not commute works too.
BOOST_AUTO_TEST_CASE(gather_reduce_keeps_rank_order_for_a_non_commutative_op) {
  auto m = test_machine();
  auto r = m.run(7, [](weft::pe& p) {
    // 2x2 integer matrices [[1, r], [0, 1]]... composed with a twist so order matters.
    struct mat {
      std::int64_t a, b, c, d;
    };
    auto mul = [](mat x, mat y) { return mat{x.a * y.a + x.b * y.c, x.a * y.b + x.b * y.d, x.c * y.a + x.d * y.c, x.c * y.b + x.d * y.d}; };
    auto of = [](int r) { return mat{1, r + 1, r % 3, 1}; };
    std::vector<mat> out(p.rank() == 2 ? 1 : 0);
    coll::reduce(p, std::vector<mat>{of(p.rank())}, out, mul, 2, {.algorithm = "gather-reduce"});
    if (p.rank() == 2) {
      mat want = of(0);
      for (int r = 1; r < p.size(); ++r) want = mul(want, of(r));
      expect(out[0].a == want.a && out[0].b == want.b && out[0].c == want.c && out[0].d == want.d, p, "ordered product");
    }
  });
  expect_ok(r);
}

BOOST_AUTO_TEST_CASE(the_pe_overloads_and_the_default_algorithms_work_back_to_back) {
  auto m = test_machine();
  auto r = m.run(10, [](weft::pe& p) {
    for (std::size_t n : {1u, 300u, 5000u}) {
      auto x = values_of(p.rank(), n);
      coll::allreduce(p, x, std::plus<>{});
      std::vector<std::int64_t> y(n, p.rank() == 4 ? 7 : 0);
      coll::broadcast(p, y, 4);
      expect(std::all_of(y.begin(), y.end(), [](auto v) { return v == 7; }), p, "default broadcast");
      std::vector<std::int64_t> all(n * 10);
      coll::allgather(p, values_of(p.rank(), n), all);
      expect(all[n * 9] == value(9, 0), p, "default allgather");
      coll::barrier(p);
    }
    expect(coll::allreduce(p, 2.5, std::plus<>{}) == 25.0, p, "scalar allreduce");
  });
  expect_ok(r);
}

// A fat tree's switches hold no PE: every algorithm on its 8 compute nodes (issue 11: PEs placed
// on switches made these runs hang).
BOOST_DATA_TEST_CASE(every_algorithm_gives_the_right_result_on_the_compute_nodes_of_a_fat_tree,
                     bd::make(every_algorithm()), c) {
  weft::machine m("fattree:2,3", test_machine().model());
  auto r = m.run(m.topo().compute_nodes(), [&](weft::pe& p) {
    for (std::size_t n : {std::size_t{1}, std::size_t{67}}) check_one(p, c, n, 0);
  });
  expect_ok(r);
}

// The benchmark's --check (weft coll): every timed call on distinct per-rank data, verified,
// and rooted operations once more at a non-zero root. Every algorithm passes it; a wrong result
// would throw from the PE and fail the run.
BOOST_DATA_TEST_CASE(the_benchmark_check_passes_for_every_algorithm,
                     bd::make(every_algorithm()) * bd::make({1, 3, 8, 16}) * bd::make({8, 13, 64}), id, procs, bytes) {
  coll::benchmark_case c{.op = id.op, .algorithm = id.algorithm, .bytes = bytes, .iterations = 2, .root = procs > 2 ? 2 : 0};
  BOOST_TEST(c.check);  // on by default
  std::vector<vtime> per_pe(static_cast<std::size_t>(procs));
  auto r = test_machine().run(procs, coll::benchmark_program(c, per_pe));
  const std::string problem = r.problems.empty() ? std::string() : r.problems.front();
  BOOST_TEST((r.status == weft::run_status::ok), problem);
}

// The check changes no time when the call at another root runs on its own (as weft coll runs it):
// the per-PE times with and without --check are the same, root 0 and not, and that call passes.
// (In one run, its traffic overlapped slower PEs' last timed call: scatter on torus:4x4 differed.)
BOOST_DATA_TEST_CASE(checking_changes_no_time,
                     bd::make({std::string("scatter"), std::string("gather"), std::string("reduce"),
                               std::string("broadcast")}) * bd::make({0, 2}),
                     op, root) {
  weft::cost_model m;
  m.alpha = vtime::us(1);
  m.tau = {250, 1};
  m.hop_latency = vtime::ns(10);
  const weft::machine torus("torus:4x4", m);
  std::vector<vtime> checked(16), unchecked(16);
  coll::benchmark_case c;
  c.op = coll::parse_operation(op);
  c.bytes = 1024;
  c.root = root;
  c.check_other_root = false;
  BOOST_REQUIRE(torus.run(16, coll::benchmark_program(c, checked)).status == weft::run_status::ok);
  BOOST_TEST(coll::needs_root_check(c, 16) == (root == 0));
  BOOST_TEST((torus.run(16, coll::root_check_program(c)).status == weft::run_status::ok));
  c.check = false;
  BOOST_REQUIRE(torus.run(16, coll::benchmark_program(c, unchecked)).status == weft::run_status::ok);
  for (std::size_t i = 0; i < 16; ++i) BOOST_TEST(checked[i].ps == unchecked[i].ps);
}

// A wrong result is caught, and the message names the PE, the call and the first wrong element.
BOOST_AUTO_TEST_CASE(the_benchmark_check_names_the_first_wrong_element) {
  namespace d = coll::detail;
  coll::benchmark_case c{.op = coll::operation::allreduce, .algorithm = "ring", .bytes = 24};
  auto x = d::allocate<double>(c, 3, 0, 3, 4, 0.0);
  d::prepare(x, c, 3, 3);  // rank 3's input: 10, 11, 12; the sum over 4 ranks is 22, 26, 30
  x.a = {22, 26, 30};
  BOOST_CHECK_NO_THROW(d::verify(3, 4, c, 0, x, 3));
  x.a[1] = 25;
  BOOST_CHECK_EXCEPTION(d::verify(3, 4, c, 0, x, 3), std::runtime_error, [](const auto& e) {
    return std::string(e.what()) ==
           "check failed: PE 3 in allreduce/ring (4 PEs, 24 B, root 0): result[1] is 25.000000, expected 26.000000";
  });
  // A broadcast that left a member's buffer untouched (its own data, not the root's).
  c.op = coll::operation::broadcast;
  c.algorithm = "binomial";
  auto y = d::allocate<double>(c, 1, 2, 3, 4, 0.0);
  d::prepare(y, c, 1, 3);
  BOOST_CHECK_THROW(d::verify(1, 4, c, 2, y, 3), std::runtime_error);
}
