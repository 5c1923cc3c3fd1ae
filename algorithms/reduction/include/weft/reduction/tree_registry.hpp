#pragma once
// The reduction trees by name: "delay-aware" (seed 001's computation tree on the generalized
// Fibonacci tree) and "binary" (the plain i-ary tree). Unknown names answer with the list.

#include <string>
#include <vector>

#include "weft/named_registry.hpp"
#include "weft/reduction/params.hpp"
#include "weft/reduction/plan.hpp"

namespace weft::reduction {

struct tree_entry {
  std::string name;
  std::string help;
  plan (*build)(const params&);
};

struct tree_registry : named_registry<tree_entry> {
  tree_registry() : named_registry<tree_entry>("tree") {}
};

void register_builtin_trees(tree_registry& r);

}  // namespace weft::reduction
