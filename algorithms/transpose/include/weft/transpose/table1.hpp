#pragma once
// The figures Table 1 of seed 000 publishes for the algorithms (the lower bounds are in
// lower_bound.hpp): transfer time in units of τ and switching time in units of α.

#include <cstdint>
#include <optional>
#include <string_view>

#include "weft/transpose/lower_bound.hpp"

namespace weft::transpose {

struct paper_cost {
  fraction transfer;            ///< × τ
  std::int64_t switching = 0;   ///< × α
};

/// Table 1's figures for `algorithm` ("two-phase": N²/(2√P)·τ, 2(√P−1)·α for P <= N on both
/// machines; "bhuyan-agrawal": (N²/2P)(P−1)·τ, (P−1)·α on Illiac IV); nothing where the paper
/// gives none (N < P < N² is its open problem, and "direct" is ours).
std::optional<paper_cost> table1_cost(std::string_view algorithm, machine_kind k, const layout& l);

}  // namespace weft::transpose
