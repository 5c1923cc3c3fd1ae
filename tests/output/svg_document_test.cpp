// The SVG document writer: exact numbers, exact escaping, exact bytes of a small document.
#define BOOST_TEST_MODULE output_svg
#include <boost/test/unit_test.hpp>

#include <cmath>
#include <limits>
#include <sstream>
#include <stdexcept>

#include "weft/output/svg/document.hpp"
#include "weft/output/svg/heat_scale.hpp"

using namespace weft::svg;

BOOST_AUTO_TEST_SUITE(svg_document)

BOOST_AUTO_TEST_CASE(numbers_have_at_most_two_decimals_and_no_trailing_zeros) {
  BOOST_TEST(number(12.0) == "12");
  BOOST_TEST(number(12.5) == "12.5");
  BOOST_TEST(number(0.75) == "0.75");
  BOOST_TEST(number(2.0 / 3) == "0.67");
  BOOST_TEST(number(1e6) == "1000000");
  BOOST_TEST(number(-3) == "-3");
  BOOST_TEST(number(-0.001) == "0");  // never "-0"
  BOOST_TEST(number(0.0) == "0");
}

BOOST_AUTO_TEST_CASE(a_number_that_is_not_finite_is_refused_rather_than_drawn) {
  BOOST_CHECK_THROW(number(std::nan("")), std::domain_error);
  BOOST_CHECK_THROW(number(std::numeric_limits<double>::infinity()), std::domain_error);
}

BOOST_AUTO_TEST_CASE(text_and_attributes_are_escaped) {
  BOOST_TEST(escape(R"(a<b & "c" 'd'>)") == "a&lt;b &amp; &quot;c&quot; &apos;d&apos;&gt;");
  BOOST_TEST(escape("plain") == "plain");
  const auto e = element("text").attr("x", 1.5).attr("class", "a&b").text("<K>");
  BOOST_TEST(e.str() == R"(<text x="1.5" class="a&amp;b">&lt;K&gt;</text>)");
  BOOST_TEST(element("line").attr("x1", 3).str() == R"(<line x1="3"/>)");
  BOOST_TEST(element("line").tooltip("2 < 3").str() == "<line><title>2 &lt; 3</title></line>");
}

BOOST_AUTO_TEST_CASE(a_document_is_its_root_a_white_background_its_elements_and_the_close) {
  std::ostringstream out;
  document doc(out, 100, 50.5);
  doc.open(element("g").attr("stroke", "red"));
  doc.add(element("circle").attr("r", 3));
  doc.end();  // closes the group too
  BOOST_TEST(out.str() ==
             "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"100\" height=\"50.5\" viewBox=\"0 0 100 50.5\" "
             "font-family=\"sans-serif\" font-size=\"12\">\n"
             "<rect width=\"100%\" height=\"100%\" fill=\"white\"/>\n"
             "<g stroke=\"red\">\n<circle r=\"3\"/>\n</g>\n</svg>\n");
}

BOOST_AUTO_TEST_CASE(the_heat_ramp_runs_from_white_through_yellow_to_dark_red) {
  BOOST_TEST(heat_colour(0) == "#ffffff");
  BOOST_TEST(heat_colour(0.5) == "#ffc800");
  BOOST_TEST(heat_colour(1) == "#a00000");
  BOOST_TEST(heat_colour(-1) == "#ffffff");  // clamped
  BOOST_TEST(heat_colour(7) == "#a00000");
  BOOST_TEST(heat_colour(std::nan("")) == "#ffffff");
}

BOOST_AUTO_TEST_CASE(the_heat_legend_is_eleven_steps_from_the_cold_end_to_the_hot_end) {
  std::ostringstream out;
  document doc(out, 200, 60, 0);
  draw_heat_legend(doc, 10, 0, "link <utilization>");
  doc.end();
  const auto text = out.str();
  std::size_t steps = 0;
  for (auto at = text.find("stroke=\"#999\""); at != std::string::npos; at = text.find("stroke=\"#999\"", at + 1)) ++steps;
  BOOST_TEST(steps == 11u);
  BOOST_TEST(text.find(R"(<rect x="10" y="20" width="14" height="10" fill="#ffffff" stroke="#999"/>)") != std::string::npos);
  BOOST_TEST(text.find(R"(<rect x="150" y="20" width="14" height="10" fill="#a00000" stroke="#999"/>)") != std::string::npos);
  BOOST_TEST(text.find("link &lt;utilization&gt;") != std::string::npos);
  BOOST_TEST(text.find(R"(<text x="150" y="42">100%</text>)") != std::string::npos);
}

BOOST_AUTO_TEST_SUITE_END()
