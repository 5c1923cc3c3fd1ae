// weft's tags on MPI's (backends/mpi/src/tag_map.hpp): pure arithmetic, run with or without MPI.
#define BOOST_TEST_MODULE mpi tag map
#include <boost/test/unit_test.hpp>

#include <climits>
#include <set>
#include <stdexcept>

#include "tag_map.hpp"

using weft::mpi::detail::reserved_tag;
using weft::mpi::detail::user_tag;

BOOST_AUTO_TEST_CASE(user_tags_are_themselves_up_to_the_library_limit) {
  BOOST_TEST(user_tag(0, 32767) == 0);
  BOOST_TEST(user_tag(32767, 32767) == 32767);
  BOOST_CHECK_THROW(user_tag(32768, 32767), std::invalid_argument);
  BOOST_CHECK_THROW(user_tag(-1, 32767), std::invalid_argument);
}

BOOST_AUTO_TEST_CASE(reserved_tags_are_distinct_when_they_fit) {
  // Open MPI's ob1: every weft tag fits; the barrier's and the collectives' stay apart.
  std::set<int> seen;
  for (int t : {-1, -2, -15, -16, -17, -16 - (1 << 20), -16 - 1023 * (1 << 20) - ((1 << 20) - 1)}) {
    const int m = reserved_tag(t, INT_MAX);
    BOOST_TEST(m >= 0);
    BOOST_TEST(seen.insert(m).second);
  }
  BOOST_TEST(reserved_tag(-1, INT_MAX) == 0);
  BOOST_TEST(reserved_tag(INT_MIN, INT_MAX) == INT_MAX);
}

BOOST_AUTO_TEST_CASE(reserved_tags_fold_into_a_small_tag_range_keeping_the_core_ones) {
  const int ub = (1 << 23) - 1;  // UCX's
  for (int t = -1; t >= -15; --t) BOOST_TEST(reserved_tag(t, ub) == -t - 1);
  for (int t : {-16 - (1 << 23), -16 - 1023 * (1 << 20), INT_MIN}) {
    const int m = reserved_tag(t, ub);
    BOOST_TEST(m >= 15);
    BOOST_TEST(m <= ub);
  }
}
