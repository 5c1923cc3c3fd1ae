#include "tag_map.hpp"

#include <stdexcept>
#include <string>

namespace weft::mpi::detail {

int user_tag(int t, int tag_ub) {
  if (t < 0 || t > tag_ub)
    throw std::invalid_argument("tag " + std::to_string(t) + " is outside the MPI library's tags 0.." +
                                std::to_string(tag_ub));
  return t;
}

int reserved_tag(int t, int tag_ub) {
  // -t - 1 in 64 bits: -INT_MIN would overflow an int.
  const long long k = -static_cast<long long>(t) - 1;
  if (k <= tag_ub) return static_cast<int>(k);
  constexpr long long core = 15;  // the core's own reserved tags (-1..-15) are never folded
  return static_cast<int>(core + (k - core) % (static_cast<long long>(tag_ub) + 1 - core));
}

}  // namespace weft::mpi::detail
