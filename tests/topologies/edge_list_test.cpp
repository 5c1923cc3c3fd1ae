// Graphs read from edge-list files.
#include <boost/test/unit_test.hpp>

#include <cstdio>
#include <fstream>
#include <stdexcept>
#include <string>

#include "test_support.hpp"
#include "weft/topo/edge_list.hpp"

using namespace weft;

BOOST_AUTO_TEST_SUITE(edge_list)

BOOST_AUTO_TEST_CASE(an_edge_list_file_gives_nodes_in_declaration_order_and_both_link_directions) {
  const std::string path = "/tmp/weft_topo_test_square.txt";
  std::ofstream(path) << "# a square with one diagonal one way\nnode a\nnode b   # second\nnode c\nnode d\n"
                         "a b\nb c\nc d\nd a\na -> c\n\na b\n";
  test::registries reg;
  auto t = reg.make("file:" + path);
  const auto& g = dynamic_cast<const topo::edge_list&>(*t);
  BOOST_TEST(t->node_count() == 4);
  BOOST_TEST(g.name(2) == "c");
  BOOST_TEST(t->links().size() == 9u);  // 4 edges both ways + one one-way link; repeat merged
  BOOST_TEST(t->find_link(0, 2).has_value());
  BOOST_TEST(!t->find_link(2, 0).has_value());
  auto r = reg.route("", *t);
  BOOST_TEST(route_path(*t, *r, 0, 2).size() == 1u);
  BOOST_TEST(route_path(*t, *r, 2, 0).size() == 2u);
}

// Repeated edges were merged by scanning the node's links for every new one: quadratic in a
// hub's degree (the same scan made trees with wide switches take hours, see trees_test). A hub
// with 300,000 neighbours, each edge given twice, reads with one link each way per neighbour.
BOOST_AUTO_TEST_CASE(a_hub_with_300000_neighbours_and_repeated_edges_reads_with_each_edge_once) {
  const std::string path = "/tmp/weft_topo_test_hub.txt";
  constexpr int leaves = 300000;
  {
    std::ofstream out(path);
    out << "node hub\n";
    for (int i = 0; i < leaves; ++i) out << "node n" << i << "\nhub n" << i << "\n";
    for (int i = 0; i < leaves; ++i) out << "n" << i << " hub\n";
  }
  test::registries reg;
  auto t = reg.make("file:" + path);
  BOOST_TEST(t->node_count() == leaves + 1);
  BOOST_TEST(t->links().size() == 2u * leaves);
  BOOST_TEST(t->out_links(0).size() == static_cast<std::size_t>(leaves));
  BOOST_TEST(t->link_at(t->out_links(0)[0]).to == 1);  // the first occurrence of an edge stays
  std::remove(path.c_str());
}

// Issue 22: an edge list saved on Windows reads like one saved on Unix; a folder is named as
// such (it once read as an empty file); a NUL in a line is shown escaped, not cut off.
BOOST_AUTO_TEST_CASE(an_edge_list_with_crlf_line_ends_reads_like_one_with_lf) {
  const std::string path = "/tmp/weft_topo_test_crlf.txt";
  std::ofstream(path) << "# written on Windows\r\nnode a\r\nnode b\r\nnode c\r\na b\r\nb -> c\r\nc a\r\n";
  test::registries reg;
  auto t = reg.make("file:" + path);
  BOOST_TEST(t->node_count() == 3);
  BOOST_TEST(t->links().size() == 5u);
  BOOST_TEST(dynamic_cast<const topo::edge_list&>(*t).name(2) == "c");
  std::remove(path.c_str());
}

BOOST_AUTO_TEST_CASE(a_folder_given_as_an_edge_list_is_named_as_a_directory) {
  test::registries reg;
  BOOST_CHECK_EXCEPTION(reg.make("file:/tmp"), std::invalid_argument, [](const std::invalid_argument& e) {
    return std::string(e.what()) == "edge-list file '/tmp' is a directory, not a file";
  });
}

BOOST_AUTO_TEST_CASE(a_nul_byte_in_an_edge_list_line_is_shown_escaped_in_the_error) {
  const std::string path = "/tmp/weft_topo_test_nul.txt";
  std::ofstream(path) << "node a\nnode b\na" << '\0' << "b\n";
  test::registries reg;
  BOOST_CHECK_EXCEPTION(reg.make("file:" + path), std::invalid_argument, [&](const std::invalid_argument& e) {
    return std::string(e.what()) == "edge-list file '" + path +
                                        "' line 3: cannot read 'a\\0b' (expected 'node NAME', 'A B' for an edge or "
                                        "'A -> B' for a one-way link)";
  });
  std::remove(path.c_str());
}

BOOST_AUTO_TEST_SUITE_END()
