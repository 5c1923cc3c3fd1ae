#include "weft/reduction/tree_registry.hpp"

#include "weft/reduction/binary_tree.hpp"
#include "weft/reduction/delay_aware_tree.hpp"

namespace weft::reduction {

void register_builtin_trees(tree_registry& r) {
  r.add({"delay-aware", "Nonomura, Kurino & Fukazawa's computation tree: PEs combine until their result must leave (Fibonacci tree)",
         build_delay_aware_plan});
  r.add({"binary", "plain i-ary tree: i items per PE, then one level per transfer (hypercube / i-ary torus)",
         build_binary_plan});
}

}  // namespace weft::reduction
