// Topology drawings (weft topo --svg/--dot, weft run --heatmap), drawn with the SVG toolkit.
#include <boost/test/unit_test.hpp>

#include <sstream>
#include <vector>

#include "test_support.hpp"
#include "weft/output/topology_drawing.hpp"

using namespace weft;

namespace {

std::size_t occurrences(const std::string& text, const std::string& what) {
  std::size_t n = 0;
  for (auto at = text.find(what); at != std::string::npos; at = text.find(what, at + 1)) ++n;
  return n;
}

}  // namespace

BOOST_AUTO_TEST_SUITE(topology_drawing)

BOOST_AUTO_TEST_CASE(drawings_name_every_node_and_draw_each_linked_pair_once) {
  test::registries reg;
  for (const char* spec : {"ring:8", "torus:4x4", "mesh:3x3x3", "srt1d:5,5", "srt2d:3,2,1", "tree:2,3", "fattree:2,3", "fib:7", "hypercube:4"}) {
    auto t = reg.make(spec);
    std::ostringstream svg, dot;
    topo::write_svg(svg, *t);
    topo::write_dot(dot, *t);
    auto text = svg.str();
    BOOST_TEST(occurrences(text, "class=\"node\"") == static_cast<std::size_t>(t->node_count()), spec);
    BOOST_TEST(occurrences(text, "class=\"link\"") == t->links().size() / 2, spec);
    BOOST_TEST(dot.str().find(" -- ") != std::string::npos, spec);
  }
}

BOOST_AUTO_TEST_CASE(a_heatmap_draws_each_direction_of_a_pair_under_the_legend) {
  test::registries reg;
  auto t = reg.make("ring:4");
  std::vector<double> heat(t->links().size(), 0.0);
  heat[0] = 1.0;  // one direction of one pair fully busy: its way back stays idle, and shows it
  std::ostringstream svg;
  topo::write_svg(svg, *t, &heat, "link utilization");
  const auto text = svg.str();
  // A ring of 4 is a 240-unit circle; the legend and the line on directions add 64 on top.
  BOOST_TEST(text.rfind(R"(<svg xmlns="http://www.w3.org/2000/svg" width="240" height="304")", 0) == 0u);
  BOOST_TEST(occurrences(text, R"(class="link")") == 8u);  // 4 pairs, 2 directions each
  BOOST_TEST(occurrences(text, R"(stroke="#a00000")") == 1u);  // the busy direction
  BOOST_TEST(occurrences(text, R"(stroke="#ffffff")") == 7u);  // the idle ones, its reverse included
  BOOST_TEST(occurrences(text, "<text x=\"10\" y=\"14\">link utilization</text>") == 1u);
  BOOST_TEST(occurrences(text, "one line per direction") == 1u);
}

BOOST_AUTO_TEST_SUITE_END()
