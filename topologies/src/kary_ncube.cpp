#include "weft/topo/kary_ncube.hpp"

#include <charconv>
#include <stdexcept>

namespace weft::topo {

namespace {

node_id checked_node_count(const std::vector<int>& shape, const std::string& spec) {
  if (shape.empty()) throw std::invalid_argument("topology '" + spec + "' has no dimensions");
  long long n = 1;
  for (int k : shape) {
    if (k < 1)
      throw std::invalid_argument("topology '" + spec + "': dimension size " + std::to_string(k) +
                                  " must be at least 1");
    n *= k;
    if (n > (1LL << 30))
      throw std::invalid_argument("topology '" + spec + "' has more than 2^30 nodes");
  }
  return static_cast<node_id>(n);
}

}  // namespace

std::vector<int> parse_shape(std::string_view text, std::string_view what) {
  std::vector<int> shape;
  std::size_t pos = 0;
  while (pos <= text.size()) {
    auto x = text.find('x', pos);
    auto part = text.substr(pos, x == std::string_view::npos ? std::string_view::npos : x - pos);
    int value = 0;
    auto [end, ec] = std::from_chars(part.data(), part.data() + part.size(), value);
    if (part.empty() || ec != std::errc{} || end != part.data() + part.size() || value < 1)
      throw std::invalid_argument(std::string(what) + ": bad dimension '" + std::string(part) +
                                  "' in '" + std::string(text) +
                                  "' (expected positive sizes like 8x8)");
    shape.push_back(value);
    if (x == std::string_view::npos) break;
    pos = x + 1;
  }
  return shape;
}

std::vector<bool> parse_wraps(std::string_view text, std::size_t axes, std::string_view what) {
  std::vector<bool> wraps;
  for (char c : text) {
    if (c != 't' && c != 'm')
      throw std::invalid_argument(std::string(what) + ": bad wraparound letter '" + std::string(1, c) +
                                  "' in '" + std::string(text) + "' (expected t = torus or m = mesh per axis)");
    wraps.push_back(c == 't');
  }
  if (wraps.size() != axes)
    throw std::invalid_argument(std::string(what) + ": wraparound string '" + std::string(text) + "' has " +
                                std::to_string(wraps.size()) + " letters but the shape has " +
                                std::to_string(axes) + " axes (one t or m per axis)");
  return wraps;
}

kary_ncube::kary_ncube(std::string spec, std::string family, std::vector<int> shape,
                       std::vector<bool> wrap, std::string default_routing)
    : topology(spec, checked_node_count(shape, spec)),
      family_(std::move(family)),
      shape_(std::move(shape)),
      wrap_(std::move(wrap)),
      default_routing_(std::move(default_routing)) {
  if (wrap_.size() != shape_.size())
    throw std::invalid_argument("topology '" + spec + "': wraparound flags do not match the shape");
  std::vector<int> c(shape_.size());
  for (node_id n = 0; n < node_count(); ++n) {
    auto coords = coordinates(n);
    for (std::size_t d = 0; d < shape_.size(); ++d) {
      int k = shape_[d];
      if (k == 1) continue;
      c = coords;
      // +1 then -1 neighbour: the order fixes out_links() order (used by routing tie-breaks).
      if (coords[d] + 1 < k || wrap_[d]) {
        c[d] = (coords[d] + 1) % k;
        add_link(n, node_at(c), static_cast<int>(d), +1);
      }
      if (coords[d] > 0 || wrap_[d]) {
        c[d] = (coords[d] - 1 + k) % k;
        add_link(n, node_at(c), static_cast<int>(d), -1);
      }
    }
  }
  finalize();
}

int kary_ncube::route_hop_bound() const {
  int bound = 0;
  for (int k : shape_) bound += k - 1;  // Σ(k−1) ≤ Πk ≤ 2^30: no overflow
  return bound;
}

bool kary_ncube::vertex_transitive() const {
  for (std::size_t d = 0; d < shape_.size(); ++d)
    if (!wrap_[d] && shape_[d] > 2) return false;
  return true;
}

int kary_ncube::link_orbit(link_id l) const {
  if (!vertex_transitive()) return -1;
  const auto& lk = link_at(l);
  // On a 2-node axis the + link of one node and the - link of the other are translates.
  bool two = shape_[static_cast<std::size_t>(lk.dimension)] == 2;
  return 2 * lk.dimension + (two || lk.direction > 0 ? 0 : 1);
}

std::vector<int> kary_ncube::coordinates(node_id n) const {
  std::vector<int> c(shape_.size());
  for (std::size_t d = 0; d < shape_.size(); ++d) {
    c[d] = n % shape_[d];
    n /= shape_[d];
  }
  return c;
}

node_id kary_ncube::node_at(const std::vector<int>& coords) const {
  node_id n = 0;
  for (std::size_t d = shape_.size(); d-- > 0;) n = n * shape_[d] + coords[d];
  return n;
}

}  // namespace weft::topo
