#pragma once
// What a traffic run is: how long, how much is measured, how big a packet is and how long a
// cycle lasts. The packet shape (packet_flits, flit_bytes, cycle) is the one the flit network
// has too; weft traffic reads it from the same options so both networks see the same packets.

#include <cstdint>
#include <string>
#include <vector>

#include "weft/units.hpp"

namespace weft::traffic {

/// A packet's size and the clock: one place, so the flit network's options can feed it.
struct packet_shape {
  int packet_flits = 16;          ///< flits per packet (seed 002: 16)
  std::int64_t flit_bytes = 16;   ///< bytes per flit
  vtime cycle = vtime::ns(1);     ///< one clock
  std::int64_t packet_bytes() const { return static_cast<std::int64_t>(packet_flits) * flit_bytes; }
  /// Throws std::invalid_argument naming the first bad field.
  void validate() const;
};

/// The longest run (cycles) a traffic command accepts.
inline constexpr std::int64_t max_cycles = 1'000'000'000;

struct params {
  std::int64_t cycles = 10000;  ///< packets are created in cycles [0, cycles)
  std::int64_t warmup = 1000;   ///< those created in [warmup, cycles) are measured
  std::uint64_t seed = 1;
  packet_shape shape;
  /// Cycles: the average packet latency a load may reach and still count below saturation, for
  /// the latency-threshold figure (estimate_saturation_by_latency); BookSim's `latency_thres`.
  double latency_threshold = 500;
  /// Throws std::invalid_argument for cycles < 1, warmup outside [0, cycles), a bad shape or a
  /// run whose last creation time passes the virtual clock.
  void validate() const;
};

/// "0.01:0.15:0.01" (LO:HI:STEP), "0.05" or "0.01,0.05,0.1": loads in flits/node/cycle, each
/// in (0, 1]. Throws std::invalid_argument naming the bad part.
std::vector<double> parse_loads(const std::string& text);

/// "500": --latency-threshold, a finite number of cycles above 0. Throws std::invalid_argument
/// naming the value and what is allowed.
double parse_latency_threshold(const std::string& text);

}  // namespace weft::traffic
