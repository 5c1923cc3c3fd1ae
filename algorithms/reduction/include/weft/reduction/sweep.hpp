#pragma once
// Steps vs K for both trees (the paper's Fig. 5): every point is two emulated runs, checked
// against the plans' own prediction and the sequential result, beside the optimum of the
// paper's model and the LogP (KSSS) summation bound.

#include <cstdint>
#include <iosfwd>
#include <string>
#include <vector>

#include "weft/machine.hpp"
#include "weft/reduction/operation.hpp"
#include "weft/reduction/params.hpp"
#include "weft/reduction/tree_registry.hpp"

namespace weft::reduction {

struct sweep_row {
  std::int64_t items = 0;
  std::int64_t delay_aware = 0, binary = 0;  ///< emulated steps
  std::int64_t optimum = 0;                  ///< min{h : F(h) ≥ K}
  std::int64_t logp = 0;                     ///< KSSS bound, L = m, o = 0, binary additions of n
  std::int64_t delay_aware_pes = 0, binary_pes = 0;
  double ratio() const { return binary == 0 ? 1.0 : static_cast<double>(delay_aware) / static_cast<double>(binary); }
};

/// 1, 2, 4, … up to k_max, and k_max itself; throws std::invalid_argument if k_max is out of range.
std::vector<std::int64_t> doubling_sizes(std::int64_t k_max);

/// Runs both trees for every K (base.items is ignored). Throws std::runtime_error if a run
/// disagrees with its plan or with the sequential reduction. A run that does not end ok (Ctrl-C)
/// ends the sweep: the rows finished before it are returned.
std::vector<sweep_row> run_sweep(const params& base, const std::vector<std::int64_t>& sizes, const tree_registry& trees,
                                 const operation& op, const run_options& options = {});

void print_sweep_table(std::ostream& out, const params& base, const std::vector<sweep_row>& rows);
void write_sweep_csv(std::ostream& out, const std::vector<sweep_row>& rows);
/// Steps vs K (log x): the binary and delay-aware trees as measured, the LogP bound dashed;
/// drawn with weft's SVG toolkit (sweep_plot.cpp).
void write_sweep_svg(std::ostream& out, const params& base, const std::vector<sweep_row>& rows);
/// The same picture as a gnuplot script, the rows inside it, that draws it into the PNG
/// `png_path` (weft reduce --plot FILE.png; gnuplot is needed for PNG only).
void write_gnuplot_script(std::ostream& out, const params& base, const std::vector<sweep_row>& rows,
                          const std::string& png_path);

}  // namespace weft::reduction
