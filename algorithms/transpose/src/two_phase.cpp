#include "weft/transpose/blocks.hpp"
#include "weft/transpose/programs.hpp"
#include "weft/transpose/shift_phase.hpp"

namespace weft::transpose {

namespace {

// PAX (a √P×√P torus, PE (j, k) = √P·j + k): phase 1 moves A(i,j),(k,l) down or up its column
// to row k, phase 2 along the row to column l; shortest way round each ring.
void pax_phases(pe& p, std::vector<block>& held, int q) {
  const int me = p.rank(), row = me / q, col = me % q;
  shift_phase vertical{((row + 1) % q) * q + col, ((row - 1 + q) % q) * q + col, q / 2, q / 2 - 1,
                       [=](const block& b) { return centered(b.dst / q - row, q); }};
  run_shift_phase(p, held, vertical, 0);
  shift_phase horizontal{row * q + (col + 1) % q, row * q + (col - 1 + q) % q, q / 2, q / 2 - 1,
                         [=](const block& b) { return centered(b.dst % q - col, q); }};
  run_shift_phase(p, held, horizontal, q);
}

// Illiac IV on 1D numbers: write dst − src = √P·k + l with k, l in (−√P/2, √P/2]; phase 1 takes
// the block k steps along the ±√P links, phase 2 l steps along the ±1 chain.
int phase_one_target(const block& b, int q) {
  const int pes = q * q;
  const int d = ((b.dst - b.src) % pes + pes) % pes;
  const int l = centered(d, q);
  const int k = centered((d - l) / q, q);
  return ((b.src + q * k) % pes + pes) % pes;
}

void illiac_phases(pe& p, std::vector<block>& held, int q) {
  const int me = p.rank(), pes = q * q;
  shift_phase vertical{(me + q) % pes, (me - q + pes) % pes, q / 2, q / 2 - 1, [=](const block& b) {
                         int along = ((phase_one_target(b, q) - me) % pes + pes) % pes;  // a multiple of √P
                         return centered(along / q, q);
                       }};
  run_shift_phase(p, held, vertical, 0);
  shift_phase horizontal{(me + 1) % pes, (me - 1 + pes) % pes, q / 2, q / 2 - 1,
                         [=](const block& b) { return centered(b.dst - me, pes); }};
  run_shift_phase(p, held, horizontal, q);
}

}  // namespace

program two_phase(const layout& l, machine_kind k) {
  return [l, k](pe& p) {
    auto held = initial_blocks(l, p.rank());
    if (k == machine_kind::pax) pax_phases(p, held, l.side());
    else illiac_phases(p, held, l.side());
    place_and_verify(l, p.rank(), held);
  };
}

program bhuyan_agrawal(const layout& l, machine_kind k) {
  if (k != machine_kind::illiac)
    throw std::invalid_argument("algorithm bhuyan-agrawal runs on the Illiac IV chain only (use --machine illiac)");
  return [l](pe& p) {
    const int me = p.rank(), pes = l.pes();
    auto held = initial_blocks(l, me);
    // All traffic goes the + way round the chain: after step h a block has moved h PEs on.
    shift_phase chain{(me + 1) % pes, (me - 1 + pes) % pes, pes - 1, 0,
                      [=](const block& b) { return ((b.dst - me) % pes + pes) % pes; }};
    run_shift_phase(p, held, chain, 0);
    place_and_verify(l, me, held);
  };
}

}  // namespace weft::transpose
