#pragma once
// The message-level link model. Every parameter is documented in docs/model.md.

#include <cstdint>
#include <string>

#include "weft/units.hpp"

namespace weft {

enum class switching { store_and_forward, cut_through };
enum class port_model { all_port, single_port };

struct link_model {
  vtime alpha{};         ///< α: start-up per message, paid once on its first link (path set-up)
  byte_time tau{};       ///< τ: time per byte on every link (1 / bandwidth)
  vtime hop_latency{};   ///< λ: latency added on every hop (wire + router)
  vtime o_send{};        ///< CPU overhead charged to the sender per send
  vtime o_recv{};        ///< CPU overhead charged to the receiver per completed receive
  vtime gap{};           ///< g: minimum interval between two injections of one PE
  vtime poll{vtime::ns(10)};  ///< cost of a test() that finds its request incomplete
  switching mode = switching::store_and_forward;
  std::int64_t mtu = 0;  ///< packet size in bytes; 0 = a message is one packet
  port_model ports = port_model::all_port;
  flop_rate flops{};     ///< rate for compute(flops)

  /// Throws std::invalid_argument naming the first bad field.
  void validate() const;
  /// One-line human description ("α=1us τ=250ps/B λ=50ns ... store-and-forward, all-port").
  std::string describe(bool ticks = false) const;
};

std::string to_string(switching s);
std::string to_string(port_model p);
switching parse_switching(std::string_view text);
port_model parse_port_model(std::string_view text);

}  // namespace weft
