#include "weft/transpose/lower_bound.hpp"

#include <numeric>
#include <ostream>

#include "weft/topo/mesh_distances.hpp"

namespace weft::transpose {

fraction fraction::of(std::int64_t num, std::int64_t den) {
  auto g = std::gcd(num, den);
  if (g == 0) return {0, 1};
  return {num / g, den / g};
}

std::string fraction::str() const {
  return den == 1 ? std::to_string(num) : std::to_string(num) + "/" + std::to_string(den);
}

std::string fraction::decimal() const {
  // The fewest places k with den dividing 10^k; none (den has a factor other than 2 and 5): str().
  if (num % den == 0) return std::to_string(num / den);
  std::int64_t scale = 1;
  int places = 0;
  while (scale % den != 0) {
    if (places == 18) return str();
    scale *= 10;
    ++places;
  }
  std::string text = std::to_string(num / den);
  if (places == 0) return text;
  std::string digits = std::to_string((num % den) * (scale / den));  // below 10^places: fits
  digits.insert(0, static_cast<std::size_t>(places) - digits.size(), '0');
  while (digits.back() == '0') digits.pop_back();
  return text + "." + digits;
}

std::ostream& operator<<(std::ostream& out, const fraction& f) { return out << f.str(); }

int distance(machine_kind k, int side, int a, int b) {
  if (k == machine_kind::illiac) return topo::illiac_distance(side * side, b - a);
  return topo::pax_axis_distance(side, b / side - a / side) + topo::pax_axis_distance(side, b % side - a % side);
}

std::int64_t unit_transfers_closed_form(machine_kind k, const layout& l) {
  const std::int64_t n2 = l.n() * l.n(), q = l.side();
  // u_LB = P·t_LB: N²√P/2 for PAX in both layouts (3.2, 3.4); Illiac IV loses N²/(2√P) when
  // P <= N (3.1) and N√P/4 when N < P < N² (3.3). All terms are integers in these ranges.
  const std::int64_t pax = n2 * q / 2;
  if (k == machine_kind::pax) return pax;
  return l.whole_rows() ? pax - n2 / (2 * q) : pax - l.n() * q / 4;
}

std::int64_t unit_transfers_summed(machine_kind k, const layout& l) {
  // Distances depend only on the PE pair; tabulate them once from PE 0 for Illiac IV (a
  // circulant graph) to keep the sum over N² elements cheap.
  const int p = l.pes(), q = l.side();
  std::vector<int> illiac_from_zero;
  if (k == machine_kind::illiac)
    for (int d = 0; d < p; ++d) illiac_from_zero.push_back(distance(k, q, 0, d));
  auto dist = [&](int a, int b) {
    return k == machine_kind::illiac ? illiac_from_zero[static_cast<std::size_t>(((b - a) % p + p) % p)]
                                     : distance(k, q, a, b);
  };
  std::int64_t sum = 0;
  for (std::int64_t r = 0; r < l.n(); ++r)
    for (std::int64_t c = 0; c < l.n(); ++c) sum += dist(l.owner(r, c), l.owner(c, r));
  return sum;
}

fraction lower_bound(machine_kind k, const layout& l) { return fraction::of(unit_transfers_closed_form(k, l), l.pes()); }

}  // namespace weft::transpose
