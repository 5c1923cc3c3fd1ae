#pragma once
// The cost model of a machine, in two parts: the host (what a PE's CPU pays) and the wire (what
// the network models). Every parameter is documented in docs/model.md.

#include <cstdint>
#include <functional>
#include <map>
#include <string>
#include <string_view>

#include "weft/units.hpp"

namespace weft {

enum class switching { store_and_forward, cut_through };
/// all_port: any number of injections and ejections at once; single_port: one injection and
/// one ejection at a time; single_send: one injection at a time (a node starts one transfer per
/// step, as a host with one DMA engine or one HCA does), any number of ejections.
enum class port_model { all_port, single_port, single_send };
/// When a message's packets ask for their first link: together (message) or one by one (packet).
enum class injection { message, packet };
/// Which of the wire's paths a message takes, by its size (docs/model.md, "Protocols"): the
/// short path (host_model::short_max), the eager path (host_model::eager_max), else the main one.
enum class wire_path : std::uint8_t { main_path, short_path, eager_path };

/// The host: what a PE's CPU pays to communicate and compute. PE code sees only this part.
struct host_model {
  vtime o_send{};        ///< CPU overhead charged to the sender per send
  vtime o_recv{};        ///< CPU overhead charged to the receiver per completed receive
  vtime gap{};           ///< g: minimum interval between two injections of one PE
  vtime poll{vtime::ns(10)};  ///< cost of a test() that finds its request incomplete
  flop_rate flops{};     ///< rate for compute(flops) and the arithmetic of compute(kernel)
  // The compute device's kernel model (compute(kernel), docs/model.md "Compute"): a kernel
  // costs kernel_overhead + max(flops / flops rate, bytes x memory_time), a roofline.
  byte_time memory_time{};  ///< time per byte of memory traffic (1 / memory bandwidth); 0: not modelled
  vtime kernel_overhead{};  ///< fixed cost of one kernel call (a GPU launch and its synchronisation)
  /// The kernel model in one line, as `weft cg` and `weft machines NAME` print it: "1310 Gflop/s,
  /// memory 180 GB/s, 5.000 us per kernel"; "none" when no part of it is set.
  std::string describe_compute() const;
  /// Protocol threshold (PEACH2-style PIO vs DMA): the host sends messages of at most
  /// `short_max` bytes by CPU stores, on the wire's short path (short_alpha, short_tau), and the
  /// rest by DMA (α, τ). -1: no short path.
  std::int64_t short_max = -1;
  bool uses_short_path(std::int64_t bytes) const { return short_max >= 0 && bytes <= short_max; }
  /// A second threshold, for a library with three protocols (MPI on GPU buffers beside a CPU
  /// short path: ha-pacs-ib-cg): a message above short_max of at most `eager_max` bytes takes
  /// the wire's eager path (eager_alpha, eager_tau). -1: no eager path.
  std::int64_t eager_max = -1;
  wire_path path_for(std::int64_t bytes) const {
    if (uses_short_path(bytes)) return wire_path::short_path;
    return eager_max >= 0 && bytes <= eager_max ? wire_path::eager_path : wire_path::main_path;
  }

  // ---- Collective library costs (seed 003, issue 13 §3; docs/model.md "Collective host costs").
  // What an MPI-style library's software path adds on top of its messages; charged as overhead
  // by weft::coll only (point-to-point calls never pay them). Zero by default, so a machine
  // without them times exactly as before.
  vtime coll_call{};        ///< per collective call: entry, argument checks, algorithm dispatch
  vtime coll_recv{};        ///< per message a collective receives: progress polling, matching, copy out
  byte_time reduce_tau{};   ///< the reduction operation's CPU time per byte of each combined operand
  // ---- end of collective library costs
};

/// The packet shape (docs/model.md, "The flit network"): how a message becomes packets of
/// flits. Shared, not the flit network's own: `weft traffic` sends packets of this shape on
/// every network.
struct flit_params {
  std::int64_t flit_bytes = 16;  ///< bytes one flit carries
  int packet_flits = 16;         ///< most flits in one packet (messages are split into packets)
  vtime cycle = vtime::ns(1);    ///< one router cycle (one clock of a packet source)
  friend bool operator==(const flit_params&, const flit_params&) = default;
};

/// A network's own parameters, by name (the flit network's "vcs", "buffer", ...). Each network
/// declares its own (name, unit, default, range, help: networks/<name>/, through the registry,
/// weft/detail/network_registry.hpp), which parses and checks them from the command line and
/// from presets; one not set here takes its declared default.
struct network_params {
  std::map<std::string, std::int64_t, std::less<>> values;
  /// The value set for `name`, else `fallback` (the network's declared default).
  std::int64_t get(std::string_view name, std::int64_t fallback) const {
    const auto it = values.find(name);
    return it == values.end() ? fallback : it->second;
  }
  void set(std::string name, std::int64_t value) { values[std::move(name)] = value; }
  friend bool operator==(const network_params&, const network_params&) = default;
};

/// The wire: links, switching, packets, ports, and the network that models them. Only the
/// network sees this part.
struct wire_model {
  vtime alpha{};         ///< α: start-up per message, paid once on its first link (path set-up)
  byte_time tau{};       ///< τ: time per byte on every link (1 / bandwidth)
  vtime hop_latency{};   ///< λ: latency added on every hop (wire + router)
  switching mode = switching::store_and_forward;
  std::int64_t mtu = 0;  ///< packet size in bytes; 0 = a message is one packet
  /// How a message's packets ask for their first link (docs/model.md, "Packets"): all at once,
  /// so they cross each link as one burst (`message`), or one at a time as a NIC injects them,
  /// so packets of messages that meet on a link interleave (`packet`).
  injection inject = injection::message;
  port_model ports = port_model::all_port;
  vtime short_alpha{};   ///< start-up of a message the host sends on the short path
  byte_time short_tau{}; ///< time per byte on the short path
  vtime eager_alpha{};   ///< start-up of a message on the eager path (host_model::eager_max)
  byte_time eager_tau{}; ///< time per byte on the eager path
  /// Start-up of each message after the first in a chained batch (isend_chain): one command
  /// starts many DMA descriptors, each costing only this.
  vtime chain_alpha{};
  /// Which network carries the messages (the networks/ registry, weft/detail/network_registry.hpp),
  /// chosen with --network or a preset's `network` key; empty: the registry's default, which a
  /// machine names once it is built (machine::model().network is never empty).
  std::string network;
  flit_params flit;       ///< the packet shape
  network_params params;  ///< the chosen network's own parameters

  /// Start-up of a message on `path` (`chained`: not the first of a chained batch; only the main
  /// path chains, as only DMA descriptors do).
  vtime setup_for(wire_path path, bool chained) const {
    if (path == wire_path::short_path) return short_alpha;
    if (path == wire_path::eager_path) return eager_alpha;
    return chained ? chain_alpha : alpha;
  }
  const byte_time& tau_for(wire_path path) const {
    return path == wire_path::short_path ? short_tau : path == wire_path::eager_path ? eager_tau : tau;
  }
};

/// A machine's cost model: its hosts' part and its wire's part (docs/model.md). Named
/// link_model until November 2026 (it always held the host's costs too); that name stays as a
/// deprecated alias.
struct cost_model : host_model, wire_model {
  const host_model& host() const { return *this; }
  const wire_model& wire() const { return *this; }

  /// Throws std::invalid_argument naming the first bad field of what every network shares (the
  /// network's own parameters are checked by the network: weft/detail/network_registry.hpp).
  void validate() const;
  /// One-line human description of the message-level costs ("α=1us τ=250ps/B λ=50ns ...
  /// store-and-forward, all-port"); a machine's, as its network reads it, is
  /// detail::describe_model (the network registry).
  std::string describe(bool ticks = false) const;
  /// ", collectives: call=... recv=... reduce=..."; "" when every collective cost is zero.
  std::string describe_collective(bool ticks) const;
};

using link_model [[deprecated("weft::link_model is now weft::cost_model (weft/cost_model.hpp)")]] = cost_model;

std::string to_string(switching s);
std::string to_string(port_model p);
std::string to_string(injection i);
injection parse_injection(std::string_view text);
switching parse_switching(std::string_view text);
port_model parse_port_model(std::string_view text);

}  // namespace weft
