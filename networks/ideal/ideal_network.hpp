#pragma once
// The `ideal` network (docs/model.md, "The ideal network"): the message network's links, costs,
// ports and routes, but no link ever queues: each message takes the zero-load time of its route.
// What a run loses to contention is its makespan on `message` minus its makespan here
// (`--contention`).

#include <memory>

#include "weft/detail/network.hpp"

namespace weft::detail {

std::unique_ptr<network> make_ideal_network(const network_setup& setup);

}  // namespace weft::detail
