// The picture of a reduction sweep (the paper's Fig. 5): steps against K on a log2 axis. weft
// draws the SVG itself; gnuplot only for PNG, from a script that carries the same series.
#include <fmt/format.h>

#include <algorithm>
#include <ostream>

#include "weft/output/svg/chart.hpp"
#include "weft/reduction/sweep.hpp"

namespace weft::reduction {

namespace {

std::string title(const params& base) {
  return fmt::format("reduction steps, m = {}, n = {}, i = {}", base.m, base.n, base.arity);
}

}  // namespace

void write_sweep_svg(std::ostream& out, const params& base, const std::vector<sweep_row>& rows) {
  svg::series binary{.name = "binary tree", .points = {}, .colour = {}};
  svg::series delay_aware{.name = "delay-aware tree", .points = {}, .colour = {}};
  svg::series logp{.name = "LogP bound (KSSS)", .points = {}, .markers = false, .dashed = true, .colour = {}};
  double k_max = 1, steps_max = 1;
  for (const auto& r : rows) {
    const auto k = static_cast<double>(r.items);
    binary.points.push_back({k, static_cast<double>(r.binary)});
    delay_aware.points.push_back({k, static_cast<double>(r.delay_aware)});
    logp.points.push_back({k, static_cast<double>(r.logp)});
    k_max = std::max(k_max, k);
    steps_max = std::max({steps_max, static_cast<double>(r.binary), static_cast<double>(r.delay_aware),
                          static_cast<double>(r.logp)});
  }
  svg::line_chart chart;
  chart.title = title(base);
  chart.x = svg::axis::logarithmic(1, k_max, 2, "data items K");
  chart.y = svg::axis::linear(0, steps_max, "steps");
  chart.lines = {binary, delay_aware, logp};
  svg::write_line_chart(out, chart);
}

void write_gnuplot_script(std::ostream& out, const params& base, const std::vector<sweep_row>& rows,
                          const std::string& png_path) {
  // The points travel inside the script (a gnuplot data block): no data file beside the plot.
  out << "$sweep << EOD\n";
  write_sweep_csv(out, rows);
  out << "EOD\n"
      << "set terminal pngcairo size 720,480 background rgb 'white'\n"
      << "set output '" << png_path << "'\n"
      << "set datafile separator ','\n"
      << "set key top left\n"
      << "set logscale x 2\n"
      << "set xlabel 'data items K'\n"
      << "set ylabel 'steps'\n"
      << "set title '" << title(base) << "'\n"
      << "plot $sweep using 1:3 skip 1 with linespoints title 'binary tree', \\\n"
      << "     $sweep using 1:2 skip 1 with linespoints title 'delay-aware tree', \\\n"
      << "     $sweep using 1:6 skip 1 with lines dashtype 2 title 'LogP bound (KSSS)'\n";
}

}  // namespace weft::reduction
