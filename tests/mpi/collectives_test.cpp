// The collectives' correctness matrix on real MPI ranks (run under mpirun -n 4 and -n 3):
// every operation x algorithm, and the MPI library's own (native), on distinct per-rank data
// that every rank checks (weft/coll/benchmark.hpp, check), at root 0 and at root P - 1. A wrong
// byte throws in the PE, which aborts the job with its message: the test fails, never hangs.
#define BOOST_TEST_MODULE collectives on mpi
#include <boost/test/data/test_case.hpp>

#include <algorithm>
#include <string>
#include <vector>

#include "mpi_fixture.hpp"
#include "weft/coll/benchmark.hpp"
#include "weft/coll/collectives.hpp"
#include "weft_test/coll_cases.hpp"

namespace bd = boost::unit_test::data;
namespace coll = weft::coll;

// 8 B and 64 KiB as doubles (sums), 1003 B as bytes (sums mod 256, blocks not multiples of 8).
BOOST_DATA_TEST_CASE(every_algorithm_gives_verified_results_on_real_ranks,
                     bd::make(weft_test::every_algorithm(true)) * bd::make({8, 1003, 65536}), c, bytes) {
  coll::benchmark_case b;
  b.op = c.op;
  b.algorithm = c.algorithm;
  b.bytes = c.op == coll::operation::barrier ? 0 : bytes;
  b.iterations = 2;
  b.warmup = 1;
  b.check = true;
  std::vector<weft::vtime> per_pe(static_cast<std::size_t>(mpi_env().size()));
  const auto r = weft::mpi::run(mpi_env(), coll::benchmark_program(b, per_pe));
  BOOST_TEST(r.backend == "mpi");
  if (mpi_env().rank() == 0) {
    BOOST_TEST(r.conserved);
    BOOST_TEST(r.unreceived.empty());
  }
}

BOOST_AUTO_TEST_CASE(a_native_reduction_that_is_not_a_sum_runs_the_program_s_own_operation) {
  weft::mpi::run(mpi_env(), [](weft::pe& p) {
    std::vector<std::int64_t> x{p.rank() * 10 + 1, -p.rank()};
    auto bigger = [](std::int64_t a, std::int64_t b) { return std::max(a, b); };
    coll::allreduce(p, x, bigger, {.algorithm = "native"});
    if (x != std::vector<std::int64_t>{(p.size() - 1) * 10 + 1, 0}) throw std::runtime_error("wrong native max");
    std::vector<std::int64_t> at_root(2);
    coll::reduce(p, std::vector<std::int64_t>{p.rank(), 1}, at_root, bigger, p.size() - 1, {.algorithm = "native"});
    if (p.rank() == p.size() - 1 && at_root != std::vector<std::int64_t>{p.size() - 1, 1})
      throw std::runtime_error("wrong native reduce");
  });
}

BOOST_AUTO_TEST_CASE(weft_algorithms_run_on_a_sub_group_of_ranks) {
  weft::mpi::run(mpi_env(), [](weft::pe& p) {
    std::vector<int> evens;
    for (int r = 0; r < p.size(); r += 2) evens.push_back(r);
    if (p.rank() % 2 != 0) return;
    coll::group g(p, evens, 2);
    std::vector<double> x{double(p.rank())};
    coll::allreduce(g, x, std::plus<>{}, {.algorithm = "recursive-doubling"});
    double want = 0;
    for (int r : evens) want += r;
    if (x[0] != want) throw std::runtime_error("wrong sub-group sum");
  });
}
