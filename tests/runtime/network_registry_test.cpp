// The network registry is the only door: a network's own parameters are declared, defaulted,
// range-checked and refused with other networks by the registry, from what each network
// declares (networks/<name>/), with no code outside naming a parameter.
#define BOOST_TEST_MODULE network registry
#include <boost/test/unit_test.hpp>

#include <stdexcept>
#include <string>

#include "weft/machine.hpp"
#include "weft_test/unit_bytes.hpp"

namespace {

std::string refusal(const weft::cost_model& model) {
  try {
    weft::machine m("ring:4", model);
  } catch (const std::invalid_argument& e) {
    return e.what();
  }
  return "(accepted)";
}

}  // namespace

BOOST_AUTO_TEST_CASE(a_flit_parameter_given_to_the_message_network_is_refused_naming_the_network_that_owns_it) {
  auto model = weft_test::unit_bytes();
  model.params.set("vcs", 4);
  BOOST_TEST(refusal(model) ==
             "--vcs has no meaning with --network message (it sets the flit network's routers: add --network flit)");
  model.network = "ideal";
  BOOST_TEST(refusal(model) ==
             "--vcs has no meaning with --network ideal (it sets the flit network's routers: add --network flit)");
}

BOOST_AUTO_TEST_CASE(a_parameter_no_network_declares_is_refused) {
  auto model = weft_test::unit_bytes();
  model.params.set("wings", 2);
  BOOST_TEST(refusal(model) == "--wings has no meaning with --network message (no network has a parameter wings)");
}

BOOST_AUTO_TEST_CASE(a_declared_parameter_out_of_its_declared_range_is_refused_by_its_network) {
  auto model = weft_test::unit_bytes();
  model.network = "flit";
  model.params.set("router_delay", 1001);
  BOOST_TEST(refusal(model) == "--router-delay 1001: a router takes at most 1000 cycles (allowed 1..1000)");
  model.params.set("router_delay", 3);
  BOOST_TEST(refusal(model) == "(accepted)");
}
