// std::mt19937_64's block (random.hpp): a schedule draws once per node and cycle, so making the
// outputs is most of drawing one. The loops vectorise (-O3); on x86-64 a second copy is built
// for AVX2 and the loader picks it where the processor has it (GCC's target_clones: an ifunc).
#include "weft/traffic/random.hpp"

#include <bit>
#if defined(__x86_64__) && defined(__GNUC__) && !defined(__clang__)
#include <immintrin.h>
#endif

namespace weft::traffic {

namespace {

constexpr std::size_t n = 312, m = 156;
constexpr std::uint64_t upper = ~std::uint64_t{0} << 31, lower = ~upper, a = 0xb5026f5aa96619e9ULL;

/// first_below one draw at a time: where no vector unit is known, and after the last whole vector.
std::size_t first_below_each(const std::uint64_t* out, std::size_t from, std::size_t end, std::uint64_t bound) {
  std::size_t i = from;
  while (i < end && (out[i] >> 11) >= bound) ++i;
  return i;
}

/// x[k]'s twist from x[k], x[k + 1] and x[k + m] (indices mod n).
inline std::uint64_t twist(std::uint64_t k0, std::uint64_t k1, std::uint64_t km) {
  const std::uint64_t y = (k0 & upper) | (k1 & lower);
  return km ^ (y >> 1) ^ ((0 - (y & 1)) & a);
}

}  // namespace

#if defined(__x86_64__) && defined(__GNUC__) && !defined(__clang__)
__attribute__((target_clones("avx2", "default")))
#endif
void mt19937_64_refill(std::uint64_t* __restrict x, std::uint64_t* __restrict out) {
  for (std::size_t k = 0; k < n - m; ++k) x[k] = twist(x[k], x[k + 1], x[k + m]);
  for (std::size_t k = n - m; k < n - 1; ++k) x[k] = twist(x[k], x[k + 1], x[k - (n - m)]);
  x[n - 1] = twist(x[n - 1], x[0], x[m - 1]);
  for (std::size_t k = 0; k < n; ++k) {
    std::uint64_t z = x[k];
    z ^= (z >> 29) & 0x5555555555555555ULL;
    z ^= (z << 17) & 0x71d67fffeda60000ULL;
    z ^= (z << 37) & 0xfff7eee000000000ULL;
    out[k] = z ^ (z >> 43);
  }
}

#if defined(__x86_64__) && defined(__GNUC__) && !defined(__clang__)
namespace {

// out[i] >> 11 is below 2^53 and `bound` at most 2^53: (out[i] >> 11) - bound is negative, its
// sign bit set, exactly when it is below. movemask gathers the sign bits of two (SSE2, every
// x86-64) or four (AVX2) draws; the first set bit is the first draw below.
std::size_t first_below_sse2(const std::uint64_t* out, std::size_t from, std::size_t end, std::uint64_t bound) {
  const __m128i b = _mm_set1_epi64x(static_cast<long long>(bound));
  std::size_t i = from;
  for (; i + 2 <= end; i += 2) {
    const __m128i v = _mm_srli_epi64(_mm_loadu_si128(reinterpret_cast<const __m128i*>(out + i)), 11);
    if (const int below = _mm_movemask_pd(_mm_castsi128_pd(_mm_sub_epi64(v, b))); below != 0)
      return i + static_cast<std::size_t>(std::countr_zero(static_cast<unsigned>(below)));
  }
  return first_below_each(out, i, end, bound);
}

__attribute__((target("avx2"))) std::size_t first_below_avx2(const std::uint64_t* out, std::size_t from,
                                                            std::size_t end, std::uint64_t bound) {
  const __m256i b = _mm256_set1_epi64x(static_cast<long long>(bound));
  std::size_t i = from;
  for (; i + 4 <= end; i += 4) {
    const __m256i v = _mm256_srli_epi64(_mm256_loadu_si256(reinterpret_cast<const __m256i*>(out + i)), 11);
    if (const int below = _mm256_movemask_pd(_mm256_castsi256_pd(_mm256_sub_epi64(v, b))); below != 0)
      return i + static_cast<std::size_t>(std::countr_zero(static_cast<unsigned>(below)));
  }
  return first_below_each(out, i, end, bound);
}

using finder = std::size_t (*)(const std::uint64_t*, std::size_t, std::size_t, std::uint64_t);

/// AVX2's where the processor has it. (Chosen here, once: GCC's multiversioning of one name
/// chooses only at calls that see every version, and the schedule's call sees a declaration.)
finder choose_first_below() {
  __builtin_cpu_init();
  return __builtin_cpu_supports("avx2") ? first_below_avx2 : first_below_sse2;
}

}  // namespace

std::size_t first_below(const std::uint64_t* out, std::size_t from, std::size_t end, std::uint64_t bound) {
  static const finder chosen = choose_first_below();
  return chosen(out, from, end, bound);
}
#else
std::size_t first_below(const std::uint64_t* out, std::size_t from, std::size_t end, std::uint64_t bound) {
  return first_below_each(out, from, end, bound);
}
#endif

}  // namespace weft::traffic
