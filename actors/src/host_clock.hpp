#pragma once
// The wall-clock runtime's clock: nanoseconds since a start, read several times per message, so
// it must be cheap. steady_clock costs ~22 ns a read on this VM (a vDSO call), the CPU's
// time-stamp counter ~9 ns (docs/PERFORMANCE.md, "Wall clock"). The TSC is used only where the
// kernel itself keeps time with it (clocksource "tsc": invariant and synchronized across CPUs),
// scaled by a rate measured once per process against steady_clock; elsewhere steady_clock.

#include <x86intrin.h>

#include <chrono>
#include <cstdint>
#include <fstream>
#include <string>

namespace weft::detail {

class host_clock {
 public:
  host_clock() : ns_per_tick_(tsc_ns_per_tick()) {}

  /// Makes now time 0.
  void start() {
    steady_start_ = std::chrono::steady_clock::now();
    tsc_start_ = __rdtsc();
  }
  /// Nanoseconds since start().
  std::int64_t now_ns() const {
    if (ns_per_tick_ > 0) {
      // Signed and clamped: another CPU's counter may read a little behind the start, and an
      // unsigned difference would wrap to ~1.8e19, whose conversion to int64 is undefined.
      const auto ticks = static_cast<std::int64_t>(__rdtsc() - tsc_start_);
      return ticks <= 0 ? 0 : static_cast<std::int64_t>(static_cast<double>(ticks) * ns_per_tick_);
    }
    return std::chrono::duration_cast<std::chrono::nanoseconds>(std::chrono::steady_clock::now() - steady_start_).count();
  }
  bool uses_tsc() const { return ns_per_tick_ > 0; }

 private:
  /// The TSC's period in ns, or 0 when the kernel does not time with it. Measured once per
  /// process (a constant of the CPU, like its frequency) over 2 ms of spinning.
  static double tsc_ns_per_tick() {
    static const double period = [] {
      std::ifstream source("/sys/devices/system/clocksource/clocksource0/current_clocksource");
      std::string name;
      if (!(source >> name) || name != "tsc") return 0.0;
      const auto t0 = std::chrono::steady_clock::now();
      const auto c0 = __rdtsc();
      auto t1 = t0;
      while (t1 - t0 < std::chrono::milliseconds(2)) t1 = std::chrono::steady_clock::now();
      const auto c1 = __rdtsc();
      const double ns = std::chrono::duration<double, std::nano>(t1 - t0).count();
      return c1 > c0 ? ns / static_cast<double>(c1 - c0) : 0.0;
    }();
    return period;
  }

  double ns_per_tick_;
  std::chrono::steady_clock::time_point steady_start_{};
  std::uint64_t tsc_start_ = 0;
};

}  // namespace weft::detail
