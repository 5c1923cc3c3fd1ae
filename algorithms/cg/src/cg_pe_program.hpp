#pragma once
// The CG PE program (Fig. 13) and what each PE leaves behind for solve() to assemble.
#include <cstdint>
#include <vector>

#include "partition.hpp"
#include "weft/cg/parts.hpp"
#include "weft/cg/solver.hpp"
#include "weft/program.hpp"

namespace weft::cg::detail {

using cg::charged_parts;
using cg::pe_result;

/// The program: PE r reads only its rows of `a` and `b` and writes results[r].
program cg_program(const sparse::csr_matrix& a, std::span<const double> b, const params& p, charged_parts parts,
                   std::vector<pe_result>& results);

}  // namespace weft::cg::detail
