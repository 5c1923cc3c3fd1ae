// What compute(flops) and compute(kernel) charge (weft/pe_backend.hpp): one conversion for every
// backend, so a program's compute costs the same on the emulator and when MPI ranks spin for it.
#include <cstdio>
#include <stdexcept>
#include <string>

#include "weft/detail/checked_time.hpp"
#include "weft/pe_backend.hpp"

namespace weft {

namespace {

[[noreturn, gnu::cold]] void throw_flops_overflow(double count) {
  char text[32];
  std::snprintf(text, sizeof text, "%g", count);
  throw std::overflow_error("virtual time overflow: compute(flops{" + std::string(text) +
                            "}) takes longer than the latest virtual time, " + latest_time_text());
}

}  // namespace

vtime compute_time(const host_model& h, flops f) {
  const auto rate = h.flops.per_second;
  if (rate <= 0)
    throw std::invalid_argument("compute(flops) needs a flop rate: give the machine --flops RATE");
  if (f.count < 0) throw std::invalid_argument("compute: negative flop count");
  const double ps = f.count / rate * 1e12 + 0.5;
  if (!(ps < static_cast<double>(latest_time.ps)))  // also NaN; the cast below would be undefined
    throw_flops_overflow(f.count);
  return vtime{static_cast<std::int64_t>(ps)};
}

vtime compute_time(const host_model& h, kernel k) {
  if (!(k.flops >= 0) || !(k.bytes >= 0))
    throw std::invalid_argument("compute(kernel): flops and bytes must be >= 0");
  if (k.flops > 0 && h.flops.per_second <= 0)
    throw std::invalid_argument("compute(kernel) needs a flop rate: give the machine --flops RATE");
  if (k.bytes > 0 && h.memory_time.num == 0)
    throw std::invalid_argument("compute(kernel) needs a memory bandwidth: give the machine --memory-bandwidth RATE");
  // Each part rounded as compute(flops) and the wire's τ round theirs, so closed forms hold.
  const double arithmetic = k.flops > 0 ? k.flops / h.flops.per_second * 1e12 + 0.5 : 0;
  if (!(arithmetic < static_cast<double>(latest_time.ps))) throw_flops_overflow(k.flops);
  const vtime memory = h.memory_time.serialize(k.bytes);
  const vtime longer = max(vtime{static_cast<std::int64_t>(arithmetic)}, memory);
  return detail::checked_add(h.kernel_overhead, longer, "compute(kernel)");
}

}  // namespace weft
