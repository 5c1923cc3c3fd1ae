// Table 1 (a), (b): the two-phase algorithm's measured transfer time is N²/(2√P)·τ and its
// switching time 2(√P−1)·α on both machines, for every P <= N with P in {4, 16, 64, 256} and N
// up to 1,024.
#define BOOST_TEST_MODULE transpose two phase exactness
#include <boost/test/data/test_case.hpp>
#include <boost/test/unit_test.hpp>

#include "weft/transpose/measure.hpp"
#include "weft/transpose/programs.hpp"

namespace bdata = boost::unit_test::data;
using namespace weft::transpose;
using weft::vtime;

namespace {

const weft::byte_time one_tick_per_element{1, 1};

std::int64_t sqrt_of(int p) {
  std::int64_t q = 1;
  while (q * q < p) ++q;
  return q;
}

}  // namespace

BOOST_DATA_TEST_CASE(two_phase_transfer_and_switching_times_equal_table_1_for_every_n_from_p_to_1024,
                     bdata::make({machine_kind::pax, machine_kind::illiac}) * bdata::make({4, 16, 64, 256}), kind,
                     pes) {
  const std::int64_t q = sqrt_of(pes);
  for (std::int64_t n = pes; n <= 1024; n *= 2) {
    BOOST_TEST_CONTEXT(to_string(kind) << " N=" << n << " P=" << pes) {
      layout l(n, pes);
      auto prog = two_phase(l, kind);
      auto transfer = run_checked(kind, l, prog, paper_model(vtime::zero(), one_tick_per_element));
      auto switching = run_checked(kind, l, prog, paper_model(vtime::ticks(1), weft::byte_time{0, 1}));
      BOOST_TEST(transfer.makespan.ps == n * n / (2 * q));
      BOOST_TEST(switching.makespan.ps == 2 * (q - 1));
    }
  }
}
