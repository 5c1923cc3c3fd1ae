// Line charts: every placeable point drawn, the rest left out, the legend in series order.
#include <boost/test/unit_test.hpp>

#include <cmath>
#include <sstream>
#include <string>

#include "weft/output/svg/chart.hpp"

using namespace weft::svg;

namespace {

int occurrences(const std::string& text, const std::string& what) {
  int n = 0;
  for (auto at = text.find(what); at != std::string::npos; at = text.find(what, at + 1)) ++n;
  return n;
}

}  // namespace

BOOST_AUTO_TEST_SUITE(svg_chart)

BOOST_AUTO_TEST_CASE(series_colours_follow_one_palette) {
  BOOST_TEST(std::string(series_colour(0)) == "#1f77b4");
  BOOST_TEST(std::string(series_colour(1)) == "#d62728");
  BOOST_TEST(std::string(series_colour(10)) == "#1f77b4");
}

BOOST_AUTO_TEST_CASE(a_line_chart_draws_each_placeable_point_and_a_legend_entry_per_series) {
  line_chart chart;
  chart.title = "steps & K";
  chart.x = axis::logarithmic(1, 8, 2, "data items K");
  chart.y = axis::linear(0, 10, "steps");
  // K = 0 has no place on a log axis and NaN none anywhere: both are left out.
  series binary{.name = "binary", .points = {{0, 1}, {1, 1}, {2, 3}, {4, 5}, {8, std::nan("")}}, .colour = {}};
  series bound{.name = "bound <KSSS>", .points = {{1, 1}, {8, 7}}, .markers = false, .dashed = true, .colour = {}};
  chart.lines = {binary, bound};
  std::ostringstream out;
  write_line_chart(out, chart);
  const auto text = out.str();
  BOOST_TEST(text.rfind("<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"720\" height=\"480\"", 0) == 0u);
  BOOST_TEST(text.substr(text.size() - 7) == "</svg>\n");
  BOOST_TEST(occurrences(text, "<polyline") == 2);
  BOOST_TEST(occurrences(text, "<circle") == 3);  // the bound has no markers
  BOOST_TEST(occurrences(text, "stroke-dasharray") == 2);  // the bound's line and its legend swatch
  BOOST_TEST(occurrences(text, ">binary</text>") == 1);
  BOOST_TEST(occurrences(text, ">bound &lt;KSSS&gt;</text>") == 1);
  BOOST_TEST(occurrences(text, ">steps &amp; K</text>") == 1);
  // x ticks 1, 2, 4, 8 across the 480-unit plot area from x = 70.
  BOOST_TEST(occurrences(text, R"(<text x="230" y="443" text-anchor="middle">2</text>)") == 1);
  BOOST_TEST(occurrences(text, R"(stroke="#1f77b4" fill="#1f77b4")") == 1);
  BOOST_TEST(occurrences(text, R"(stroke="#d62728" fill="#d62728")") == 1);
}

BOOST_AUTO_TEST_SUITE_END()
