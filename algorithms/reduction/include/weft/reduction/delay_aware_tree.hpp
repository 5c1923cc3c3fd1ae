#pragma once
// The delay-aware computation tree (seed 001, §3–4), re-derived.
//
// Insert n nodes for every operation and m for every transfer, then cut every branch to the
// height of the lowest one: a PE's partial result of "height" t (ready t steps after the start)
// is either one item (t < n), or its own partial of height t−n combined, in one i-ary operation,
// with i−1 operands that were sent to it m steps before the operation began — partials of height
// t−n−m computed by other PEs (or plain local items when t−n−m < n: a child PE would only
// forward one item). Hence, for the capacity F (items reducible in t steps) and the PE count Q:
//
//   F(t) = 1                              t < n
//   F(t) = F(t−n) + (i−1)·F(t−n−m)        t ≥ 2n+m        (F(t−n) + (i−1) for n ≤ t < 2n+m)
//   Q(t) = 1                              0 ≤ t < 2n+m
//   Q(t) = Q(t−n) + (i−1)·Q(t−n−m)        t ≥ 2n+m
//
// m = n = 1, i = 2 gives the Fibonacci numbers (F(t) = Fib(t+2), Q(t) = Fib(t)), and the PE tree
// is the paper's Fibonacci tree T_t. For m ≠ n the paper writes N_h = N_{h−m} + (i−1)N_{h−(m+n)}
// with base 2m+n > h ≥ m: m and n are swapped there — the root's own chain advances by one
// operation (n), not by one transfer (m); docs/reduction.md checks this by computation. So the
// PE tree for (m, n, i) is the topology library's T'_h with its (m, n) = our (n, m):
// "fib:h,n,m,i", built in the same recursive order, so PE tree node ids equal topology ids.
//
// For K items: h = min{t : F(t) ≥ K}, the full tree of height h, and its first K item slots in
// order (whole child subtrees dropped from the end; a child left with one item becomes a local
// item of its parent).

#include <cstdint>
#include <string>
#include <vector>

#include "weft/reduction/params.hpp"
#include "weft/reduction/plan.hpp"

namespace weft::reduction {

/// F(t) for t = 0..t_max (saturating at 2^62).
std::vector<std::int64_t> delay_aware_capacity(std::int64_t t_max, std::int64_t m, std::int64_t n, int arity);
/// Q(t) for t = 0..t_max (saturating at 2^62): the PEs of the full tree of height t.
std::vector<std::int64_t> delay_aware_pe_count(std::int64_t t_max, std::int64_t m, std::int64_t n, int arity);
/// min{t : F(t) ≥ K}: the optimal number of steps in the paper's model.
std::int64_t delay_aware_height(std::int64_t items, std::int64_t m, std::int64_t n, int arity);
/// The topology spec the tree of height h lives in: "fib:H,n,m,i" (H = max(h, n)).
std::string delay_aware_topology(std::int64_t height, std::int64_t m, std::int64_t n, int arity);

/// The plan for p.items items, embedded in delay_aware_topology(h, ...); promised = h.
plan build_delay_aware_plan(const params& p);

}  // namespace weft::reduction
