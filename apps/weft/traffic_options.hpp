#pragma once
// The packet shape of `weft traffic` (flits per packet, flit size, cycle): the same options the
// flit network adds to the machine options. Each is added here only when the machine options
// have not added it already, and read from whichever option holds it, so the command works
// before and after the flit network's options exist and both always see the same packet.

#include <string>

#include "weft/traffic/params.hpp"

namespace CLI {
class App;
}

namespace weft::cli {

struct packet_shape_options {
  std::string packet_flits = "16", flit_size = "16B", cycle = "1ns";
};

/// Adds --packet-flits, --flit-size and --cycle to `sub` unless they are there already.
void add_packet_shape_options(CLI::App& sub, packet_shape_options& o);
/// The shape typed (or the defaults); throws std::invalid_argument naming a bad value.
traffic::packet_shape parse_packet_shape(const CLI::App& sub, const packet_shape_options& o);

}  // namespace weft::cli
