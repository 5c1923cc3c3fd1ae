#pragma once
// Charts: a plot area with its axes (grid lines, tick labels, axis titles), series drawn as
// lines and points, and a legend beside them. write_line_chart draws a whole picture from data;
// the pieces (plot_area, draw_*_axis, draw_legend) are there for pictures that are not line
// charts (the stacked bars of `weft cg --plot`).

#include <optional>
#include <ostream>
#include <string>
#include <vector>

#include "weft/output/svg/axis.hpp"
#include "weft/output/svg/document.hpp"

namespace weft::svg {

/// The i-th colour of the palette every picture draws its series with (tab10 order, so curve 1
/// is blue and curve 2 red wherever they are drawn). Cycles after ten.
const char* series_colour(std::size_t i);

/// Where the plot goes in the picture, and the axes that map data into it.
class plot_area {
 public:
  plot_area(double left, double top, double width, double height, axis x, axis y);
  /// Picture coordinates of a data value; not finite when the axis cannot place it (0 on a log
  /// axis).
  double x(double v) const { return left_ + x_.fraction(v) * width_; }
  double y(double v) const { return top_ + height_ - y_.fraction(v) * height_; }
  double left() const { return left_; }
  double top() const { return top_; }
  double width() const { return width_; }
  double height() const { return height_; }
  double right() const { return left_ + width_; }
  double bottom() const { return top_ + height_; }
  const axis& x_axis() const { return x_; }
  const axis& y_axis() const { return y_; }

 private:
  double left_, top_, width_, height_;
  axis x_, y_;
};

/// Vertical grid lines with the tick labels under them and the x axis title below.
void draw_x_axis(document& doc, const plot_area& area);
/// Horizontal grid lines with the tick labels left of them and the y axis title turned up the
/// left edge.
void draw_y_axis(document& doc, const plot_area& area);
/// The frame around the plot area (drawn after the grid so the grid does not cover it).
void draw_frame(document& doc, const plot_area& area);

struct legend_entry {
  enum class mark { line, dashed_line, box, none };
  std::string label;
  std::string colour;
  mark swatch = mark::line;
};
/// One entry per row from (x, y) down: the swatch, then the label. Returns the y below it.
double draw_legend(document& doc, double x, double y, const std::vector<legend_entry>& entries, double row = 20);

struct series {
  struct point {
    double x = 0, y = 0;
  };
  std::string name;
  std::vector<point> points;  ///< in the order the line joins them
  bool markers = true;        ///< a dot at each point
  bool dashed = false;        ///< a dashed line (a bound, not a measurement)
  std::string colour;         ///< empty: series_colour(its index)
};

struct line_chart {
  std::string title;
  double width = 720, height = 480;
  std::optional<axis> x, y;  ///< both required
  std::vector<series> lines;
};

/// The whole picture: title, axes, every series (clipped to the plot area, so values beyond an
/// axis that was capped on purpose leave it at the edge) and the legend right of the plot.
/// Points an axis cannot place (not finite, or <= 0 on a log axis) are left out, not drawn at 0.
void write_line_chart(std::ostream& out, const line_chart& chart);

}  // namespace weft::svg
