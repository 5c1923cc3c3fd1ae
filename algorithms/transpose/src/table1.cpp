#include "weft/transpose/table1.hpp"

namespace weft::transpose {

std::optional<paper_cost> table1_cost(std::string_view algorithm, machine_kind k, const layout& l) {
  if (!l.whole_rows()) return std::nullopt;
  const std::int64_t n2 = l.n() * l.n(), q = l.side(), p = l.pes();
  if (algorithm == "two-phase") return paper_cost{fraction::of(n2, 2 * q), 2 * (q - 1)};
  if (algorithm == "bhuyan-agrawal" && k == machine_kind::illiac)
    return paper_cost{fraction::of(n2 * (p - 1), 2 * p), p - 1};
  return std::nullopt;
}

}  // namespace weft::transpose
