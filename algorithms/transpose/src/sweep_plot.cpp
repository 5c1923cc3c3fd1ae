// The picture of `weft transpose --sweep`: each (machine, algorithm)'s ratio to the lower bound
// against P on a log2 axis. weft draws the SVG itself; gnuplot only for PNG, from a script that
// carries the same series.
#include <fmt/format.h>

#include <algorithm>
#include <map>
#include <ostream>

#include "weft/output/svg/chart.hpp"
#include "weft/transpose/sweep.hpp"

namespace weft::transpose {

namespace {

constexpr const char* x_title = "P";
constexpr const char* y_title = "transfer time / lower bound";

/// The rows of each curve, "pax two-phase" and so on, in name order.
std::map<std::string, std::vector<const sweep_row*>> ratio_series(const std::vector<sweep_row>& rows) {
  std::map<std::string, std::vector<const sweep_row*>> series;
  for (const auto& r : rows) series[to_string(r.machine) + " " + r.algorithm].push_back(&r);
  return series;
}

}  // namespace

void write_ratio_svg(std::ostream& out, const std::vector<sweep_row>& rows) {
  svg::line_chart chart;
  chart.title = fmt::format("matrix transposition, N = {}: measured against the lower bound",
                            rows.empty() ? 0 : rows.front().n);
  double p_min = 0, p_max = 0, ratio_max = 1;
  for (const auto& [name, points] : ratio_series(rows)) {
    svg::series line{.name = name, .points = {}, .colour = {}};
    for (const auto* r : points) {
      line.points.push_back({static_cast<double>(r->pes), r->ratio});
      p_min = p_min == 0 ? r->pes : std::min(p_min, static_cast<double>(r->pes));
      p_max = std::max(p_max, static_cast<double>(r->pes));
      ratio_max = std::max(ratio_max, r->ratio);
    }
    chart.lines.push_back(std::move(line));
  }
  chart.x = svg::axis::logarithmic(p_min > 0 ? p_min : 4, std::max(p_max, 4.0), 2, x_title);
  // From 0, so 1 (optimal) and the distance to it read at a glance.
  chart.y = svg::axis::linear(0, ratio_max, y_title);
  svg::write_line_chart(out, chart);
}

void write_ratio_gnuplot(std::ostream& out, const std::vector<sweep_row>& rows, const std::string& png_path) {
  // The points travel inside the script (a gnuplot data block): no data file to write.
  std::string lines;
  out << "$ratios << EOD\n";
  int index = 0;
  for (const auto& [name, points] : ratio_series(rows)) {
    for (const auto* r : points) out << r->pes << " " << fmt::format("{:.6g}", r->ratio) << "\n";
    out << "\n\n";
    lines += fmt::format("{}$ratios index {} with linespoints title '{}'", index ? ", " : "", index, name);
    ++index;
  }
  out << "EOD\nset terminal pngcairo size 800,500\nset output '" << png_path << "'\nset logscale x 2\nset xlabel '"
      << x_title << "'\nset ylabel '" << y_title << "'\nset key top left\nplot " << lines << "\n";
}

}  // namespace weft::transpose
