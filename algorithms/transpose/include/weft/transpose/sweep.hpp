#pragma once
// The sweep of `weft transpose --sweep`: every algorithm on every machine for P = 4 … 256 at
// one N, with its ratio to the lower bound, as a table, as CSV and as a picture.

#include <cstdint>
#include <iosfwd>
#include <string>
#include <string_view>
#include <vector>

#include "weft/transpose/lower_bound.hpp"
#include "weft/transpose/measure.hpp"
#include "weft/transpose/registry.hpp"

namespace weft::transpose {

struct sweep_row {
  machine_kind machine = machine_kind::pax;
  std::int64_t n = 0;
  int pes = 0;
  std::string algorithm;
  fraction bound;  ///< t_LB in units of τ
  vtime transfer{}, switching{}, makespan{};
  std::int64_t max_link_elements = 0;
  /// transfer / (t_LB·τ); 0 when τ = 0.
  double ratio = 0;
};

/// transfer / (bound·τ) exactly as a double; 0 when τ or the bound is 0.
double ratio_to_bound(vtime transfer, const fraction& bound, byte_time tau);

/// Measures every registered algorithm that runs on each machine, for each P in `pes` that makes
/// a valid layout with `n` (others are skipped); every run with `options` and `routing`. Once
/// `options.stop` is set (Ctrl-C), the rows finished so far are returned.
std::vector<sweep_row> sweep(const algorithm_registry& algorithms, std::int64_t n, const std::vector<int>& pes,
                             const std::vector<machine_kind>& machines, vtime alpha, byte_time tau,
                             const run_options& options = {}, std::string_view routing = {});

/// Header line plus one line per row.
void write_csv(std::ostream& out, const std::vector<sweep_row>& rows);
/// Ratio table: one line per (machine, algorithm), one column per P.
void print_ratio_table(std::ostream& out, const std::vector<sweep_row>& rows);
/// The ratios against P (log x), a curve per (machine, algorithm), drawn with weft's SVG
/// toolkit (sweep_plot.cpp).
void write_ratio_svg(std::ostream& out, const std::vector<sweep_row>& rows);
/// The same curves as a gnuplot script, the points inside it, that draws them into the PNG
/// `png_path` (weft transpose --plot FILE.png; gnuplot is needed for PNG only).
void write_ratio_gnuplot(std::ostream& out, const std::vector<sweep_row>& rows, const std::string& png_path);

}  // namespace weft::transpose
