#include <algorithm>

#include "weft/transpose/blocks.hpp"
#include "weft/transpose/programs.hpp"

namespace weft::transpose {

program direct(const layout& l, machine_kind) {
  return [l](pe& p) {
    const int me = p.rank(), pes = l.pes();
    auto blocks = initial_blocks(l, me);
    // PE i starts with PE i+1, then i+2, ...: the usual rotation, so that not every PE aims at
    // PE 0 first.
    std::ranges::sort(blocks, {}, [&](const block& b) { return (b.dst - me + pes) % pes; });
    std::vector<block> held;
    std::vector<request> recvs, sends;
    for (int src : l.partners(me))
      if (src != me) recvs.push_back(p.irecv(src, tag{0}));
    for (auto& b : blocks) {
      if (b.dst == me) {
        held.push_back(std::move(b));
        continue;
      }
      sends.push_back(p.isend(b.dst, tag{0}, pack({b}).to_payload()));
    }
    for (auto& m : p.wait_all(recvs)) unpack(m, held);
    p.wait_all(sends);
    place_and_verify(l, me, held);
  };
}

}  // namespace weft::transpose
