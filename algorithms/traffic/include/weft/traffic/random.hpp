#pragma once
// The random numbers of a traffic schedule. std::mt19937_64 is specified bit for bit by the
// standard; the standard distributions are not (each library draws differently), so the
// conversions to [0, 1) and to 0 .. n-1 are written here: a seed gives the same schedule with
// any compiler, library and worker count.

#include <cstdint>
#include <random>

namespace weft::traffic {

/// splitmix64's finaliser: spreads (seed, stream) into unrelated mt19937_64 seeds.
constexpr std::uint64_t splitmix64(std::uint64_t x) {
  x += 0x9e3779b97f4a7c15ULL;
  x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ULL;
  x = (x ^ (x >> 27)) * 0x94d049bb133111ebULL;
  return x ^ (x >> 31);
}

/// One source node's stream: its own generator, so the schedule does not depend on the order
/// nodes are drawn in.
class random_stream {
 public:
  random_stream(std::uint64_t seed, std::uint64_t stream) : gen_(splitmix64(splitmix64(seed) ^ stream)) {}
  /// Uniform on [0, 1), 53 bits.
  double unit() { return static_cast<double>(gen_() >> 11) * 0x1.0p-53; }
  /// Uniform on 0 .. n-1 (n >= 1), by rejection: exactly uniform.
  std::uint64_t below(std::uint64_t n) {
    const std::uint64_t limit = UINT64_MAX - UINT64_MAX % n;
    std::uint64_t x = gen_();
    while (x >= limit) x = gen_();
    return x % n;
  }

 private:
  std::mt19937_64 gen_;
};

}  // namespace weft::traffic
