// Barrier: dissemination (Hensgen, Finkel & Manber): after round k every member has heard,
// directly or not, from the 2^(k+1) - 1 members before it, so ceil(log2 P) rounds suffice for any P.
#include "algorithms.hpp"
#include "transfer.hpp"
#include "weft/coll/group.hpp"

namespace weft::coll::detail {

void barrier_dissemination(const call& c) {
  const int p = c.g->size(), me = c.g->rank();
  for (int mask = 1; mask < p; mask <<= 1) exchange(c, (me + mask) % p, {}, (me - mask + p) % p, {});
}

}  // namespace weft::coll::detail
