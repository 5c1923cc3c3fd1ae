#pragma once
// What each CG kernel computes and moves through memory, charged with pe::compute(kernel).
// The byte counts follow cuSPARSE/cuBLAS on CSR with 32-bit indices (the paper's kernels):
//   SpMV  y = A x:   2 flops per nonzero; reads 8 B value + 4 B column per nonzero, 4 B row
//                    pointer per row (+1), the gathered x once (8 B per entry) and writes y (8 B/row)
//   dot   r . r:     2 flops per entry; reads two vectors (16 B per entry)
//   AXPY  y += a x:  2 flops per entry; reads two vectors and writes one (24 B per entry)
//   Jacobi z = D^-1 r: 1 flop per entry; reads two vectors and writes one (24 B per entry)
// docs/model.md ("Compute") states the model; docs/cg.md uses it.
#include <cstdint>

#include "weft/pe.hpp"

namespace weft::cg::detail {

kernel spmv_cost(std::int64_t rows, std::int64_t nnz, std::int64_t gathered);
kernel dot_cost(std::int64_t n);
kernel axpy_cost(std::int64_t n);
kernel jacobi_cost(std::int64_t n);

}  // namespace weft::cg::detail
