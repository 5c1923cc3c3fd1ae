#define BOOST_TEST_MODULE topologies
#include <boost/test/unit_test.hpp>

#include "weft/topo/kary_ncube.hpp"
#include "test_support.hpp"
#include "weft/topology_registry.hpp"

BOOST_AUTO_TEST_CASE(a_4x4_torus_has_64_directed_links_and_dimension_order_reaches_everyone) {
  const weft::test::registries reg;
  auto& topologies = reg.topologies;
  auto& routings = reg.routings;
  auto t = topologies.make("torus:4x4");
  BOOST_TEST(t->node_count() == 16);
  BOOST_TEST(t->links().size() == 64u);
  auto r = routings.make(t->default_routing(), *t);
  for (weft::node_id a = 0; a < 16; ++a)
    for (weft::node_id b = 0; b < 16; ++b) {
      auto path = weft::route_path(*t, *r, a, b);
      auto ca = t->coordinates(a), cb = t->coordinates(b);
      int expect = 0;
      for (int d = 0; d < 2; ++d) {
        int diff = std::abs(ca[d] - cb[d]);
        expect += std::min(diff, 4 - diff);
      }
      BOOST_TEST(static_cast<int>(path.size()) == expect);
    }
}

BOOST_AUTO_TEST_CASE(tofu_is_a_6d_xyzabc_cube_with_mesh_a_and_c_routed_x_y_z_a_c_b) {
  const weft::test::registries reg;
  auto& topologies = reg.topologies;
  auto& routings = reg.routings;
  auto t = topologies.make("tofu");  // 4x2x8x2x3x2
  BOOST_TEST(t->node_count() == 768);
  auto& cube = dynamic_cast<const weft::topo::kary_ncube&>(*t);
  BOOST_TEST(cube.wraps() == (std::vector<bool>{true, true, true, false, true, false}));
  BOOST_TEST(t->default_routing() == "dimension-order:XYZACB");
  auto r = routings.make(t->default_routing(), *t);
  // From (0,0,0,0,0,0) to (1,0,0,1,1,1): X first, then A, then C, then B.
  auto dst = cube.node_at({1, 0, 0, 1, 1, 1});
  std::vector<int> axes;
  for (const auto& h : weft::route_path(*t, *r, 0, dst)) axes.push_back(t->link_at(h.link).dimension);
  BOOST_TEST(axes == (std::vector<int>{0, 3, 5, 4}), boost::test_tools::per_element());
}

// The paper's jobs inside the 4x2x8x2x3x2 FX10 (seed 004, Table 1): an axis keeps its
// wrap-around only where the job spans the machine's axis (Y = 2 of 2 here, X and Z shorter).
BOOST_AUTO_TEST_CASE(a_tofu_sub_allocation_wraps_only_the_axes_it_spans) {
  const weft::test::registries reg;
  auto& topologies = reg.topologies;
  struct job {
    const char* spec;
    int nodes;
    std::vector<bool> wraps;
  };
  for (const auto& j : {job{"tofu:1x2x4@4x2x8", 96, {false, true, false, false, true, false}},
                        job{"tofu:2x2x2@4x2x8", 96, {false, true, false, false, true, false}},
                        job{"tofu:1x1x4@4x2x8", 48, {false, false, false, false, true, false}},
                        job{"tofu:1x2x2@4x2x8", 48, {false, true, false, false, true, false}},
                        job{"tofu:4x2x8@4x2x8", 768, {true, true, true, false, true, false}}}) {
    auto t = topologies.make(j.spec);
    BOOST_TEST(t->node_count() == j.nodes, j.spec);
    BOOST_TEST(dynamic_cast<const weft::topo::kary_ncube&>(*t).wraps() == j.wraps, j.spec);
  }
  // Z = 4 of 8 is a mesh: from z = 0 to z = 3 takes 3 hops, not 1 around a ring.
  auto sub = topologies.make("tofu:1x2x4@4x2x8");
  auto whole = topologies.make("tofu:1x2x4");
  auto& cube = dynamic_cast<const weft::topo::kary_ncube&>(*sub);
  const auto dst = cube.node_at({0, 0, 3, 0, 0, 0});
  auto hops = [&](const weft::topology& t) {
    auto r = reg.routings.make(t.default_routing(), t);
    return weft::route_path(t, *r, 0, dst).size();
  };
  BOOST_TEST(hops(*sub) == 3u);
  BOOST_TEST(hops(*whole) == 1u);
  BOOST_CHECK_EXCEPTION(topologies.make("tofu:8x2x8@4x2x8"), std::invalid_argument, [](const std::invalid_argument& e) {
    return std::string(e.what()) == "tofu:8x2x8@4x2x8: the job's X size 8 exceeds the machine's 4";
  });
}

BOOST_AUTO_TEST_CASE(mixed_wraparound_follows_the_t_and_m_letters_per_axis) {
  const weft::test::registries reg;
  auto& topologies = reg.topologies;
  auto t = topologies.make("kncube:4x3:tm");
  // axis 0 torus: 4 links per row of 4 both ways; axis 1 mesh: 2 per column of 3 both ways
  BOOST_TEST(t->links().size() == 2u * (3 * 4 + 4 * 2));
  BOOST_TEST(!t->vertex_transitive());
}

// BookSim2's dim_order_torus: minimal routes, one VC class for the whole of an axis, class 1 when
// the axis' end coordinate is below its start (going +: the route wraps; going -: it does not),
// and the ties of an even ring split between the two ways.
BOOST_AUTO_TEST_CASE(booksims_dim_order_keeps_one_class_per_axis_and_splits_ties) {
  const weft::test::registries reg;
  auto t = reg.topologies.make("torus:8x8");
  auto r = reg.routings.make("booksim-dim-order", *t);
  BOOST_TEST(r->vc_classes() == 2);
  int plus_ties = 0, minus_ties = 0;
  for (weft::node_id a = 0; a < t->node_count(); ++a)
    for (weft::node_id b = 0; b < t->node_count(); ++b) {
      const auto path = weft::route_path(*t, *r, a, b);
      const auto from = t->coordinates(a), to = t->coordinates(b);
      std::size_t minimal = 0;
      for (std::size_t d = 0; d < 2; ++d) {
        const int gap = (to[d] - from[d] + 8) % 8;
        minimal += static_cast<std::size_t>(std::min(gap, 8 - gap));
      }
      BOOST_TEST(path.size() == minimal, a << "->" << b);
      for (const auto& h : path) {
        const auto& lk = t->link_at(h.link);
        const auto d = static_cast<std::size_t>(lk.dimension);
        BOOST_TEST(h.vc == (to[d] < from[d] ? 1 : 0), a << "->" << b);
        if ((to[d] - from[d] + 8) % 8 == 4 && t->coordinates(lk.from)[d] == from[d]) ++(lk.direction > 0 ? plus_ties : minus_ties);
      }
    }
  // 64 sources x 8 destinations at distance 4 on each of 2 axes: 1024 ties, each taken one way.
  BOOST_TEST(plus_ties + minus_ties == 1024);
  BOOST_TEST(plus_ties > 400);
  BOOST_TEST(minus_ties > 400);
}

BOOST_AUTO_TEST_CASE(dateline_on_2_wide_tori_uses_vc_1_when_leaving_coordinate_1) {
  const weft::test::registries reg;
  auto& topologies = reg.topologies;
  auto& routings = reg.routings;
  {
    // torus:2x2, node 1 = (1,0) -> node 0 = (0,0): the + step from coordinate k-1 crosses the
    // dateline, so it travels on VC 1 (the e-cube shortcut must not answer VC 0 here).
    auto t = topologies.make("torus:2x2");
    auto r = routings.make("dateline", *t);
    auto path = weft::route_path(*t, *r, 1, 0);
    BOOST_TEST_REQUIRE(path.size() == 1u);
    BOOST_TEST(path[0].vc == 1);
    auto back = weft::route_path(*t, *r, 0, 1);
    BOOST_TEST_REQUIRE(back.size() == 1u);
    BOOST_TEST(back[0].vc == 0);
    // Without dateline classes everything stays on VC 0.
    auto plain = routings.make("dimension-order", *t);
    BOOST_TEST(weft::route_path(*t, *plain, 1, 0).at(0).vc == 0);
  }
  // General rule on a 2-wide wrapping axis (a tie, so the + way): leaving coordinate 1 crosses
  // the dateline (VC 1); leaving coordinate 0 does not, and the axis was not crossed before.
  for (const char* spec : {"torus:2x2", "torus:2x2x2", "ring:2"}) {
    auto t = topologies.make(spec);
    auto r = routings.make("dateline", *t);
    for (weft::node_id a = 0; a < t->node_count(); ++a)
      for (weft::node_id b = 0; b < t->node_count(); ++b) {
        weft::node_id at = a;
        for (const auto& h : weft::route_path(*t, *r, a, b)) {
          const auto& lk = t->link_at(h.link);
          int here = t->coordinates(at)[static_cast<std::size_t>(lk.dimension)];
          BOOST_TEST(h.vc == here, spec << " " << a << "->" << b << " at " << at);
          at = lk.to;
        }
      }
  }
}
