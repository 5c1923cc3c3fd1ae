#pragma once
// The abstract link model many runtime tests start from: one tick per byte, everything else 0.

#include "weft/cost_model.hpp"

namespace weft_test {

inline weft::cost_model unit_bytes() {
  weft::cost_model m;
  m.tau = {1, 1};
  return m;
}

}  // namespace weft_test
