// PEs live on compute nodes only, and a route that never arrives stops the run with an error
// naming source, destination and topology instead of spinning.
#define BOOST_TEST_MODULE routing limits
#include <boost/test/unit_test.hpp>

#include <memory>

#include "weft/machine.hpp"
#include "weft/programs/builtin.hpp"
#include "weft/topology_registry.hpp"

namespace {

/// A broken routing: always toward the lowest-numbered neighbour, so on a line 0 - 1 - 2 a
/// packet from 0 to 2 bounces between 0 and 1 forever.
class round_and_round final : public weft::deterministic_routing {
 public:
  explicit round_and_round(const weft::topology& t) : topo_(t) {}
  std::string name() const override { return "round-and-round"; }
  weft::hop first_hop(weft::node_id at, weft::node_id, const weft::route_state&) const override {
    weft::link_id best = -1;
    for (weft::link_id l : topo_.out_links(at))
      if (best < 0 || topo_.link_at(l).to < topo_.link_at(best).to) best = l;
    return {best, 0};
  }

 private:
  const weft::topology& topo_;
};

std::shared_ptr<const weft::topology> make_topology(const char* spec) {
  weft::topology_registry registry;
  weft::register_builtin_topologies(registry);
  return registry.make(spec);
}

}  // namespace

BOOST_AUTO_TEST_CASE(a_route_longer_than_the_hop_bound_fails_the_run_and_names_the_pair) {
  auto topo = make_topology("mesh:3");  // hop bound 2
  auto route = std::make_shared<round_and_round>(*topo);
  weft::machine m(topo, route);
  auto r = m.run(3, [](weft::pe& p) {
    if (p.rank() == 0) p.send(2, weft::tag{1}, 1);
    if (p.rank() == 2) p.recv(0, weft::tag{1});
  });
  BOOST_TEST(r.status == weft::run_status::failed);
  BOOST_TEST(r.exit_code() == 4);
  BOOST_REQUIRE(!r.problems.empty());
  BOOST_TEST(r.problems.front() ==
             "routing round-and-round on mesh:3: the route from node 0 to node 2 has not arrived after 2 links, the "
             "most a route may cross on this topology (a routing loop); the message was dropped");
}

BOOST_AUTO_TEST_CASE(a_fat_tree_runs_one_pe_per_compute_node_and_none_on_switches) {
  weft::machine m("fattree:2,3");
  BOOST_TEST(m.topo().compute_nodes() == 8);
  BOOST_TEST(m.topo().node_count() == 20);
  auto r = m.run(8, weft::programs::ring({8, 2}));
  BOOST_TEST(r.status == weft::run_status::ok);
  BOOST_TEST(r.delivered == 16u);
  BOOST_CHECK_THROW(m.run(9, weft::programs::ring({8, 1})), std::invalid_argument);
  weft::run_options on_switch;
  on_switch.node_of_rank = {0, 1, 8};  // node 8 is a switch
  BOOST_CHECK_EXCEPTION(m.run(3, weft::programs::ring({8, 1}), on_switch), std::invalid_argument,
                        [](const std::invalid_argument& e) {
                          return std::string(e.what()) ==
                                 "mapping puts PE 2 on node 8, not a compute node of fattree:2,3 (compute nodes are 0..7)";
                        });
}
