// What the end of an empty window costs on this host (--engine mpi, docs/distributed.md): the one
// reduction every window makes, the neighbourhood exchange of border events with nothing to send,
// and both overlapped as the engine does them, each timed over many windows on every rank.
//   mpirun -n R bench/engine/empty_window [windows]
// Neighbours: a ring of ranks (each rank shares links with the one before and after it, as the
// blocks of a ring or torus do).
#include <algorithm>
#include <array>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

#include "weft/detail/rank_link.hpp"
#include "weft/mpi/engine_link.hpp"
#include "weft/mpi/mpi.hpp"

namespace {

template <class Step>
double microseconds_per_window(weft::detail::rank_link& link, int windows, Step step) {
  std::array<std::int64_t, 1> sync{0};
  link.start_min(sync);  // start together
  link.finish_min();
  const auto start = std::chrono::steady_clock::now();
  for (int i = 0; i < windows; ++i) step();
  return std::chrono::duration<double, std::micro>(std::chrono::steady_clock::now() - start).count() / windows;
}

}  // namespace

int main(int argc, char** argv) {
  const int windows = argc > 1 ? std::atoi(argv[1]) : 20000;
  weft::mpi::environment env;
  auto link = weft::mpi::make_engine_link(env);
  const int me = link->rank(), n = link->ranks();
  std::vector<int> near;
  for (int r : {(me + n - 1) % n, (me + 1) % n})
    if (r != me && std::find(near.begin(), near.end(), r) == near.end()) near.push_back(r);
  std::sort(near.begin(), near.end());
  link->set_neighbours(near);
  std::vector<std::vector<std::byte>> out(near.size()), in(near.size());
  std::array<std::int64_t, 4> v{};
  const double reduce = microseconds_per_window(*link, windows, [&] {
    v = {me, me, 1, 1};
    link->start_min(v);
    link->finish_min();
  });
  const double exchange = microseconds_per_window(*link, windows, [&] { link->exchange(out, in); });
  const double both = microseconds_per_window(*link, windows, [&] {
    v = {me, me, 1, 1};
    link->start_min(v);
    link->exchange(out, in);
    link->finish_min();
  });
  const auto all = env.gather(both);
  if (me == 0) {
    double worst = 0;
    for (double t : all) worst = std::max(worst, t);
    std::printf("ranks %d, %d windows: reduction %.2f us, empty exchange %.2f us, window end (both, overlapped) %.2f us "
                "(slowest rank %.2f us)\n",
                n, windows, reduce, exchange, both, worst);
  }
  return 0;
}
