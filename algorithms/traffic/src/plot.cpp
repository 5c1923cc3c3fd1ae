// The latency–load picture, drawn as SVG by weft itself (no gnuplot needed, same bytes on every
// host). Past saturation latency grows without bound, so the y axis stops at 5x the largest
// zero-load latency and curves are clipped there: the knee stays readable.
#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <ostream>

#include "weft/traffic/output.hpp"

namespace weft::traffic {

namespace {

constexpr double width = 720, height = 480, left = 70, right = 170, top = 40, bottom = 55;
constexpr const char* colours[] = {"#1f77b4", "#d62728", "#2ca02c", "#ff7f0e", "#9467bd", "#8c564b", "#e377c2", "#17becf"};

// A tick step of 1, 2 or 5 × 10^k giving about five ticks up to `top_value`.
double tick_step(double top_value) {
  const double raw = top_value / 5, magnitude = std::pow(10.0, std::floor(std::log10(raw)));
  for (double m : {1.0, 2.0, 5.0})
    if (m * magnitude >= raw) return m * magnitude;
  return 10 * magnitude;
}

}  // namespace

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
  const double xs = tick_step(x_max > 0 ? x_max : 1), ys = tick_step(y_cap > 0 ? y_cap : 1);
  const double x_top = std::ceil((x_max > 0 ? x_max : 1) / xs) * xs, y_top = std::ceil((y_cap > 0 ? y_cap : 1) / ys) * ys;
  const double pw = width - left - right, ph = height - top - bottom;
  auto px = [&](double x) { return left + x / x_top * pw; };
  auto py = [&](double y) { return top + ph - y / y_top * ph; };

  out << fmt::format("<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{}\" height=\"{}\" font-family=\"sans-serif\" "
                     "font-size=\"12\">\n<rect width=\"100%\" height=\"100%\" fill=\"white\"/>\n",
                     width, height);
  out << fmt::format("<clipPath id=\"plot\"><rect x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\"/></clipPath>\n", left, top, pw, ph);
  out << fmt::format("<text x=\"{}\" y=\"22\" text-anchor=\"middle\" font-size=\"14\">{} traffic on {} ({} network, {} "
                     "flits/packet)</text>\n",
                     left + pw / 2, d.pattern, d.machine, d.network, d.run.shape.packet_flits);
  for (double x = 0; x <= x_top + xs / 2; x += xs)
    out << fmt::format("<line x1=\"{0:.1f}\" y1=\"{1}\" x2=\"{0:.1f}\" y2=\"{2}\" stroke=\"#ddd\"/><text x=\"{0:.1f}\" "
                       "y=\"{3}\" text-anchor=\"middle\">{4:g}</text>\n",
                       px(x), top, top + ph, top + ph + 18, std::round(x / xs) * xs);
  for (double y = 0; y <= y_top + ys / 2; y += ys)
    out << fmt::format("<line x1=\"{0}\" y1=\"{1:.1f}\" x2=\"{2}\" y2=\"{1:.1f}\" stroke=\"#ddd\"/><text x=\"{3}\" "
                       "y=\"{4:.1f}\" text-anchor=\"end\">{5:g}</text>\n",
                       left, py(y), left + pw, left - 6, py(y) + 4, std::round(y / ys) * ys);
  out << fmt::format("<rect x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\" fill=\"none\" stroke=\"black\"/>\n", left, top, pw, ph);
  out << fmt::format("<text x=\"{}\" y=\"{}\" text-anchor=\"middle\">offered load (flits/node/cycle)</text>\n", left + pw / 2,
                     height - 12);
  out << fmt::format("<text transform=\"translate(18,{}) rotate(-90)\" text-anchor=\"middle\">average latency "
                     "(cycles)</text>\n",
                     top + ph / 2);
  for (std::size_t i = 0; i < sweeps.size(); ++i) {
    const auto* colour = colours[i % std::size(colours)];
    std::string path;
    // A point without measured packets has no latency: it is left out, not drawn at 0.
    for (const auto& p : sweeps[i].points)
      if (p.has_latency()) path += fmt::format("{:.1f},{:.1f} ", px(p.offered), py(p.latency));
    out << fmt::format("<g clip-path=\"url(#plot)\" stroke=\"{0}\" fill=\"{0}\"><polyline points=\"{1}\" fill=\"none\" "
                       "stroke-width=\"2\"/>\n",
                       colour, path);
    for (const auto& p : sweeps[i].points)
      if (p.has_latency()) out << fmt::format("<circle cx=\"{:.1f}\" cy=\"{:.1f}\" r=\"3\"/>\n", px(p.offered), py(p.latency));
    out << "</g>\n";
    const double ly = top + 10 + 20 * static_cast<double>(i);
    out << fmt::format("<line x1=\"{0}\" y1=\"{1}\" x2=\"{2}\" y2=\"{1}\" stroke=\"{3}\" stroke-width=\"2\"/><text x=\"{4}\" "
                       "y=\"{5}\">{6}</text>\n",
                       left + pw + 12, ly, left + pw + 36, colour, left + pw + 42, ly + 4, sweeps[i].routing);
  }
  out << "</svg>\n";
}

}  // namespace weft::traffic
