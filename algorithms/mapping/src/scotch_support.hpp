#pragma once
// What the Scotch callers of this library share (private to src/: scotch.h stays out of every
// public header): the int flavour, status checks, RAII holders and a compact undirected graph.

// scotch.h uses FILE and int types without including their headers.
#include <stdint.h>  // NOLINT(modernize-deprecated-headers)
#include <stdio.h>   // NOLINT(modernize-deprecated-headers)
#include <scotch.h>

#include <climits>
#include <cstdint>
#include <stdexcept>
#include <string>
#include <vector>

#include "weft/topology.hpp"

namespace weft::mapping {

// The Debian default flavour: SCOTCH_Num is a C int (cmake/FindScotch.cmake says why).
using snum = SCOTCH_Num;
static_assert(sizeof(snum) == sizeof(int), "weft builds against Scotch's int flavour (cmake/FindScotch.cmake)");

inline void check(int status, const char* what) {
  if (status != 0) throw std::runtime_error(std::string("Scotch: ") + what + " failed");
}

// A Scotch object initialised by its constructor and released by its destructor.
template <class T, int (*Init)(T*), void (*Exit)(T*)>
struct holder {
  T v;
  holder() { check(Init(&v), "initialising a Scotch object"); }
  ~holder() { Exit(&v); }
  holder(const holder&) = delete;
  holder& operator=(const holder&) = delete;
};
using scotch_context = holder<SCOTCH_Context, SCOTCH_contextInit, SCOTCH_contextExit>;
using scotch_graph = holder<SCOTCH_Graph, SCOTCH_graphInit, SCOTCH_graphExit>;
using scotch_arch = holder<SCOTCH_Arch, SCOTCH_archInit, SCOTCH_archExit>;
using scotch_strat = holder<SCOTCH_Strat, SCOTCH_stratInit, SCOTCH_stratExit>;

// A graph seen through a context (SCOTCH_contextBindGraph fills the container; exit frees only it).
struct bound_graph {
  SCOTCH_Graph v;
  bound_graph(SCOTCH_Context& c, const SCOTCH_Graph& org) { check(SCOTCH_contextBindGraph(&c, &org, &v), "SCOTCH_contextBindGraph"); }
  ~bound_graph() { SCOTCH_graphExit(&v); }
  bound_graph(const bound_graph&) = delete;
  bound_graph& operator=(const bound_graph&) = delete;
};

// An undirected graph in Scotch's compact form (base 0); SCOTCH_graphBuild keeps pointers to it.
struct csr {
  std::vector<snum> begin{0}, ends, loads;
  void build(SCOTCH_Graph& g) const {
    const auto n = static_cast<snum>(begin.size() - 1);
    check(SCOTCH_graphBuild(&g, 0, n, begin.data(), nullptr, nullptr, nullptr, static_cast<snum>(ends.size()), ends.data(),
                            loads.empty() ? nullptr : loads.data()),
          "SCOTCH_graphBuild");
    check(SCOTCH_graphCheck(&g), "SCOTCH_graphCheck");
  }
};

// Makes `ctx` reproducible: its own random generator seeded from `seed` (no global Scotch state
// is touched, so two calls in one process do not disturb each other), deterministic mode and a
// single thread (Scotch's threaded passes may otherwise depend on timing).
inline void make_deterministic(SCOTCH_Context& ctx, std::uint64_t seed) {
  check(SCOTCH_contextRandomClone(&ctx), "SCOTCH_contextRandomClone");
  SCOTCH_contextRandomSeed(&ctx, static_cast<snum>(seed % static_cast<std::uint64_t>(INT_MAX)));
  check(SCOTCH_contextOptionSetNum(&ctx, SCOTCH_OPTIONNUMDETERMINISTIC, 1), "SCOTCH_contextOptionSetNum");
  check(SCOTCH_contextThreadSpawn(&ctx, 1, nullptr), "SCOTCH_contextThreadSpawn");
}

/// The machine's nodes and links as an undirected graph, one edge of weight 1 per neighbour pair
/// (scotch_mapping.cpp): the mapping baseline's target and the engine partitioner's graph.
csr machine_graph(const topology& topo);

}  // namespace weft::mapping
