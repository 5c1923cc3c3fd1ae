// The latency–load picture, drawn with weft's SVG toolkit (no gnuplot needed, same bytes on
// every host). Past saturation latency grows without bound, so the y axis stops at 5x the
// largest zero-load latency and curves are clipped there: the knee stays readable.
#include <fmt/format.h>

#include <algorithm>
#include <ostream>

#include "weft/output/svg/chart.hpp"
#include "weft/traffic/output.hpp"

namespace weft::traffic {

void write_svg(std::ostream& out, const run_description& d, const std::vector<sweep>& sweeps) {
  double x_max = 0, y_all = 0, zero = 0;
  for (const auto& s : sweeps) {
    zero = std::max(zero, s.sat.zero_load);
    for (const auto& p : s.points) {
      x_max = std::max(x_max, p.offered);
      if (p.has_latency()) y_all = std::max(y_all, p.latency);
    }
  }
  const double y_cap = zero > 0 ? std::min(y_all, 5 * zero) : y_all;
  svg::line_chart chart;
  chart.title = fmt::format("{} traffic on {} ({} network, {} flits/packet)", d.pattern, d.machine, d.network,
                            d.run.shape.packet_flits);
  chart.x = svg::axis::linear(0, x_max > 0 ? x_max : 1, "offered load (flits/node/cycle)");
  chart.y = svg::axis::linear(0, y_cap > 0 ? y_cap : 1, "average latency (cycles)");
  for (const auto& s : sweeps) {
    svg::series line;
    line.name = s.routing;
    // A point without measured packets has no latency: it is left out, not drawn at 0.
    for (const auto& p : s.points)
      if (p.has_latency()) line.points.push_back({p.offered, p.latency});
    chart.lines.push_back(std::move(line));
  }
  svg::write_line_chart(out, chart);
}

}  // namespace weft::traffic
