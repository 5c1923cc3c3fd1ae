#include "weft/output/svg/heat_scale.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>

namespace weft::svg {

std::string heat_colour(double h) {
  h = std::isnan(h) ? 0.0 : std::clamp(h, 0.0, 1.0);
  // Two legs: white to yellow (blue drains, a little green) below 0.5, then yellow to dark red
  // (green drains, red darkens) above it. Both meet at #ffc800.
  int r = 255, g, b;
  if (h < 0.5) {
    g = 255 - static_cast<int>(h * 2 * 55);
    b = 255 - static_cast<int>(h * 2 * 255);
  } else {
    g = 200 - static_cast<int>((h - 0.5) * 2 * 200);
    b = 0;
    r = 255 - static_cast<int>((h - 0.5) * 2 * 95);
  }
  return fmt::format("#{:02x}{:02x}{:02x}", r, g, b);
}

void draw_heat_legend(document& doc, double x, double y, std::string_view label, std::string_view low,
                      std::string_view high) {
  constexpr int steps = 10;
  constexpr double step_width = 14;
  doc.open(element("g").attr("font-size", 10));
  doc.add(element("text").attr("x", x).attr("y", y + 14).text(label));
  for (int i = 0; i <= steps; ++i)
    doc.add(element("rect")
                .attr("x", x + step_width * i)
                .attr("y", y + 20)
                .attr("width", step_width)
                .attr("height", 10)
                .attr("fill", heat_colour(static_cast<double>(i) / steps))
                .attr("stroke", "#999"));
  doc.add(element("text").attr("x", x).attr("y", y + 42).text(low));
  doc.add(element("text").attr("x", x + step_width * steps).attr("y", y + 42).text(high));
  doc.close();
}

}  // namespace weft::svg
