#include "weft/traffic/pattern.hpp"

#include "weft/traffic/message_log.hpp"

#include <charconv>
#include <memory>
#include <stdexcept>

namespace weft::traffic {

namespace {

// log2(n) when n is a power of two, else -1.
int exact_log2(node_id n) {
  int bits = 0;
  while ((node_id{1} << bits) < n) ++bits;
  return (node_id{1} << bits) == n ? bits : -1;
}

std::string count_text(node_id n, const std::string& machine) {
  return machine + " has " + std::to_string(n) + " node" + (n == 1 ? "" : "s");
}

int need_power_of_two(std::string_view name, node_id n, const std::string& machine) {
  const int bits = exact_log2(n);
  if (bits < 1)
    throw std::invalid_argument("--pattern " + std::string(name) + " needs a power-of-two node count (at least 2); " +
                                count_text(n, machine));
  return bits;
}

// Adds `shift(k)` to every coordinate, modulo its axis (BookSim's digit permutations).
template <class Shift>
std::vector<node_id> shift_digits(const node_grid& grid, Shift shift) {
  std::vector<node_id> table;
  for (node_id n = 0; n < grid.nodes(); ++n) {
    auto c = grid.coords[static_cast<std::size_t>(n)];
    for (std::size_t d = 0; d < c.size(); ++d) c[d] = (c[d] + shift(grid.shape[d])) % grid.shape[d];
    table.push_back(grid.at(c));
  }
  return table;
}

template <class F>
std::vector<node_id> bit_table(node_id n, int bits, F f) {
  std::vector<node_id> table;
  for (node_id s = 0; s < n; ++s) table.push_back(f(s, bits));
  return table;
}

std::vector<node_id> transpose_table(std::string_view name, const node_grid& grid, const std::string& machine) {
  if (grid.shape.size() == 2 && grid.shape[0] == grid.shape[1]) {
    std::vector<node_id> table;
    for (const auto& c : grid.coords) table.push_back(grid.at({c[1], c[0]}));
    return table;
  }
  const node_id n = grid.nodes();
  const int bits = exact_log2(n);
  if (bits < 2 || bits % 2 != 0)
    throw std::invalid_argument("--pattern " + std::string(name) +
                                " needs a square 2D grid or a power-of-four node count (at least 4); " + count_text(n, machine));
  return bit_table(n, bits, bit_transpose);
}

double parse_fraction(std::string_view text, std::string_view spec) {
  double v = -1;
  auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), v);
  if (text.empty() || ec != std::errc{} || end != text.data() + text.size() || !(v >= 0 && v <= 1))
    throw std::invalid_argument("--pattern " + std::string(spec) + ": fraction '" + std::string(text) +
                                "' is not a number in [0, 1]");
  return v;
}

node_id parse_node(std::string_view text, std::string_view spec, node_id nodes, const std::string& machine) {
  long long v = -1;
  auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), v);
  if (text.empty() || ec != std::errc{} || end != text.data() + text.size() || v < 0 || v >= nodes)
    throw std::invalid_argument("--pattern " + std::string(spec) + ": node '" + std::string(text) + "' is not a node of " +
                                machine + " (0 .. " + std::to_string(nodes - 1) + ")");
  return static_cast<node_id>(v);
}

}  // namespace

std::string known_patterns() {
  return "uniform, transpose, bit-complement, bit-reversal, shuffle, tornado, neighbour, hotspot[:FRACTION[:NODE]], "
         "trace:FILE";
}

node_id bit_complement(node_id source, int bits) { return ~source & ((node_id{1} << bits) - 1); }

node_id bit_reversal(node_id source, int bits) {
  node_id out = 0;
  for (int b = 0; b < bits; ++b) out |= ((source >> b) & 1) << (bits - 1 - b);
  return out;
}

node_id shuffle(node_id source, int bits) {
  const node_id mask = (node_id{1} << bits) - 1;
  return ((source << 1) & mask) | ((source >> (bits - 1)) & 1);
}

node_id bit_transpose(node_id source, int bits) {
  const int half = bits / 2;
  const node_id low = (node_id{1} << half) - 1;
  return ((source >> half) & low) | ((source & low) << half);
}

pattern pattern::parse(std::string_view spec, const node_grid& grid, const std::string& machine) {
  pattern p;
  p.spec_ = std::string(spec);
  p.nodes_ = grid.nodes();
  const auto colon = spec.find(':');
  const std::string_view name = spec.substr(0, colon);
  const std::string_view args = colon == std::string_view::npos ? std::string_view{} : spec.substr(colon + 1);
  if (name == "trace") {  // a run's messages, replayed at the times they were sent
    if (args.empty())
      throw std::invalid_argument("--pattern trace needs a file: trace:FILE, as 'weft run ... --messages FILE' writes it");
    auto log = read_message_trace(std::string(args));
    for (std::size_t i = 0; i < log.messages.size(); ++i)
      if (const auto& m = log.messages[i]; m.src_node >= p.nodes_ || m.dst_node >= p.nodes_)
        throw std::invalid_argument(log.where(i) + ": a message goes from node " +
                                    std::to_string(m.src_node) + " to node " + std::to_string(m.dst_node) + ", but " +
                                    count_text(p.nodes_, machine));
    p.trace_ = std::make_shared<const message_trace>(std::move(log));
    return p;
  }
  if (colon != std::string_view::npos && name != "hotspot")
    throw std::invalid_argument("--pattern " + std::string(spec) + ": " + std::string(name) + " takes no parameters");
  const node_id n = p.nodes_;
  if (n < 2) throw std::invalid_argument("--pattern " + std::string(spec) + " needs at least 2 nodes; " + count_text(n, machine));
  if (name == "uniform") {
  } else if (name == "hotspot") {
    p.hot_node_ = 0;
    p.hot_fraction_ = 0.1;  // no FRACTION: a tenth of the packets to node 0
    if (!args.empty()) {
      const auto second = args.find(':');
      p.hot_fraction_ = parse_fraction(args.substr(0, second), spec);
      if (second != std::string_view::npos) p.hot_node_ = parse_node(args.substr(second + 1), spec, n, machine);
    }
  } else if (name == "transpose") {
    p.table_ = transpose_table(name, grid, machine);
  } else if (name == "bit-complement") {
    p.table_ = bit_table(n, need_power_of_two(name, n, machine), bit_complement);
  } else if (name == "bit-reversal") {
    p.table_ = bit_table(n, need_power_of_two(name, n, machine), bit_reversal);
  } else if (name == "shuffle") {
    p.table_ = bit_table(n, need_power_of_two(name, n, machine), shuffle);
  } else if (name == "tornado") {
    p.table_ = shift_digits(grid, [](int k) { return (k + 1) / 2 - 1; });
  } else if (name == "neighbour" || name == "neighbor") {
    p.table_ = shift_digits(grid, [](int) { return 1; });
  } else {
    throw std::invalid_argument("unknown pattern '" + std::string(spec) + "' (known: " + known_patterns() + ")");
  }
  if (!p.table_.empty()) {
    bool moves = false;
    for (node_id s = 0; s < n; ++s) moves = moves || p.table_[static_cast<std::size_t>(s)] != s;
    if (!moves)
      throw std::invalid_argument("--pattern " + std::string(spec) + " sends every node to itself on " + machine +
                                  ": no packet would be created");
  }
  return p;
}

node_id pattern::destination(node_id source, random_stream& rng) const {
  if (!table_.empty()) return table_[static_cast<std::size_t>(source)];
  if (hot_node_ >= 0 && rng.unit() < hot_fraction_) return hot_node_;
  // Uniform over the other nodes: a packet is never addressed to its own source.
  const auto pick = static_cast<node_id>(rng.below(static_cast<std::uint64_t>(nodes_ - 1)));
  return pick < source ? pick : pick + 1;
}

}  // namespace weft::traffic
