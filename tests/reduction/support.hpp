#pragma once
// Shared by the reduction tests: a problem in one call.

#include "weft/reduction/params.hpp"

namespace reduction_test {

inline weft::reduction::params make(std::int64_t items, std::int64_t m, std::int64_t n, int arity,
                                    weft::reduction::comm_charge charge = weft::reduction::comm_charge::sender) {
  weft::reduction::params p;
  p.items = items;
  p.m = m;
  p.n = n;
  p.arity = arity;
  p.charge = charge;
  return p;
}

}  // namespace reduction_test
