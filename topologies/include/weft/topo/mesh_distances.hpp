#pragma once
// Closed-form PE distances of seed 000 (Nakano & Tsuda), kept apart from the graphs so tests can
// hold the formulas against breadth-first search.

namespace weft::topo {

/// Illiac IV distance L1(d) for P = q*q PEs (formula 2.3 with symmetries 2.1, 2.2): fold d into
/// 0..P/2, write d = a*q + b with a = 0..q/2 and b = -q/2+1..q/2, answer a + |b|.
int illiac_distance(int pes, int d);

/// PAX distance along one axis, L_P(x) = min(x mod q, q - x mod q) (formula 2.6 with 2.4, 2.5).
int pax_axis_distance(int side, int x);

}  // namespace weft::topo
