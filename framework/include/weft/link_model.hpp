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
  /// Which network carries the messages (weft/detail/network.hpp registry): "message" (links as
  /// FIFO resources, the costs above). Chosen with --network or a preset's `network` key.
  std::string network = "message";

  // Protocol model (PEACH2-style PIO vs DMA): messages of at most `short_max` bytes take the
  // short path (CPU stores: low start-up, low bandwidth) instead of the bulk path (α, τ).
  std::int64_t short_max = -1;  ///< -1: no short path
  vtime short_alpha{};
  byte_time short_tau{};
  /// Start-up of each message after the first in a chained batch (isend_chain): one command
  /// starts many DMA descriptors, each costing only this.
  vtime chain_alpha{};

  /// α and τ of a message of `bytes` (short or bulk path; `chained` = not first in a chain).
  vtime setup_for(std::int64_t bytes, bool chained) const {
    if (uses_short_path(bytes)) return short_alpha;
    return chained ? chain_alpha : alpha;
  }
  const byte_time& tau_for(std::int64_t bytes) const { return uses_short_path(bytes) ? short_tau : tau; }
  bool uses_short_path(std::int64_t bytes) const { return short_max >= 0 && bytes <= short_max; }

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
