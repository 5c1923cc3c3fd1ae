#pragma once
// A reduction plan is plain data: which PE holds which items, in which order each PE combines
// its operands, and where it sends its partial result. Both trees (delay-aware and binary)
// produce one; a single PE program (plan_pe_program.hpp) executes any plan.
//
//   PE p:  acc = fold(ops[0])                   ops[0] = first operands (items or children)
//          acc = fold(acc, ops[1]) ... ops[k]   every op combining >= 2 values costs n
//          send acc to parent (the root keeps it)
//
// Items are numbered in the in-order of the plan (a PE's operands left to right, a child
// operand standing for the child's whole range), so the result is x_0 ∘ x_1 ∘ … ∘ x_{K-1}.

#include <cstdint>
#include <string>
#include <vector>

#include "weft/topology.hpp"

namespace weft::reduction {

/// One operand of an operation: a local data item or the partial result of a child PE.
struct source {
  enum class kind { item, child };
  kind what = kind::item;
  std::int64_t index = 0;  ///< item index, or the child's rank

  static source item(std::int64_t k) { return {kind::item, k}; }
  static source child(std::int64_t rank) { return {kind::child, rank}; }
  bool operator==(const source&) const = default;
};

struct pe_plan {
  int parent = -1;                        ///< rank of the PE that receives the result; -1: root
  node_id node = 0;                       ///< topology node hosting this PE
  std::vector<std::vector<source>> ops;   ///< operands of each operation, in combining order
};

struct plan {
  std::string tree;              ///< "delay-aware" or "binary"
  std::string machine;           ///< topology spec the plan is embedded in
  std::int64_t items = 0;        ///< K
  int arity = 2;                 ///< i
  std::int64_t promised = 0;     ///< steps the construction promises (checked against runs)
  bool one_hop = true;           ///< every PE's parent sits on a neighbouring node (checked)
  std::vector<pe_plan> pes;      ///< rank 0 is the root

  std::vector<node_id> node_of_rank() const;
  std::int64_t messages() const { return static_cast<std::int64_t>(pes.size()) - 1; }
};

/// Checks the plan is a tree rooted at rank 0 whose in-order visits items 0..K-1 exactly once,
/// in order, with no operation over more than i values; throws std::logic_error otherwise.
void check_plan(const plan& p);

/// When one operation runs: [start, end); end == start when it only takes its first operand.
struct op_span {
  std::int64_t start = 0, end = 0;
};

/// Per PE and operation, when it runs by the paper's rules: operations in order, each starting
/// when the previous one ended and its child operands have arrived (m after the child's result
/// was ready); an operation over >= 2 values takes n. Independent of the engine.
std::vector<std::vector<op_span>> schedule(const plan& p, std::int64_t m, std::int64_t n);
/// Per PE, the time its partial result is ready (the end of its last operation).
std::vector<std::int64_t> ready_times(const plan& p, std::int64_t m, std::int64_t n);
/// The root's ready time: the step count of the plan.
std::int64_t predict_steps(const plan& p, std::int64_t m, std::int64_t n);

}  // namespace weft::reduction
