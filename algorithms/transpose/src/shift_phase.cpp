#include "weft/transpose/shift_phase.hpp"

namespace weft::transpose {

int centered(std::int64_t x, int m) {
  auto v = static_cast<int>(((x % m) + m) % m);
  return v > m / 2 ? v - m : v;
}

namespace {

void step(pe& p, std::vector<block>& held, int to, int from, bool toward_plus, const shift_phase& phase, tag t) {
  auto out = take_if(held, [&](const block& b) {
    int left = phase.remaining(b);
    return toward_plus ? left > 0 : left < 0;
  });
  auto parcel = pack(out);
  // Send and receive at once (the paper's PEs do both in parallel); blocking on the receive is
  // what keeps the steps in lockstep without any barrier.
  auto sent = p.isend(to, t, parcel.to_payload());
  unpack(p.recv(from, t), held);
  p.wait(sent);
}

}  // namespace

void run_shift_phase(pe& p, std::vector<block>& held, const shift_phase& phase, int tag_base) {
  for (int h = 0; h < phase.steps_plus; ++h) step(p, held, phase.plus, phase.minus, true, phase, tag{tag_base + h});
  for (int h = 0; h < phase.steps_minus; ++h)
    step(p, held, phase.minus, phase.plus, false, phase, tag{tag_base + phase.steps_plus + h});
}

}  // namespace weft::transpose
