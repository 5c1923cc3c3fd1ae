#include "weft/reduction/binary_tree.hpp"

#include <algorithm>

namespace weft::reduction {

namespace {

// Digits of base `arity` needed for `pes` PEs (at least one).
int digits(std::int64_t pes, int arity) {
  int d = 1;
  std::int64_t span = arity;
  while (span < pes) span *= arity, ++d;
  return d;
}

}  // namespace

std::string binary_topology(std::int64_t pes, int arity) {
  const int d = digits(pes, arity);
  if (arity == 2) return "hypercube:" + std::to_string(d);
  std::string spec = "torus:";
  for (int k = 0; k < d; ++k) spec += (k ? "x" : "") + std::to_string(arity);
  return spec;
}

plan build_binary_plan(const params& prm) {
  prm.validate();
  const std::int64_t i = prm.arity, k = prm.items;
  const std::int64_t pes = (k + i - 1) / i;
  plan p;
  p.tree = "binary";
  p.machine = binary_topology(pes, prm.arity);
  p.items = k;
  p.arity = prm.arity;
  p.one_hop = prm.arity <= 3;  // on a ring of i > 3 nodes a digit may move by more than one
  p.pes.resize(static_cast<std::size_t>(pes));
  for (std::int64_t j = 0; j < pes; ++j) {
    auto& pe = p.pes[static_cast<std::size_t>(j)];
    pe.node = static_cast<node_id>(j);
    std::vector<source> own;
    for (std::int64_t x = i * j; x < std::min(k, i * j + i); ++x) own.push_back(source::item(x));
    pe.ops.push_back(std::move(own));
    // Level l: PEs on multiples of i^l gather the multiples of i^(l−1) between them.
    for (std::int64_t stride = 1; stride < pes; stride *= i) {
      if (j % (stride * i) != 0) {
        pe.parent = static_cast<int>(j - j % (stride * i));
        break;
      }
      std::vector<source> op;
      for (std::int64_t c = 1; c < i && j + c * stride < pes; ++c) op.push_back(source::child(j + c * stride));
      if (!op.empty()) pe.ops.push_back(std::move(op));
    }
  }
  p.promised = predict_steps(p, prm.m, prm.n);
  return p;
}

}  // namespace weft::reduction
