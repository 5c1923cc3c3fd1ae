#include "weft/topo/dimension_order.hpp"

#include <algorithm>
#include <bit>
#include <cstdint>
#include <charconv>
#include <numeric>
#include <stdexcept>

namespace weft::topo {

std::vector<int> parse_axis_order(std::string_view text, int dims) {
  std::vector<int> order;
  constexpr std::string_view letters = "XYZABC";  // Tofu's axis names, in axis order
  bool lettered = !text.empty() && text.find_first_not_of("XYZABCxyzabc") == std::string_view::npos;
  if (lettered) {
    for (char c : text) {
      char up = static_cast<char>(c >= 'a' ? c - 'a' + 'A' : c);
      order.push_back(static_cast<int>(letters.find(up)));
    }
  } else {
    std::size_t pos = 0;
    while (pos < text.size()) {
      auto comma = text.find(',', pos);
      auto part = text.substr(pos, comma == std::string_view::npos ? text.npos : comma - pos);
      int v = -1;
      auto [end, ec] = std::from_chars(part.data(), part.data() + part.size(), v);
      if (part.empty() || ec != std::errc{} || end != part.data() + part.size())
        throw std::invalid_argument("dimension-order: bad axis '" + std::string(part) + "' in '" +
                                    std::string(text) + "' (expected axis numbers like 0,1,2 or letters like XYZACB)");
      order.push_back(v);
      if (comma == std::string_view::npos) break;
      pos = comma + 1;
    }
  }
  (void)dims;
  return order;
}

dimension_order::dimension_order(const kary_ncube& topo, std::vector<int> axis_order, mode m, std::string name)
    : axis_order_(std::move(axis_order)),
      shape_(topo.shape()),
      // The adaptive routing's escape is dateline dimension order wherever an axis wraps.
      dateline_(m == mode::dateline || m == mode::booksim_dateline ||
                (m == mode::minimal_adaptive && std::any_of(topo.wraps().begin(), topo.wraps().end(), [](bool w) { return w; }))),
      adaptive_(m == mode::minimal_adaptive),
      booksim_(m == mode::booksim_dateline),
      name_(std::move(name)) {
  const int dims = static_cast<int>(shape_.size());
  if (axis_order_.empty()) {
    axis_order_.resize(static_cast<std::size_t>(dims));
    std::iota(axis_order_.begin(), axis_order_.end(), 0);
  }
  auto sorted = axis_order_;
  std::sort(sorted.begin(), sorted.end());
  std::vector<int> all(static_cast<std::size_t>(dims));
  std::iota(all.begin(), all.end(), 0);
  if (sorted != all)
    throw std::invalid_argument(name_ + ": axis order must list each of the " + std::to_string(dims) +
                                " axes exactly once (0.." + std::to_string(dims - 1) + ")");
  for (bool w : topo.wraps()) wrap_.push_back(w ? 1 : 0);
  // The e-cube shortcut always answers VC 0, so it is only valid without dateline classes
  // (on 2-wide tori the dateline rule puts hops leaving coordinate 1 on VC 1).
  binary_ascending_ = std::all_of(shape_.begin(), shape_.end(), [](int k) { return k == 2; }) &&
                      std::is_sorted(axis_order_.begin(), axis_order_.end()) && !dateline_;
  if (!binary_ascending_) {  // the shortcut never reads coord_
    coord_.reserve(static_cast<std::size_t>(topo.node_count()) * static_cast<std::size_t>(dims));
    for (node_id n = 0; n < topo.node_count(); ++n)
      for (int c : topo.coordinates(n)) coord_.push_back(c);
  }
  next_link_.assign(static_cast<std::size_t>(topo.node_count()) * 2 * static_cast<std::size_t>(dims), -1);
  for (node_id n = 0; n < topo.node_count(); ++n)
    for (link_id l : topo.out_links(n)) {
      const auto& lk = topo.link_at(l);
      auto slot = static_cast<std::size_t>(n) * 2 * static_cast<std::size_t>(dims) +
                  2 * static_cast<std::size_t>(lk.dimension) + (lk.direction < 0 ? 1 : 0);
      if (next_link_[slot] < 0) next_link_[slot] = l;
    }
  // A 2-node torus axis merges its +1 and -1 links: let either direction find the one link.
  for (std::size_t slot = 0; slot < next_link_.size(); slot += 2)
    for (int side = 0; side < 2; ++side)
      if (next_link_[slot + static_cast<std::size_t>(side)] < 0)
        next_link_[slot + static_cast<std::size_t>(side)] = next_link_[slot + static_cast<std::size_t>(1 - side)];
}

dimension_order::axis_move dimension_order::move_along(node_id current, node_id dst, std::size_t a) const {
  const auto dims = shape_.size();
  const int k = shape_[a];
  const int here = coord_[static_cast<std::size_t>(current) * dims + a];
  const int there = coord_[static_cast<std::size_t>(dst) * dims + a];
  if (here == there) return {};
  const int forward = there > here ? there - here : there - here + k;  // steps going +
  if (!wrap_[a]) return {true, there > here, false};
  return {true, forward <= k - forward, forward == k - forward};
}

void dimension_order::next_hops(node_id current, node_id dst, const route_state& state,
                                std::vector<hop>& out) const {
  if (current == dst) return;
  if (adaptive_) {
    const int adaptive_class = dateline_ ? 2 : 1;
    const auto dims = shape_.size();
    if (binary_ascending_) {  // hypercube: every differing bit
      for (auto bits = static_cast<std::uint32_t>(current ^ dst); bits != 0; bits &= bits - 1) {
        auto a = static_cast<std::size_t>(std::countr_zero(bits));
        bool plus = ((dst >> a) & 1) != 0;
        out.push_back({next_link_[static_cast<std::size_t>(current) * 2 * dims + 2 * a + (plus ? 0 : 1)], adaptive_class});
      }
    } else {
      for (int axis : axis_order_) {
        const auto a = static_cast<std::size_t>(axis);
        const axis_move move = move_along(current, dst, a);
        if (!move.needed) continue;
        auto slot = static_cast<std::size_t>(current) * 2 * dims + 2 * a;
        out.push_back({next_link_[slot + (move.plus ? 0 : 1)], adaptive_class});
        if (move.both_minimal && next_link_[slot + 1] != next_link_[slot])
          out.push_back({next_link_[slot + 1], adaptive_class});
      }
    }
  }
  out.push_back(first_hop(current, dst, state));  // the route, or the escape
}

hop dimension_order::first_hop(node_id current, node_id dst, const route_state& state) const {
  const auto dims = shape_.size();
  if (binary_ascending_) {  // e-cube: one bit test instead of a division per axis
    if (current == dst) return {};
    auto a = static_cast<std::size_t>(std::countr_zero(static_cast<std::uint32_t>(current ^ dst)));
    bool plus = ((dst >> a) & 1) != 0;
    return {next_link_[static_cast<std::size_t>(current) * 2 * dims + 2 * a + (plus ? 0 : 1)], 0};
  }
  for (int axis : axis_order_) {
    const auto a = static_cast<std::size_t>(axis);
    const axis_move move = move_along(current, dst, a);
    if (!move.needed) continue;
    bool plus = move.plus;
    const int k = shape_[a];
    const int here = coord_[static_cast<std::size_t>(current) * dims + a];
    int vc = 0;
    if (booksim_ && wrap_[a]) {
      // The axis' start is the source's coordinate on it (untouched until this axis is routed);
      // only there can the two ways be as short, so the split holds for the whole axis.
      const int start = coord_[static_cast<std::size_t>(state.source) * dims + a];
      const int end = coord_[static_cast<std::size_t>(dst) * dims + a];
      if (move.both_minimal) {
        auto h = static_cast<std::uint64_t>(state.source) * 0x9E3779B97F4A7C15ull ^
                 (static_cast<std::uint64_t>(dst) + 0x632BE59BD9B4E019ull * (a + 1));
        h ^= h >> 29;
        h *= 0xBF58476D1CE4E5B9ull;
        plus = ((h >> 32) & 1) != 0;
      }
      vc = end < start ? 1 : 0;  // BookSim: + and cur > dest (crosses), or - and dest < cur
      return {next_link_[static_cast<std::size_t>(current) * 2 * dims + 2 * a + (plus ? 0 : 1)], vc};
    }
    auto slot = static_cast<std::size_t>(current) * 2 * dims + 2 * a + (plus ? 0 : 1);
    if (dateline_ && wrap_[a]) {
      // The axis' source coordinate is untouched until this axis is routed, so whether the
      // packet already crossed the dateline follows from where it started on this axis.
      int start = coord_[static_cast<std::size_t>(state.source) * dims + a];
      bool crossed = plus ? here < start : here > start;
      bool crossing = plus ? here == k - 1 : here == 0;
      vc = (crossed || crossing) ? 1 : 0;
    }
    return {next_link_[slot], vc};
  }
  return {};
}

}  // namespace weft::topo
