#pragma once
// The `message` network (message_network.cpp): links as FIFO resources, α + τ per byte + λ per hop.

#include <memory>

#include "weft/detail/network.hpp"

namespace weft::detail {

std::unique_ptr<network> make_message_network(const network_setup& setup);

}  // namespace weft::detail
