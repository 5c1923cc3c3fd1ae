// The README's first program: a token around a ring of 256 PEs on a 16×16 torus.
//
//   0 -> 1 -> 2 -> ... -> 255 -> 0
#include <iostream>
#include <weft/weft.hpp>

void ring(weft::pe& pe) {
  int right = (pe.rank() + 1) % pe.size(), left = (pe.rank() + pe.size() - 1) % pe.size();
  if (pe.rank() == 0) pe.send(right, weft::tag{1}, 42);
  int token = pe.recv(left, weft::tag{1}).as<int>();
  pe.compute(weft::vtime::ns(100));  // charged to this PE's virtual clock
  if (pe.rank() != 0) pe.send(right, weft::tag{1}, token);
}

int main() {
  weft::cost_model model;
  model.alpha = weft::parse_time("1us", "alpha");
  model.tau = weft::parse_bandwidth("4GB/s", "bandwidth");
  weft::machine machine("torus:16x16", model);
  auto report = machine.run(256, ring);  // one fiber per PE, CAF actors underneath
  std::cout << "status " << report.status << ", makespan " << weft::format_time(report.makespan) << '\n';
}
