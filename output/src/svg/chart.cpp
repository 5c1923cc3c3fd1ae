#include "weft/output/svg/chart.hpp"

#include <cmath>
#include <iterator>
#include <stdexcept>

namespace weft::svg {

namespace {

// Room around the plot area: tick labels and the y title on the left, the legend on the right.
constexpr double margin_left = 70, margin_right = 170, margin_top = 40, margin_bottom = 55;
constexpr const char* grid_colour = "#ddd";

}  // namespace

const char* series_colour(std::size_t i) {
  static constexpr const char* palette[] = {"#1f77b4", "#d62728", "#2ca02c", "#ff7f0e", "#9467bd",
                                            "#8c564b", "#e377c2", "#17becf", "#bcbd22", "#7f7f7f"};
  return palette[i % std::size(palette)];
}

plot_area::plot_area(double left, double top, double width, double height, axis x, axis y)
    : left_(left), top_(top), width_(width), height_(height), x_(std::move(x)), y_(std::move(y)) {}

void draw_x_axis(document& doc, const plot_area& area) {
  for (double t : area.x_axis().ticks()) {
    const double x = area.x(t);
    doc.add(element("line").attr("x1", x).attr("y1", area.top()).attr("x2", x).attr("y2", area.bottom()).attr("stroke", grid_colour));
    doc.add(element("text").attr("x", x).attr("y", area.bottom() + 18).attr("text-anchor", "middle").text(tick_label(t)));
  }
  if (!area.x_axis().title().empty())
    doc.add(element("text")
                .attr("x", area.left() + area.width() / 2)
                .attr("y", area.bottom() + 43)
                .attr("text-anchor", "middle")
                .text(area.x_axis().title()));
}

void draw_y_axis(document& doc, const plot_area& area) {
  for (double t : area.y_axis().ticks()) {
    const double y = area.y(t);
    doc.add(element("line").attr("x1", area.left()).attr("y1", y).attr("x2", area.right()).attr("y2", y).attr("stroke", grid_colour));
    doc.add(element("text").attr("x", area.left() - 6).attr("y", y + 4).attr("text-anchor", "end").text(tick_label(t)));
  }
  if (!area.y_axis().title().empty()) {
    const double mid = area.top() + area.height() / 2;
    doc.add(element("text")
                .attr("transform", "translate(18," + number(mid) + ") rotate(-90)")
                .attr("text-anchor", "middle")
                .text(area.y_axis().title()));
  }
}

void draw_frame(document& doc, const plot_area& area) {
  doc.add(element("rect")
              .attr("x", area.left())
              .attr("y", area.top())
              .attr("width", area.width())
              .attr("height", area.height())
              .attr("fill", "none")
              .attr("stroke", "black"));
}

double draw_legend(document& doc, double x, double y, const std::vector<legend_entry>& entries, double row) {
  using mark = legend_entry::mark;
  for (const auto& e : entries) {
    double text_x = x;
    if (e.swatch == mark::line || e.swatch == mark::dashed_line) {
      element line("line");
      line.attr("x1", x).attr("y1", y).attr("x2", x + 24).attr("y2", y).attr("stroke", e.colour).attr("stroke-width", 2);
      if (e.swatch == mark::dashed_line) line.attr("stroke-dasharray", "6,4");
      doc.add(line);
      text_x = x + 30;
    } else if (e.swatch == mark::box) {
      doc.add(element("rect").attr("x", x).attr("y", y - 6).attr("width", 12).attr("height", 12).attr("fill", e.colour));
      text_x = x + 18;
    }
    doc.add(element("text").attr("x", text_x).attr("y", y + 4).text(e.label));
    y += row;
  }
  return y;
}

namespace {

void draw_series(document& doc, const plot_area& area, const series& s, const std::string& colour) {
  std::string path;
  std::vector<std::pair<double, double>> placed;
  for (const auto& p : s.points) {
    const double x = area.x(p.x), y = area.y(p.y);
    if (!std::isfinite(x) || !std::isfinite(y)) continue;
    placed.emplace_back(x, y);
    path += (path.empty() ? "" : " ") + number(x) + "," + number(y);
  }
  doc.open(element("g").attr("clip-path", "url(#plot)").attr("stroke", colour).attr("fill", colour));
  element line("polyline");
  line.attr("points", path).attr("fill", "none").attr("stroke-width", 2);
  if (s.dashed) line.attr("stroke-dasharray", "6,4");
  if (!placed.empty()) doc.add(line);
  if (s.markers)
    for (const auto& [x, y] : placed) doc.add(element("circle").attr("cx", x).attr("cy", y).attr("r", 3));
  doc.close();
}

}  // namespace

void write_line_chart(std::ostream& out, const line_chart& chart) {
  if (!chart.x || !chart.y) throw std::logic_error("svg: a line chart needs both axes");
  const plot_area area(margin_left, margin_top, chart.width - margin_left - margin_right,
                       chart.height - margin_top - margin_bottom, *chart.x, *chart.y);
  document doc(out, chart.width, chart.height);
  doc.raw("<clipPath id=\"plot\">" +
          element("rect").attr("x", area.left()).attr("y", area.top()).attr("width", area.width()).attr("height", area.height()).str() +
          "</clipPath>\n");
  doc.add(element("text").attr("x", area.left() + area.width() / 2).attr("y", 22).attr("text-anchor", "middle").attr("font-size", 14).text(chart.title));
  draw_x_axis(doc, area);
  draw_y_axis(doc, area);
  draw_frame(doc, area);
  std::vector<legend_entry> legend;
  for (std::size_t i = 0; i < chart.lines.size(); ++i) {
    const auto& s = chart.lines[i];
    const std::string colour = s.colour.empty() ? series_colour(i) : s.colour;
    draw_series(doc, area, s, colour);
    legend.push_back({s.name, colour, s.dashed ? legend_entry::mark::dashed_line : legend_entry::mark::line});
  }
  draw_legend(doc, area.right() + 12, area.top() + 10, legend);
  doc.end();
}

}  // namespace weft::svg
