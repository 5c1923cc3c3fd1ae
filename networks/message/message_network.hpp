#pragma once
// The `message` network (message_network.cpp): links as FIFO resources, α + τ per byte + λ per hop.

#include <memory>

#include "weft/detail/network.hpp"

namespace weft::detail {

std::unique_ptr<network> make_message_network(const network_setup& setup);
/// The message network whose links never queue: each packet starts on a link when it asks for
/// it (the `ideal` network, networks/ideal/). Ports of single-port PEs still queue.
std::unique_ptr<network> make_contention_free_network(const network_setup& setup);

}  // namespace weft::detail
