// The --max-memory check: refuses with the estimate and the limit, in GiB.
#define BOOST_TEST_MODULE memory budget
#include <boost/test/unit_test.hpp>

#include <stdexcept>
#include <string>

#include "weft/memory_budget.hpp"
#include "weft/topology_budget.hpp"

BOOST_AUTO_TEST_CASE(work_over_the_limit_is_refused_naming_both_sizes) {
  constexpr std::int64_t gib = std::int64_t{1} << 30;
  BOOST_CHECK_NO_THROW(weft::check_memory(gib, gib, "x"));
  BOOST_CHECK_EXCEPTION(weft::check_memory(3 * gib / 2, gib, "topology ring:8"), std::invalid_argument,
                        [](const std::invalid_argument& e) {
                          return std::string(e.what()) ==
                                 "topology ring:8 needs about 1.5 GiB, more than --max-memory 1 GiB (raise it with --max-memory)";
                        });
}

BOOST_AUTO_TEST_CASE(the_default_limit_is_positive_and_estimates_grow_with_links) {
  BOOST_TEST(weft::default_memory_limit() > 0);
  BOOST_TEST(weft::estimate_topology_bytes(100, 400) < weft::estimate_topology_bytes(100, 4000));
  BOOST_TEST(weft::estimate_topology_bytes(std::int64_t{1} << 40, std::int64_t{1} << 50) > 0);  // saturates
}

// Every command that builds a machine refuses an oversized topology with the line 'weft topo'
// gives, from the spec's size alone: nothing is built, so the refusal is instant.
BOOST_AUTO_TEST_CASE(a_topology_over_the_limit_is_refused_from_its_spec_before_it_is_built) {
  weft::topology_registry topologies;
  weft::register_builtin_topologies(topologies);
  BOOST_CHECK_EXCEPTION(weft::check_topology_memory(topologies, "hypercube:24", "", std::int64_t{1} << 30),
                        std::invalid_argument, [](const std::invalid_argument& e) {
                          return std::string(e.what()) ==
                                 "topology hypercube:24 needs about 15.9 GiB, more than --max-memory 1 GiB (raise it with "
                                 "--max-memory)";
                        });
  BOOST_CHECK_NO_THROW(weft::check_topology_memory(topologies, "hypercube:10", "", std::int64_t{1} << 30));
  // A table routing keeps an entry per (node, destination): the same machine costs more.
  BOOST_TEST(weft::estimate_topology_build_bytes(topologies, "torus:64x64", "shortest-path") >
             weft::estimate_topology_build_bytes(topologies, "torus:64x64", ""));
  // A family without a size (read from a file, trees) is checked once built.
  BOOST_TEST(weft::estimate_topology_build_bytes(topologies, "file:/nonexistent", "") == -1);
}
