#pragma once
// weft map --program cg:SPEC: weft's own CG solver (Fig. 13, docs/cg.md) as a mapping workload,
// seed 004's second one (issue 14 point 7), on a generated matrix with b = ones.
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "weft/cg/solver.hpp"

namespace weft::cli {

struct cg_workload {
  sparse::csr_matrix a;
  std::vector<double> b;
  cg::params measured;  ///< the measured runs: exactly `iterations` iterations
  cg::params logged;    ///< the logged run: one iteration (its sets are the kernel's)
};

/// The workload of "cg:poisson2d:N" (any --generate spec of weft cg), or nullopt for any other
/// program. Throws std::invalid_argument with one line for a bad spec or a matrix that would not
/// fit `max_memory`.
std::optional<cg_workload> parse_cg_workload(const std::string& program, int iterations, std::int64_t max_memory);

}  // namespace weft::cli
