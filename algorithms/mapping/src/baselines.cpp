#include "weft/mapping/baselines.hpp"

#include <stdexcept>
#include <string>
#include <tuple>

#include "weft/topology_registry.hpp"

namespace weft::mapping {

namespace {

// X, Y, Z of a tofu spec (the A, B, C sizes are fixed at 2, 3, 2).
std::vector<int> tofu_shape(std::string_view spec, int tasks) {
  topology_registry registry;
  register_builtin_topologies(registry);
  auto topo = registry.make(spec);
  if (topo->family() != "tofu")
    throw std::invalid_argument("the default and no-ring placements need a tofu:XxYxZ machine, got '" + std::string(spec) + "'");
  if (tasks < 0 || tasks > topo->compute_nodes())
    throw std::invalid_argument(std::to_string(tasks) + " tasks do not fit machine " + topo->spec() + " with " +
                                std::to_string(topo->compute_nodes()) + " compute nodes");
  return topo->shape();
}

node_id node_of(const std::vector<int>& shape, const std::vector<int>& c) {
  node_id n = 0;
  for (std::size_t d = shape.size(); d-- > 0;) n = n * shape[d] + c[d];
  return n;
}

}  // namespace

std::string logical_torus(std::string_view tofu_spec) {
  const auto s = tofu_shape(tofu_spec, 0);  // X Y Z A B C
  return "torus:" + std::to_string(s[0] * s[3]) + "x" + std::to_string(s[1] * s[4]) + "x" + std::to_string(s[2] * s[5]);
}

placement logical_to_physical(std::string_view tofu_spec, const placement& logical) {
  const auto s = tofu_shape(tofu_spec, 0);
  int nodes = 1;
  for (int k : s) nodes *= k;
  const placement fold = default_placement(tofu_spec, nodes);
  placement p;
  p.reserve(logical.size());
  for (node_id n : logical) {
    if (n < 0 || n >= nodes)
      throw std::invalid_argument("logical node " + std::to_string(n) + " is outside " + logical_torus(tofu_spec));
    p.push_back(fold[static_cast<std::size_t>(n)]);
  }
  return p;
}

std::pair<int, int> folded_ring(int r, int n) {
  const int fold = r / n, along = r % n;
  return {fold % 2 == 0 ? along : n - 1 - along, fold};
}

placement no_ring_placement(std::string_view tofu_spec, int tasks) {
  tofu_shape(tofu_spec, tasks);
  return identity_placement(tasks);
}

placement default_placement(std::string_view tofu_spec, int tasks) {
  const auto s = tofu_shape(tofu_spec, tasks);  // X Y Z A B C
  enum { X, Y, Z, A, B, C };
  // Logical axes (size): X folded by A (2X), B folded by Y (3Y: B runs along, Y is the fold, so a
  // 1- or 2-wide Y still closes the ring), Z folded by C (2Z).
  const int lx = s[X] * s[A], ly = s[B] * s[Y];
  placement p(static_cast<std::size_t>(tasks));
  for (int i = 0; i < tasks; ++i) {
    const int x = i % lx, y = i / lx % ly, z = i / lx / ly;
    std::vector<int> c(6);
    std::tie(c[X], c[A]) = folded_ring(x, s[X]);
    std::tie(c[B], c[Y]) = folded_ring(y, s[B]);
    std::tie(c[Z], c[C]) = folded_ring(z, s[Z]);
    p[static_cast<std::size_t>(i)] = node_of(s, c);
  }
  return p;
}

}  // namespace weft::mapping
