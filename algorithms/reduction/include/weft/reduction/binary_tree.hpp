#pragma once
// The plain i-ary reduction tree (binary for i = 2), the paper's Fig. 1: P = ⌈K/i⌉ PEs, PE j
// holds items i·j .. i·j+i−1 and combines them; then, level by level, PE j with j ≡ 0 (mod i^l)
// combines its partial with those of PEs j + c·i^(l−1), c = 1..i−1 (an i-nomial tree):
//
//   level 0:  0:[x0 x1]  1:[x2 x3]  2:[x4 x5]  3:[x6 x7]      i = 2, K = 8
//   level 1:  0 <- 1                2 <- 3
//   level 2:  0 <- 2
//
// For K = i^d it takes n + (d−1)(n+m) steps: every level waits a whole transfer.
// A PE and its partner differ in one base-i digit, so the tree lives on a hypercube (i = 2,
// one hop per message) or on an i-ary torus (i ≥ 3; one hop for i = 3, up to ⌊i/2⌋ beyond).

#include <cstdint>
#include <string>

#include "weft/reduction/params.hpp"
#include "weft/reduction/plan.hpp"

namespace weft::reduction {

/// The topology spec for P PEs: hypercube:D (i = 2) or torus:ixix… (i ≥ 3), D ≥ 1 digits.
std::string binary_topology(std::int64_t pes, int arity);

/// The plan; promised = the plan's own step count (n + (d−1)(n+m) for K = i^d).
plan build_binary_plan(const params& p);

}  // namespace weft::reduction
