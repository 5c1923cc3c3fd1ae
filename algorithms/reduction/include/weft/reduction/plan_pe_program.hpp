#pragma once
// The one PE program that executes any reduction plan (plan.hpp): a PE folds its operands in
// the plan's order — local items at once, a child's partial when its message arrives — charges
// n for every operation over two or more values, and sends the result to its parent.

#include <cstdint>
#include <memory>

#include "weft/program.hpp"
#include "weft/reduction/operation.hpp"
#include "weft/reduction/plan.hpp"

namespace weft::reduction {

/// Where the root leaves the final value (written by the root PE only, read after the run).
struct root_value {
  value result{};
  bool done = false;
};

program make_reduce_program(std::shared_ptr<const plan> p, operation op, std::int64_t n,
                            std::shared_ptr<root_value> out);

}  // namespace weft::reduction
