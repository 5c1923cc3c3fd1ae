#pragma once
// Transposition algorithms selected by name (`weft transpose --algorithm NAME`).

#include <string>
#include <string_view>
#include <vector>

#include "weft/named_registry.hpp"
#include "weft/program.hpp"
#include "weft/transpose/layout.hpp"

namespace weft::transpose {

struct algorithm {
  std::string name;
  std::string help;
  bool on_pax = true;
  bool on_illiac = true;
  program (*make)(const layout&, machine_kind);

  bool runs_on(machine_kind k) const { return k == machine_kind::pax ? on_pax : on_illiac; }
};

/// Throws std::invalid_argument listing the known names from find().
struct algorithm_registry : named_registry<algorithm> {
  algorithm_registry() : named_registry<algorithm>("transpose algorithm") {}
};

void register_transpose_algorithms(algorithm_registry& r);

/// The program of `name` for `k` and `l`; throws std::invalid_argument for an unknown name or an
/// algorithm that does not run on `k`.
program make_program(const algorithm_registry& r, std::string_view name, const layout& l, machine_kind k);

}  // namespace weft::transpose
