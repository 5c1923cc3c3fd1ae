#include "weft/reduction/drawing.hpp"

#include <ostream>
#include <stdexcept>
#include <string>

namespace weft::reduction {

namespace {

// A few distinguishable pastel fills, one per PE (cycled).
const char* fill_of(std::size_t rank) {
  static constexpr const char* fills[] = {"#cfe2ff", "#ffe5b4", "#d4f4dd", "#f8d7da", "#e2d9f3", "#fff3cd", "#d1ecf1"};
  return fills[rank % (sizeof(fills) / sizeof(fills[0]))];
}

std::string op_id(std::size_t rank, std::size_t op) { return "p" + std::to_string(rank) + "_" + std::to_string(op); }

}  // namespace

void write_dot(std::ostream& out, const plan& p, std::int64_t m, std::int64_t n) {
  std::size_t total = 0;
  for (const auto& pe : p.pes) total += pe.ops.size();
  if (total > 2000)
    throw std::invalid_argument("--dot: the " + p.tree + " tree for K = " + std::to_string(p.items) + " has " +
                                std::to_string(total) + " operations; at most 2000 can be drawn (use a smaller -K)");
  const auto spans = schedule(p, m, n);
  out << "digraph reduction {\n"
      << "  label=\"" << p.tree << " tree, K = " << p.items << ", m = " << m << ", n = " << n << ", i = " << p.arity
      << ", on " << p.machine << "\";\n"
      << "  rankdir=BT; node [shape=box, style=filled, fontsize=10]; edge [arrowsize=0.6];\n";
  auto source_node = [&](const source& src) {
    if (src.what == source::kind::item) {
      out << "  x" << src.index << " [label=\"x" << src.index << "\", shape=plaintext, style=\"\"];\n";
      return "x" + std::to_string(src.index);
    }
    const auto c = static_cast<std::size_t>(src.index);
    return op_id(c, p.pes[c].ops.size() - 1);
  };
  auto edge = [&](const source& src, const std::string& from, const std::string& to) {
    out << "  " << from << " -> " << to
        << (src.what == source::kind::item ? std::string(" [color=gray]") : " [style=dashed, label=\"m=" + std::to_string(m) + "\"]")
        << ";\n";
  };
  for (std::size_t r = 0; r < p.pes.size(); ++r) {
    const auto& pe = p.pes[r];
    // A lone first operand is where the chain starts, not an operation: it feeds the next box.
    const bool lone_start = pe.ops.size() > 1 && pe.ops[0].size() == 1;
    for (std::size_t o = lone_start ? 1 : 0; o < pe.ops.size(); ++o) {
      const auto& s = spans[r][o];
      const auto id = op_id(r, o);
      out << "  " << id << " [label=\"PE " << r << "\\n[" << s.start << ", " << s.end << ")\", fillcolor=\""
          << fill_of(r) << "\"];\n";
      if (o > 1 || (o == 1 && !lone_start)) out << "  " << op_id(r, o - 1) << " -> " << id << ";\n";
      if (o == 1 && lone_start) edge(pe.ops[0][0], source_node(pe.ops[0][0]), id);
      for (const auto& src : pe.ops[o]) edge(src, source_node(src), id);
    }
  }
  out << "}\n";
}

}  // namespace weft::reduction
