// A Matrix Market file's declared entry count is not trusted with memory before its entries are
// read (matrix_market_fuzz: a 20-byte right-hand side declaring 10^16 entries reserved 400 MB).
// Its own executable: it replaces the global operator new to see the largest allocation.
#define BOOST_TEST_MODULE sparse reserve
#include <boost/test/unit_test.hpp>

#include <algorithm>
#include <cstddef>
#include <cstdlib>
#include <new>
#include <sstream>
#include <string>

#include "weft/sparse/matrix_market.hpp"

namespace {
bool watching = false;
std::size_t largest = 0;
}  // namespace

// The replacements allocate with malloc and free with free, a matched pair; GCC, which takes any
// pointer reaching operator delete for operator new's, warned of a mismatch.
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wmismatched-new-delete"
void* operator new(std::size_t n) {
  if (watching) largest = std::max(largest, n);
  if (void* p = std::malloc(n ? n : 1)) return p;
  throw std::bad_alloc();
}
void operator delete(void* p) noexcept { std::free(p); }
void operator delete(void* p, std::size_t) noexcept { std::free(p); }
#pragma GCC diagnostic pop

BOOST_AUTO_TEST_CASE(a_corrupt_entry_count_reserves_at_most_a_few_mebibytes) {
  for (const std::string size : {"8 1 28555555555555555", "8 1 16777216"}) {
    std::istringstream in("%%MatrixMarket matrix coordinate real general\n" + size + "\n1 1 3\n");
    watching = true;
    largest = 0;
    BOOST_CHECK_THROW(weft::sparse::parse_vector(in, "b.mtx", 8), weft::sparse::format_error);
    watching = false;
    BOOST_TEST(largest <= std::size_t{2} << 20, size << ": largest allocation " << largest << " B");
  }
}
