#include "weft/topo/mesh_distances.hpp"

namespace weft::topo {

int illiac_distance(int pes, int d) {
  int q = 1;
  while (q * q < pes) ++q;
  d = ((d % pes) + pes) % pes;          // (2.2): period P
  if (d > pes / 2) d = pes - d;         // (2.1): symmetric about 0 and P/2
  int a = (d + q / 2 - 1) / q;          // the a that puts b in (-q/2, q/2]
  int b = d - a * q;
  return a + (b < 0 ? -b : b);
}

int pax_axis_distance(int side, int x) {
  int m = ((x % side) + side) % side;
  return m < side - m ? m : side - m;
}

}  // namespace weft::topo
