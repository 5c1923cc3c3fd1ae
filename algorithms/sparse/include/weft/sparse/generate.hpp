#pragma once
// Symmetric positive definite test matrices chosen by a spec string, so a CG run needs no file.

#include <span>
#include <string_view>

#include "weft/sparse/matrix.hpp"

namespace weft::sparse {

/// "poisson2d:N" (5-point Laplacian on an N x N grid, N^2 rows, Dirichlet, diagonal 4,
/// off-diagonals -1), "poisson3d:N" (7-point, N^3 rows, diagonal 6), "banded:ROWS,NNZ_PER_ROW[,SEED]"
/// (symmetric band, NNZ_PER_ROW (odd) nonzeros per interior row, off-diagonals pseudo-random in
/// [-1,0) from SEED (default 1), the same on every platform; diagonal = 1 + sum of |off-diagonals|
/// of its row: strictly diagonally dominant, hence SPD).
/// A bad spec throws std::invalid_argument with one line naming the bad value and what is allowed.
/// `max_bytes` > 0: refuse (std::invalid_argument, before allocating) a matrix needing more memory.
csr_matrix generate(std::string_view spec, std::int64_t max_bytes = 0);

/// One generator for CLI help: its spec and what it makes, in one unwrapped line (the help
/// formatter wraps it).
struct generator_doc {
  std::string_view spec, help;
};
/// The specs above, for CLI help.
std::span<const generator_doc> generator_docs();

}  // namespace weft::sparse
