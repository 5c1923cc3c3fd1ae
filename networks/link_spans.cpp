#include "weft/detail/link_spans.hpp"

#include <algorithm>

namespace weft::detail {

void add_link_spans(report& r, const std::vector<std::vector<link_span>>& per_partition) {
  std::vector<link_span> all;
  for (const auto& part : per_partition) all.insert(all.end(), part.begin(), part.end());
  std::stable_sort(all.begin(), all.end(), [](const link_span& a, const link_span& b) {
    return a.begin != b.begin ? a.begin < b.begin : a.link < b.link;
  });
  for (const auto& s : all) r.trace.links.push_back({s.link, s.src, s.dst, s.begin, s.end});
}

}  // namespace weft::detail
