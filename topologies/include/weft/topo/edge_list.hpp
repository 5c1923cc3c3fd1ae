#pragma once
// A graph read from a text file ("file:PATH"). Format (one item per line, '#' starts a comment):
//
//   node NAME          declare a node; ids follow declaration order (first node = 0)
//   A B                undirected edge: links A->B and B->A
//   A -> B             one-way link A->B
//
// NAME is letters, digits and _ . - : (no spaces). Every node is declared once before use,
// edges join two different nodes, a repeated edge is merged, and the graph must be strongly
// connected. Every node is a compute node.

#include <string>
#include <vector>

#include "weft/topology.hpp"

namespace weft::topo {

class edge_list final : public topology {
 public:
  /// Reads `path`; throws std::invalid_argument naming the file, the line and what is allowed.
  static std::unique_ptr<edge_list> read(const std::string& path);
  std::string family() const override { return "file"; }
  const std::string& name(node_id n) const { return names_[static_cast<std::size_t>(n)]; }

 private:
  edge_list(std::string spec, std::vector<std::string> names,
            const std::vector<std::pair<node_id, node_id>>& links);
  std::vector<std::string> names_;
};

}  // namespace weft::topo
