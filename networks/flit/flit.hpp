#pragma once
// A flit: what moves buffer to buffer in the flit network (flit_network.hpp).

#include <cstdint>

#include "weft/detail/pe_state.hpp"

namespace weft::detail::flit {

/// One flit in a buffer.
struct flit {
  message* msg = nullptr;
  std::int64_t arrived = 0;  ///< cycle it was written into this buffer
  std::int64_t born = 0;     ///< cycle its packet's head entered the network (latency figures)
  std::int64_t payload = 0;  ///< its packet's payload bytes (a link counts them as the head crosses)
  std::uint32_t packet = 0;
  std::uint32_t index = 0;   ///< within its packet (0: the head)
  std::int32_t hops = 0;     ///< links its packet crossed before this buffer
  // Its message's nodes, copied: routing reads them at every hop, and the message itself is
  // seldom in the cache by then.
  node_id source = 0, dest = 0;
  bool tail = false;
};

}  // namespace weft::detail::flit
