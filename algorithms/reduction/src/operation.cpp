#include "weft/reduction/operation.hpp"

#include <algorithm>
#include <cmath>
#include <sstream>
#include <stdexcept>

namespace weft::reduction {

namespace {

// Items are deterministic functions of their index, so any PE can produce its own items and
// the reference result needs no shared state.
value sum_item(std::int64_t k) { return {static_cast<double>((k * 37 + 11) % 101 - 50) / 8.0, 0, 0, 0}; }
value sum_combine(const value& a, const value& b) { return {a[0] + b[0], 0, 0, 0}; }

value max_item(std::int64_t k) { return {static_cast<double>((k * 7919 + 13) % 10007) / 4.0 - 1000.0, 0, 0, 0}; }
value max_combine(const value& a, const value& b) { return {std::max(a[0], b[0]), 0, 0, 0}; }

std::string show_scalar(const value& v) {
  std::ostringstream out;
  out << v[0];
  return out.str();
}

// Entries stay below 65521 and products below 2^33, so doubles hold them exactly.
constexpr double prime = 65521.0;

// Alternating upper and lower shears with varying entries: neighbours never commute.
value matmul_item(std::int64_t k) {
  if (k % 2 == 0) return {1, static_cast<double>(k % 13 + 1), 0, 1};
  return {1, 0, static_cast<double>(k % 7 + 2), 1};
}

value matmul_combine(const value& a, const value& b) {
  auto mod = [](double x) { return std::fmod(x, prime); };
  return {mod(a[0] * b[0] + a[1] * b[2]), mod(a[0] * b[1] + a[1] * b[3]),
          mod(a[2] * b[0] + a[3] * b[2]), mod(a[2] * b[1] + a[3] * b[3])};
}

std::string show_matrix(const value& v) {
  std::ostringstream out;
  out << "[[" << v[0] << ", " << v[1] << "], [" << v[2] << ", " << v[3] << "]] mod 65521";
  return out.str();
}

}  // namespace

void register_builtin_ops(op_registry& r) {
  r.add({"sum", "sum of real numbers (multiples of 1/8: exact in any order)", sum_item, sum_combine, show_scalar});
  r.add({"max", "maximum of real numbers", max_item, max_combine, show_scalar});
  r.add({"matmul2", "2x2 matrix product mod 65521 (not commutative: checks the order is kept)", matmul_item,
         matmul_combine, show_matrix});
}

value sequential_reduce(const operation& op, std::int64_t first, std::int64_t count) {
  if (count < 1) throw std::invalid_argument("sequential_reduce needs at least one item");
  value acc = op.item(first);
  for (std::int64_t k = first + 1; k < first + count; ++k) acc = op.combine(acc, op.item(k));
  return acc;
}

}  // namespace weft::reduction
