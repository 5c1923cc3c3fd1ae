#include "weft/topo/srt_network.hpp"

#include <bit>
#include <stdexcept>
#include <string>

namespace weft::topo {

int srt_level(std::uint32_t u, int n, int T) {
  u &= (1u << n) - 1u;
  // l <= T: (u - 2^(l-1)) mod 2^l == 0 means u has exactly l-1 trailing zeros.
  if (u != 0 && std::countr_zero(u) < T) return std::countr_zero(u) + 1;
  // Otherwise u is a multiple of 2^T and l = T+1 is the smallest match (if within 1..n).
  return T + 1 <= n ? T + 1 : 0;
}

int srt_find_med_level(int sp) {
  if (sp <= 2) return 0;
  int l = std::bit_width(static_cast<unsigned>(sp));  // int(log2(sp)) + 1
  int x1 = 1 << (l - 1);
  int x2 = x1 * 2;  // x1 <= sp < x2
  if (x2 - sp <= sp - x1) ++l;
  int c = 0;  // floor((sqrt(8l+1) - 1) / 2): the largest c with c(c+1)/2 <= l
  while ((c + 1) * (c + 2) / 2 <= l) ++c;
  return l - c;
}

namespace {

/// Smallest o >= 0 with a*o == c (mod m), m a power of two; -1 if there is none.
long long solve_pow2(long long a, long long c, long long m) {
  a = ((a % m) + m) % m;
  c = ((c % m) + m) % m;
  if (a == 0) return c == 0 ? 0 : -1;
  long long g = a & -a;  // gcd(a, m): a power of two below m
  if (c % g != 0) return -1;
  long long mm = m / g;
  auto odd = static_cast<std::uint64_t>(a / g);
  std::uint64_t inv = odd;  // Newton iteration: inverse of an odd number mod 2^64
  for (int i = 0; i < 6; ++i) inv *= 2 - odd * inv;
  auto o = (static_cast<std::uint64_t>(c / g) * inv) & static_cast<std::uint64_t>(mm - 1);
  return static_cast<long long>(o);
}

}  // namespace

int srt_ring::level(int p) const {
  auto u = static_cast<std::uint32_t>(static_cast<long long>(coef) * p + shift);
  return srt_level(u, n, T);
}

int srt_ring::max_level() const { return std::min(T + 1, n - 1); }

int srt_ring::first_of_level(int p, int dir, int lvl) const {
  if (lvl < 1 || lvl > n) return -1;
  // level(u) == lvl  <=>  u == r (mod m) with m = 2^min(lvl, T), r = 2^(lvl-1) mod m.
  long long m = 1LL << std::min(lvl, T);
  if (lvl == T + 1 && lvl > n) return -1;
  long long r = (1LL << (lvl - 1)) % m;
  // coef*(p + dir*o) + shift == r  <=>  (coef*dir)*o == r - coef*p - shift  (mod m)
  long long o = solve_pow2(static_cast<long long>(coef) * dir,
                           r - static_cast<long long>(coef) * p - shift, m);
  if (o < 0) return -1;
  // Levels above T+1 never win "smallest l"; a solution there is not a node of that level.
  return level(((p + dir * static_cast<int>(o)) % size() + size()) % size()) == lvl ? static_cast<int>(o) : -1;
}

void check_srt_parameters(const std::string& spec, int n, int T, int sx, int max_n) {
  if (n < 1 || n > max_n)
    throw std::invalid_argument("topology '" + spec + "': n = " + std::to_string(n) +
                                " must be between 1 and " + std::to_string(max_n) + " (2^n nodes per ring)");
  if (T < 1 || T > n)
    throw std::invalid_argument("topology '" + spec + "': T = " + std::to_string(T) +
                                " must be between 1 and n = " + std::to_string(n) +
                                " (n basic, n-2 LongSpan, n-3 ShortSpan)");
  if (sx < 0 || sx >= (1 << n))
    throw std::invalid_argument("topology '" + spec + "': s_x = " + std::to_string(sx) +
                                " must be between 0 and 2^n - 1 = " + std::to_string((1 << n) - 1));
}

srt_network::srt_network(std::string spec, int dims, int n, int T, int sx)
    : topology(std::move(spec), static_cast<node_id>(1) << (n * dims)), dims_(dims), n_(n), T_(T), sx_(sx) {}

int srt_network::position(node_id node, int axis) const { return axis == 0 ? node & (side() - 1) : node >> n_; }

node_id srt_network::with_position(node_id node, int axis, int p) const {
  return axis == 0 ? (node & ~(side() - 1)) | p : (p << n_) | (node & (side() - 1));
}

int srt_network::level(node_id node) const {
  auto u = static_cast<std::uint32_t>(position(node, 0) + sx_ * (dims_ > 1 ? position(node, 1) : 0));
  return srt_level(u, n_, T_);
}

srt_ring srt_network::ring(node_id node, int axis) const {
  if (axis == 0) return {n_, T_, 1, dims_ > 1 ? sx_ * position(node, 1) : 0};
  return {n_, T_, sx_, position(node, 0)};
}

link_id srt_network::link_toward(node_id node, int axis, int dir, bool bypass) const {
  auto slot = (static_cast<std::size_t>(node) * static_cast<std::size_t>(dims_) + static_cast<std::size_t>(axis)) * 4 +
              (bypass ? 2u : 0u) + (dir > 0 ? 0u : 1u);
  return slots_[slot];
}

void srt_network::build() {
  const int N = side();
  // Link labels: dimension = level (0 for ring links), direction = ±1 along the axis. Ring links
  // go first, so out_links() lists them before the bypass links.
  for (node_id v = 0; v < node_count(); ++v)
    for (int axis = 0; axis < dims_; ++axis) {
      int p = position(v, axis);
      add_link(v, with_position(v, axis, (p + 1) % N), 0, +1);
      add_link(v, with_position(v, axis, (p - 1 + N) % N), 0, -1);
    }
  for (node_id v = 0; v < node_count(); ++v) {
    int l = level(v);
    if (l < 1 || l >= n_) continue;  // level 0 has no bypass; span 2^n would be a self-loop
    for (int axis = 0; axis < dims_; ++axis) {
      int p = position(v, axis);
      add_link(v, with_position(v, axis, (p + (1 << l)) % N), l, +1);
      add_link(v, with_position(v, axis, (p - (1 << l) + N) % N), l, -1);
    }
  }
  finalize();
  slots_.assign(static_cast<std::size_t>(node_count()) * static_cast<std::size_t>(dims_) * 4, -1);
  for (node_id v = 0; v < node_count(); ++v)
    for (int axis = 0; axis < dims_; ++axis) {
      int p = position(v, axis);
      int l = level(v);
      int span = (l >= 1 && l < n_) ? 1 << l : 0;
      auto base = (static_cast<std::size_t>(v) * static_cast<std::size_t>(dims_) + static_cast<std::size_t>(axis)) * 4;
      auto set = [&](std::size_t k, int q) {
        if (auto l2 = find_link(v, with_position(v, axis, ((q % N) + N) % N))) slots_[base + k] = *l2;
      };
      set(0, p + 1);
      set(1, p - 1);
      if (span) {
        set(2, p + span);
        set(3, p - span);
      }
    }
}

}  // namespace weft::topo
