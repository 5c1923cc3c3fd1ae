#pragma once
// The random numbers of a traffic schedule. std::mt19937_64 is specified bit for bit by the
// standard; the standard distributions are not (each library draws differently), so the
// conversions to [0, 1) and to 0 .. n-1 are written here: a seed gives the same schedule with
// any compiler, library and worker count.

#include <algorithm>
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

/// std::mt19937_64's next block: its 312 words of state `x` twisted in place, and their 312
/// tempered outputs in `out` (random.cpp: on x86-64 also built for AVX2, chosen as the program
/// loads, where it takes half the instructions of SSE2).
void mt19937_64_refill(std::uint64_t* x, std::uint64_t* out);
/// The first i in [from, end) with out[i] >> 11 below `bound`, or `end` (random.cpp: two at a
/// time with SSE2, four with AVX2 where the processor has it).
std::size_t first_below(const std::uint64_t* out, std::size_t from, std::size_t end, std::uint64_t bound);

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
  /// Draws until one's top 53 bits (x >> 11) are below `bound`, at most `most` draws: how many
  /// came before it (it is drawn too), or `most` when none of them was (0: nothing drawn).
  std::uint64_t draws_before_below(std::uint64_t bound, std::uint64_t most) {
    std::uint64_t drawn = 0;
    for (;;) {
      if (next_ == n) refill();
      const std::size_t from = next_, end = from + static_cast<std::size_t>(std::min<std::uint64_t>(n - from, most - drawn));
      const std::size_t i = first_below(out_.data(), from, end, bound);
      drawn += i - from;
      if (i < end) {
        next_ = i + 1;
        return drawn;
      }
      next_ = i;
      if (drawn == most) return most;
    }
  }

 private:
  static constexpr std::size_t n = 312, m = 156;
  void refill() {
    mt19937_64_refill(state_.data(), out_.data());
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
  /// How many unit_below(p) would answer false before the first true (drawing that one too),
  /// at most `most`: `most` when all of them would (0: nothing drawn, the schedule's last cycle
  /// done). A schedule's node finds its next packet so, without a call per cycle.
  std::uint64_t draws_before(const below_threshold& p, std::uint64_t most) { return gen_.draws_before_below(p.bound(), most); }
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
