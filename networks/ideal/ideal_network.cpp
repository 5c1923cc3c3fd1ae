// The ideal network is the message network with link waiting switched off (a template switch
// in message/message_network.cpp), not a copy of it: the two can only differ in the queueing.
// Single-port PEs still wait for their ports, which are the host's, not the network's.
#include "ideal/ideal_network.hpp"

#include "message/message_network.hpp"

namespace weft::detail {

std::unique_ptr<network> make_ideal_network(const network_setup& setup) { return make_contention_free_network(setup); }

}  // namespace weft::detail
