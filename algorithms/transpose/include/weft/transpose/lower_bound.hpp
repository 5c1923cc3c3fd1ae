#pragma once
// The transfer-time lower bound of seed 000, §3: every element x must cross at least
// L(s(x), d(x)) links and at most P unit transfers happen at once, so
//   u_LB = Σ_x L(s(x), d(x)),   t_LB = (u_LB / P)·τ.
// Closed forms (3.1)–(3.4) and the sum itself are both here so the tests can hold one against the
// other for both layouts.

#include <cstdint>
#include <iosfwd>
#include <string>

#include "weft/transpose/layout.hpp"

namespace weft::transpose {

/// An exact non-negative fraction num/den in lowest terms (t_LB is not always an integer).
struct fraction {
  std::int64_t num = 0;
  std::int64_t den = 1;

  static fraction of(std::int64_t num, std::int64_t den);
  double value() const { return static_cast<double>(num) / static_cast<double>(den); }
  bool operator==(const fraction&) const = default;
  /// "4032" or "4032/16"-style text, reduced.
  std::string str() const;
  /// The exact decimal ("0.5", "716.8") when it has one of at most 18 places, else str().
  std::string decimal() const;
};
std::ostream& operator<<(std::ostream& out, const fraction& f);

/// L(a, b) between PEs a and b of the machine with side √P: (2.3) for Illiac IV, L_P + L_P (2.6)
/// for PAX.
int distance(machine_kind k, int side, int a, int b);

/// u_LB from the paper's closed forms: (3.1)/(3.2) for P <= N, (3.3)/(3.4) for N < P < N².
std::int64_t unit_transfers_closed_form(machine_kind k, const layout& l);
/// u_LB by summing L(s(x), d(x)) over every element of the matrix.
std::int64_t unit_transfers_summed(machine_kind k, const layout& l);

/// t_LB in units of τ: u_LB / P.
fraction lower_bound(machine_kind k, const layout& l);

}  // namespace weft::transpose
