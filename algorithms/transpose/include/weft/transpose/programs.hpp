#pragma once
// The transposition algorithms as PE programs. Each ends with every PE checking its part of Aᵀ
// element by element (a mismatch throws, so the run's report says "failed").
//
//   two-phase       Nakano & Tsuda §4: columns first (√P/2 steps down, √P/2−1 up), then rows
//                   (√P/2 right, √P/2−1 left); on Illiac IV the same on 1D numbers (±√P, then ±1).
//   bhuyan-agrawal  Illiac IV only: every block travels the ±1 chain in one direction, P−1
//                   pipelined steps; reconstructed from the costs Table 1 quotes for it.
//   direct          every block goes straight to its destination in its own message, routed by
//                   the topology's routing (the program a user writes first).

#include "weft/program.hpp"
#include "weft/transpose/layout.hpp"

namespace weft::transpose {

program two_phase(const layout& l, machine_kind k);
program bhuyan_agrawal(const layout& l, machine_kind k);
program direct(const layout& l, machine_kind k);

}  // namespace weft::transpose
