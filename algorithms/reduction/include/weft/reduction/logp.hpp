#pragma once
// The LogP-optimal summation bound (Karp, Sahay, Santos & Schauser, "Optimal broadcast and
// summation in the LogP model", SPAA 1993), re-derived for the comparison in docs/reduction.md.
//
// LogP: a message costs its sender o, travels L, costs its receiver o; one addition takes
// `add`; unlimited processors; the gap g is assumed ≤ o + add (receptions at one processor are
// then never closer than g). Working backwards from the root's last addition, which adds either a
// local operand or a partial sum received just before it (the receiver spends o, the sender had
// finished L + 2o earlier):
//
//   S(t) = 1                                                  t < add
//   S(t) = max(S(t−add) + 1,  S(t−add−o) + S(t−add−2o−L))     t ≥ add (second term if t ≥ add+2o+L)
//
// With o = 0 this is S(t) = S(t−add) + S(t−add−L): the postal-model Fibonacci recurrence and
// exactly the delay-aware capacity F for i = 2, L = m, add = n.

#include <cstdint>
#include <vector>

namespace weft::reduction {

struct logp_params {
  std::int64_t latency = 1;   ///< L
  std::int64_t overhead = 0;  ///< o, paid by sender and receiver
  std::int64_t add = 1;       ///< time of one binary addition
};

/// S(t) for t = 0..t_max (saturating at 2^62).
std::vector<std::int64_t> logp_summation_capacity(std::int64_t t_max, const logp_params& p);
/// min{t : S(t) ≥ K}: the fewest steps in which LogP can sum K operands.
std::int64_t logp_summation_time(std::int64_t items, const logp_params& p);

}  // namespace weft::reduction
