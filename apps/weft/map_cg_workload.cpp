#include "map_cg_workload.hpp"

#include <stdexcept>

#include "weft/sparse/generate.hpp"
#include "weft/sparse/matrix_market.hpp"

namespace weft::cli {

std::optional<cg_workload> parse_cg_workload(const std::string& program, int iterations, std::int64_t max_memory) {
  if (!program.starts_with("cg:")) return std::nullopt;
  cg_workload w;
  try {
    w.a = sparse::generate(program.substr(3), max_memory);
  } catch (const sparse::format_error& e) {
    throw std::invalid_argument("--program " + program + ": " + e.what());
  } catch (const std::invalid_argument& e) {
    throw std::invalid_argument("--program " + program + ": " + e.what());
  }
  w.b.assign(static_cast<std::size_t>(w.a.rows), 1.0);
  // A fixed number of iterations: every placement does the same work, whatever the residual.
  w.measured.fixed_iterations = iterations;
  w.logged.fixed_iterations = 1;
  return w;
}

}  // namespace weft::cli
