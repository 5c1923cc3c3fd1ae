#pragma once
// Associative operations a reduction can run, selected by name:
//
//   sum      real numbers (multiples of 1/8, so every summation order gives the same exact sum)
//   max      real numbers
//   matmul2  2×2 matrix product modulo the prime 65521 — not commutative, so a result equal to
//            the sequential x_0·x_1·…·x_{K-1} proves the trees keep the order of the data
//
// Every value is four doubles (one message of 32 bytes); sum and max use the first.

#include <array>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "weft/named_registry.hpp"

namespace weft::reduction {

using value = std::array<double, 4>;

struct operation {
  std::string name;
  std::string help;
  value (*item)(std::int64_t index);                  ///< the data item x_index
  value (*combine)(const value& a, const value& b);   ///< a ∘ b, associative
  std::string (*show)(const value& v);
};

/// The operations by name; no globals, the caller owns one.
struct op_registry : named_registry<operation> {
  op_registry() : named_registry<operation>("operation") {}
};

void register_builtin_ops(op_registry& r);

/// x_first ∘ x_{first+1} ∘ … ∘ x_{first+count-1}, left to right: the reference result.
value sequential_reduce(const operation& op, std::int64_t first, std::int64_t count);

}  // namespace weft::reduction
