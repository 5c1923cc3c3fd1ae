#pragma once
// The random numbers of a traffic schedule. std::mt19937_64 is specified bit for bit by the
// standard; the standard distributions are not (each library draws differently), so the
// conversions to [0, 1) and to 0 .. n-1 are written here: a seed gives the same schedule with
// any compiler, library and worker count.

#include <array>
#include <cmath>
#include <cstddef>
#include <cstdint>

namespace weft::traffic {

/// splitmix64's finaliser: spreads (seed, stream) into unrelated mt19937_64 seeds.
constexpr std::uint64_t splitmix64(std::uint64_t x) {
  x += 0x9e3779b97f4a7c15ULL;
  x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ULL;
  x = (x ^ (x >> 27)) * 0x94d049bb133111ebULL;
  return x ^ (x >> 31);
}

/// std::mt19937_64's sequence bit for bit (the standard specifies the engine: seeding, twist and
/// tempering), made a block of 312 outputs at a time, where the library's engine tempers one
/// output per call: a schedule draws once per node and cycle, and the draws were a tenth of the
/// instructions of a light-load run.
class mt19937_64_blocks {
 public:
  explicit mt19937_64_blocks(std::uint64_t seed) {
    state_[0] = seed;
    for (std::size_t i = 1; i < n; ++i)
      state_[i] = 6364136223846793005ULL * (state_[i - 1] ^ (state_[i - 1] >> 62)) + i;
  }
  std::uint64_t operator()() {
    if (next_ == n) [[unlikely]] refill();
    return out_[next_++];
  }

 private:
  static constexpr std::size_t n = 312, m = 156;
  static constexpr std::uint64_t upper = ~std::uint64_t{0} << 31, lower = ~upper, a = 0xb5026f5aa96619e9ULL;
  /// x[k]'s twist from x[k], x[k + 1] and x[k + m] (indices mod n).
  static std::uint64_t twist(std::uint64_t k0, std::uint64_t k1, std::uint64_t km) {
    const std::uint64_t y = (k0 & upper) | (k1 & lower);
    return km ^ (y >> 1) ^ ((0 - (y & 1)) & a);
  }
  void refill() {
    std::uint64_t* x = state_.data();
    for (std::size_t k = 0; k < n - m; ++k) x[k] = twist(x[k], x[k + 1], x[k + m]);
    for (std::size_t k = n - m; k < n - 1; ++k) x[k] = twist(x[k], x[k + 1], x[k - (n - m)]);
    x[n - 1] = twist(x[n - 1], x[0], x[m - 1]);
    for (std::size_t k = 0; k < n; ++k) {
      std::uint64_t z = x[k];
      z ^= (z >> 29) & 0x5555555555555555ULL;
      z ^= (z << 17) & 0x71d67fffeda60000ULL;
      z ^= (z << 37) & 0xfff7eee000000000ULL;
      out_[k] = z ^ (z >> 43);
    }
    next_ = 0;
  }

  std::array<std::uint64_t, n> state_, out_;
  std::size_t next_ = n;
};

/// One source node's stream: its own generator, so the schedule does not depend on the order
/// nodes are drawn in.
class random_stream {
 public:
  random_stream(std::uint64_t seed, std::uint64_t stream) : gen_(splitmix64(splitmix64(seed) ^ stream)) {}
  /// Uniform on [0, 1), 53 bits.
  double unit() { return static_cast<double>(gen_() >> 11) * 0x1.0p-53; }
  /// unit() < p, drawing the same number, compared as an integer: unit() is k * 2^-53 for the
  /// 53-bit k, and k * 2^-53 < p exactly when k < ceil(p * 2^53) (a product by a power of two,
  /// exact). A schedule draws once per node and cycle.
  class below_threshold {
   public:
    explicit below_threshold(double p) : bound_(p >= 1 ? std::uint64_t{1} << 53 : p <= 0 ? 0 : static_cast<std::uint64_t>(std::ceil(p * 0x1.0p53))) {}
    std::uint64_t bound() const { return bound_; }

   private:
    std::uint64_t bound_;
  };
  bool unit_below(const below_threshold& p) { return (gen_() >> 11) < p.bound(); }
  /// Uniform on 0 .. n-1 (n >= 1), by rejection: exactly uniform.
  std::uint64_t below(std::uint64_t n) {
    const std::uint64_t limit = UINT64_MAX - UINT64_MAX % n;
    std::uint64_t x = gen_();
    while (x >= limit) x = gen_();
    return x % n;
  }

 private:
  mt19937_64_blocks gen_;
};

}  // namespace weft::traffic
