// weft map --svg: a placement's nodes and its worst set's links, counted by hand on mesh:2x2.
#include <boost/test/unit_test.hpp>

#include <sstream>
#include <string>

#include "sets_of.hpp"
#include "weft/mapping/placement_drawing.hpp"
#include "weft/topology_registry.hpp"
#include "weft_test/refusal.hpp"

namespace {

using namespace weft::mapping;

int occurrences(const std::string& text, const std::string& what) {
  int n = 0;
  for (auto at = text.find(what); at != std::string::npos; at = text.find(what, at + 1)) ++n;
  return n;
}

std::unique_ptr<weft::topology> make(const char* spec) {
  weft::topology_registry topologies;
  weft::register_builtin_topologies(topologies);
  return topologies.make(spec);
}

}  // namespace

BOOST_AUTO_TEST_SUITE(placement_drawing)

BOOST_AUTO_TEST_CASE(the_worst_sets_shared_link_is_red_and_the_others_grey) {
  // Set 1: 0->3 and 1->3 under the identity both cross link 1->3 (coll 2): the worst set. Its
  // links: 0-1 (one message), 1-3 (two, red). Set 2 (0->1 alone) is not drawn.
  const auto topo = make("mesh:2x2");
  const auto machine = machine_routes::from_spec("mesh:2x2");
  const auto sets = test::sets_of(4, {{{0, 1, 8}}, {{0, 3, 8}, {1, 3, 8}}});
  const placement_panel panels[] = {{"identity", identity_placement(4)}, {"moved", {0, 2, 1, 3}}};
  std::ostringstream svg;
  write_placement_svg(svg, *topo, machine, sets, panels);
  const auto text = svg.str();
  BOOST_TEST(occurrences(text, "<rect") == 1 + 8);  // the white background, then 4 nodes per panel
  BOOST_TEST(occurrences(text, "worst set 2 of 2, coll 2") == 1);  // identity
  BOOST_TEST(occurrences(text, "worst set 1 of 2, coll 1") == 1);  // moved: every set coll 1
  BOOST_TEST(occurrences(text, R"(stroke="#d62728")") == 1);
  BOOST_TEST(occurrences(text, "<line") == 3);  // identity: 0-1, 1-3; moved: set 1's 0 -> 2
}

BOOST_AUTO_TEST_CASE(a_machine_without_grid_coordinates_is_refused_in_one_line) {
  const auto topo = make("tree:2,3");
  const auto machine = machine_routes::from_spec("tree:2,3");
  const auto sets = test::sets_of(2, {{{0, 1, 8}}});
  const placement_panel panels[] = {{"x", identity_placement(2)}};
  std::ostringstream svg;
  BOOST_TEST(weft_test::refusal([&] { write_placement_svg(svg, *topo, machine, sets, panels); }) ==
             "--svg: machine tree:2,3 has no grid coordinates to unfold (mesh, torus, tofu do)");
}

BOOST_AUTO_TEST_SUITE_END()
