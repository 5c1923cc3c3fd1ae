#pragma once
// Shared by the reduction tests: a problem in one call, and the built-in trees and operations.

#include "weft/reduction/params.hpp"
#include "weft/reduction/run.hpp"

namespace reduction_test {

inline weft::reduction::params make(std::int64_t items, std::int64_t m, std::int64_t n, int arity,
                                    weft::reduction::comm_charge charge = weft::reduction::comm_charge::sender) {
  weft::reduction::params p;
  p.items = items;
  p.m = m;
  p.n = n;
  p.arity = arity;
  p.charge = charge;
  return p;
}

/// The built-in tree and operation registries, and one emulated run on two workers.
struct fixture {
  weft::reduction::tree_registry trees;
  weft::reduction::op_registry ops;
  fixture() {
    weft::reduction::register_builtin_trees(trees);
    weft::reduction::register_builtin_ops(ops);
  }
  weft::reduction::run_result run(const char* tree, std::int64_t k, std::int64_t m, std::int64_t n, int i,
                                  const char* op = "sum",
                                  weft::reduction::comm_charge charge = weft::reduction::comm_charge::sender) const {
    weft::run_options opt;
    opt.workers = 2;
    return weft::reduction::run_reduction(make(k, m, n, i, charge), trees.find(tree), ops.find(op), opt);
  }
};

}  // namespace reduction_test
