#include "kernel_costs.hpp"

namespace weft::cg::detail {

kernel spmv_cost(std::int64_t rows, std::int64_t nnz, std::int64_t gathered) {
  return {.flops = 2.0 * static_cast<double>(nnz), .bytes = 12 * nnz + 4 * (rows + 1) + 8 * gathered + 8 * rows};
}
kernel dot_cost(std::int64_t n) { return {.flops = 2.0 * static_cast<double>(n), .bytes = 16 * n}; }
kernel axpy_cost(std::int64_t n) { return {.flops = 2.0 * static_cast<double>(n), .bytes = 24 * n}; }
kernel jacobi_cost(std::int64_t n) { return {.flops = static_cast<double>(n), .bytes = 24 * n}; }

}  // namespace weft::cg::detail
