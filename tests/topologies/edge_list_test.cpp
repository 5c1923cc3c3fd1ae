// Graphs read from edge-list files.
#include <boost/test/unit_test.hpp>

#include <cstdio>
#include <fstream>

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

BOOST_AUTO_TEST_SUITE_END()
