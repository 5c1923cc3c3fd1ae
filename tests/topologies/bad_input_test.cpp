// Bad specs answer std::invalid_argument with one line naming the value and what is allowed.
#include <boost/test/unit_test.hpp>

#include "weft_test/refusal.hpp"

#include <cstdio>
#include <fstream>

#include "test_support.hpp"
#include "weft/topo/fibonacci_tree.hpp"

using namespace weft;

namespace {

/// The message thrown for `spec`, or "" if it did not throw std::invalid_argument.
std::string error_of(const std::string& spec, const std::string& routing = "") {
  test::registries reg;
  return weft_test::refusal([&] {
    auto t = reg.make(spec);
    if (!routing.empty()) reg.route(routing, *t);
  });
}

bool mentions(const std::string& message, const std::string& value) {
  return message.find(value) != std::string::npos && message.find('\n') == std::string::npos;
}

std::string write_file(const std::string& name, const std::string& text) {
  auto path = "/tmp/weft_topo_test_" + name + ".txt";
  std::ofstream(path) << text;
  return path;
}

}  // namespace

BOOST_AUTO_TEST_SUITE(bad_input)

BOOST_AUTO_TEST_CASE(srt_parameters_out_of_range_are_named) {
  BOOST_TEST(mentions(error_of("srt1d:0,1"), "n = 0"));
  BOOST_TEST(mentions(error_of("srt1d:5,6"), "T = 6"));
  BOOST_TEST(mentions(error_of("srt1d:5,0"), "T = 0"));
  BOOST_TEST(mentions(error_of("srt2d:5,2,32"), "s_x = 32"));
  BOOST_TEST(mentions(error_of("srt2d:5,2,-1"), "s_x = -1"));
  BOOST_TEST(mentions(error_of("srt1d:5"), "srt1d:n,T"));
}

BOOST_AUTO_TEST_CASE(srt_sizes_are_powers_of_two_by_construction_and_other_sizes_are_refused) {
  // SRT sizes are given as n (2^n nodes); a node count where n belongs is refused by range.
  BOOST_TEST(mentions(error_of("srt1d:33,5"), "n = 33"));
  BOOST_TEST(mentions(error_of("srt1d:x,5"), "'x'"));
}

BOOST_AUTO_TEST_CASE(zero_or_negative_dimensions_are_named) {
  BOOST_TEST(mentions(error_of("torus:4x0"), "'0'"));
  BOOST_TEST(mentions(error_of("mesh:-3x4"), "'-3'"));
  BOOST_TEST(mentions(error_of("ring:0"), "0"));
  BOOST_TEST(mentions(error_of("hypercube:0"), "0"));
  BOOST_TEST(mentions(error_of("kncube:4x4:tx"), "'x'"));
  BOOST_TEST(mentions(error_of("kncube:4x4:t"), "'t'"));
  BOOST_TEST(mentions(error_of("illiac:48"), "48"));
  BOOST_TEST(mentions(error_of("tree:2,0"), "0"));
  BOOST_TEST(mentions(error_of("fattree:1,2"), "k = 1"));
}

BOOST_AUTO_TEST_CASE(a_fibonacci_tree_with_m_0_is_refused) {
  BOOST_TEST(mentions(error_of("fib:5,0,1,2"), "m = 0"));
  BOOST_TEST(mentions(error_of("fib:5,1,1,1"), "i = 1"));
  BOOST_TEST(mentions(error_of("fib:1,2,1,2"), "h = 1"));
}

// Found by tests/fuzz/topology_spec_fuzz: the size recurrence kept one entry per level, so
// fib:2000000000 asked for 16 GB before any limit was checked (`weft topo` ran out of memory).
BOOST_AUTO_TEST_CASE(a_fibonacci_tree_taller_than_2_to_the_20_is_refused_before_allocating) {
  BOOST_TEST(error_of("fib:2000000000") ==
             "topology 'fib:2000000000': height h = 2000000000 must be at most 1048576 (fib:h,m,n,i)");
  BOOST_TEST(mentions(error_of("fib:1048577,1048577,1,2"), "h = 1048577"));
  BOOST_TEST(topo::fibonacci_tree_size(2000000000, 1000000000, 1, 2) == 1);  // one node, no 16 GB table
  BOOST_TEST(topo::fibonacci_tree_size(2000000000, 1, 1, 2) == INT64_MAX / 4);
  BOOST_TEST(error_of("fib:1048576,1048576,1,2").empty());
}

BOOST_AUTO_TEST_CASE(unknown_names_list_the_known_ones) {
  auto e = error_of("hexagon:5");
  BOOST_TEST(mentions(e, "hexagon"));
  BOOST_TEST(mentions(e, "srt2d"));
  BOOST_TEST(mentions(error_of("torus:4x4", "zigzag"), "dimension-order"));
  BOOST_TEST(mentions(error_of("tree:2,3", "srt-dlf"), "srt1d or srt2d"));
  BOOST_TEST(mentions(error_of("torus:4x4", "dimension-order:0,0"), "exactly once"));
  BOOST_TEST(mentions(error_of("srt1d:5,5", "srt-dlf:1"), "1 virtual channels"));
}

BOOST_AUTO_TEST_CASE(edge_list_files_that_are_missing_malformed_disconnected_or_repeat_a_node_are_refused) {
  BOOST_TEST(mentions(error_of("file:/nonexistent/graph.txt"), "/nonexistent/graph.txt"));
  auto bad = write_file("malformed", "node a\nnode b\na b c\n");
  BOOST_TEST(mentions(error_of("file:" + bad), "line 3"));
  auto apart = write_file("disconnected", "node a\nnode b\nnode c\na b\n");
  BOOST_TEST(mentions(error_of("file:" + apart), "'c'"));
  auto twice = write_file("twice", "node a\nnode b\nnode a\na b\n");
  BOOST_TEST(mentions(error_of("file:" + twice), "'a' is declared twice"));
  auto undeclared = write_file("undeclared", "node a\na b\n");
  BOOST_TEST(mentions(error_of("file:" + undeclared), "'b' is not declared"));
  auto oneway = write_file("oneway", "node a\nnode b\na -> b\n");
  BOOST_TEST(mentions(error_of("file:" + oneway), "cannot reach"));
}

// Found by tests/fuzz/topology_spec_fuzz: "direct" was accepted on any graph and threw only when
// a route met two nodes without a link, inside a running PE (`weft run ring -m mesh:8
// --routing direct` hung after an unhandled exception in an actor).
BOOST_AUTO_TEST_CASE(direct_routing_on_a_graph_that_is_not_fully_connected_is_refused_up_front) {
  BOOST_TEST(error_of("mesh:8", "direct") ==
             "routing direct needs a fully connected graph: nodes 0 and 2 of 'mesh:8' are not neighbours");
  BOOST_TEST(mentions(error_of("fattree:2,2", "direct"), "fully connected"));
  BOOST_TEST(error_of("full:5", "direct").empty());
  BOOST_TEST(error_of("ring:3", "direct").empty());  // a triangle is fully connected
  auto pair = write_file("pair", "node a\nnode b\na b\n");
  BOOST_TEST(error_of("file:" + pair, "direct").empty());
}

BOOST_AUTO_TEST_SUITE_END()
