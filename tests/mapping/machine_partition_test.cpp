// The engine's node partitions (weft/mapping/machine_partition.hpp): blocks are the engine's own
// contiguous split, Scotch's are balanced, deterministic and cut no more links than blocks on the
// machines where the id order is a poor split.
#include <boost/test/unit_test.hpp>

#include <cstdint>
#include <cstdlib>
#include <memory>
#include <string>
#include <vector>

#include "weft/mapping/machine_partition.hpp"
#include "weft/topology_registry.hpp"
#include "weft_test/refusal.hpp"

namespace {

using namespace weft;
using mapping::partition_method;

std::shared_ptr<const topology> make(const std::string& spec) {
  topology_registry registry;
  register_builtin_topologies(registry);
  return registry.make(spec);
}

struct quality {
  std::vector<int> nodes;
  std::int64_t cut = 0;
};

quality measure(const topology& t, const std::vector<int>& part, int parts) {
  quality q;
  q.nodes.assign(static_cast<std::size_t>(parts), 0);
  for (int p : part) ++q.nodes.at(static_cast<std::size_t>(p));
  for (const auto& l : t.links()) q.cut += part[static_cast<std::size_t>(l.from)] != part[static_cast<std::size_t>(l.to)];
  return q;
}

}  // namespace

BOOST_AUTO_TEST_CASE(blocks_are_the_engines_contiguous_split) {
  const auto t = make("ring:10");
  BOOST_TEST(mapping::partition_nodes(*t, 3, partition_method::blocks) == (std::vector<int>{0, 0, 0, 0, 1, 1, 1, 2, 2, 2}),
             boost::test_tools::per_element());
  BOOST_TEST(mapping::partition_nodes(*t, 1, partition_method::scotch) == std::vector<int>(10, 0),
             boost::test_tools::per_element());
}

// The optimum by hand: a ring cut into 4 arcs crosses 4 boundaries, each 2 directed links; the
// 8x8 mesh in 2x2 quadrants of 4x4 cuts 2 lines of 8 links both ways (32), where 4 stripes of
// 2 rows cut 3 lines (48); the fat tree splits under its top switches (8 of blocks' 16).
BOOST_AUTO_TEST_CASE(scotch_finds_the_small_cuts) {
  struct expected {
    const char* spec;
    int parts;
    std::int64_t blocks_cut, scotch_cut;
  };
  for (const auto& e : {expected{"ring:64", 4, 8, 8}, expected{"mesh:8x8", 4, 48, 32}, expected{"fattree:2,3", 2, 16, 8}}) {
    const auto t = make(e.spec);
    const auto blocks = measure(*t, mapping::partition_nodes(*t, e.parts, partition_method::blocks), e.parts);
    const auto scotch = measure(*t, mapping::partition_nodes(*t, e.parts, partition_method::scotch), e.parts);
    BOOST_TEST(blocks.cut == e.blocks_cut, e.spec);
    BOOST_TEST(scotch.cut == e.scotch_cut, e.spec);
    for (int n : scotch.nodes)  // balanced within Scotch's 3 %, rounded to whole nodes
      BOOST_TEST(std::abs(n * e.parts - t->node_count()) <= e.parts, e.spec);
  }
}

BOOST_AUTO_TEST_CASE(scotch_gives_the_same_split_every_time) {
  const auto t = make("srt1d:5,5");
  const auto first = mapping::partition_nodes(*t, 4, partition_method::scotch);
  for (int i = 0; i < 3; ++i)
    BOOST_TEST(mapping::partition_nodes(*t, 4, partition_method::scotch) == first, boost::test_tools::per_element());
}

BOOST_AUTO_TEST_CASE(bad_requests_are_refused) {
  const auto t = make("ring:4");
  BOOST_TEST(weft_test::refusal([&] { mapping::partition_nodes(*t, 0, partition_method::blocks); }) ==
             "partition: 0 parts of 4 nodes");
  BOOST_TEST(weft_test::refusal([&] { mapping::partition_nodes(*t, 5, partition_method::scotch); }) ==
             "partition: 5 parts of 4 nodes");
  BOOST_TEST(weft_test::refusal([] { mapping::parse_partition_method("metis"); }) ==
             "--partition 'metis' is not valid (blocks, scotch)");
}
