#include "weft/topo/illiac.hpp"

#include <stdexcept>

namespace weft::topo {

namespace {

int checked_side(node_id pes, const std::string& spec) {
  int q = 1;
  while (static_cast<long long>(q) * q < pes) ++q;
  if (pes < 4 || static_cast<long long>(q) * q != pes)
    throw std::invalid_argument("topology '" + spec + "': PE count " + std::to_string(pes) +
                                " must be a perfect square q*q with q >= 2 (e.g. illiac:64)");
  return q;
}

}  // namespace

illiac::illiac(std::string spec, node_id pes) : topology(spec, pes), side_(checked_side(pes, spec)) {
  for (node_id i = 0; i < pes; ++i) {
    add_link(i, (i + 1) % pes, 0, +1);
    add_link(i, (i - 1 + pes) % pes, 0, -1);
    add_link(i, (i + side_) % pes, 1, +1);
    add_link(i, (i - side_ + pes) % pes, 1, -1);
  }
  finalize();
}

int illiac::link_orbit(link_id l) const {
  const auto& lk = link_at(l);
  return (lk.to - lk.from + node_count()) % node_count();  // circulant: the offset is the orbit
}

}  // namespace weft::topo
