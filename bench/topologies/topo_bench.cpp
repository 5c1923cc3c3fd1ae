// topo_bench [-r ROUNDS]: times building and analysing a 32x32 torus, a 2D-SRT(5,2,1) and a
// 65,536-node torus, and counts routing next-hop computations per second, the figure the
// network engine pays once per hop per message. Prints the median of ROUNDS runs (default 5).
//
//   spec ---> topology_registry::make ---> analyse(topology, routing) ---> table
//              (build)                       (distances, load, bisection, CDG)
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstring>
#include <string>
#include <vector>

#include "weft/topo/analysis.hpp"
#include "weft/topology_registry.hpp"

namespace {

using clock_type = std::chrono::steady_clock;

double seconds_since(clock_type::time_point t0) {
  return std::chrono::duration<double>(clock_type::now() - t0).count();
}

double median(std::vector<double> v) {
  std::sort(v.begin(), v.end());
  return v[v.size() / 2];
}

}  // namespace

int main(int argc, char** argv) {
  int rounds = 5;
  for (int i = 1; i + 1 < argc; ++i)
    if (std::strcmp(argv[i], "-r") == 0) rounds = std::max(1, std::atoi(argv[i + 1]));
  weft::topology_registry topologies;
  weft::register_builtin_topologies(topologies);
  weft::routing_registry routings;
  weft::register_builtin_routings(routings);

  struct analysis_case {
    const char* spec;
    const char* routing;
  };
  std::printf("%-18s %-16s %10s %10s  %s\n", "topology", "routing", "build ms", "analyse ms", "notes");
  for (auto c : {analysis_case{"torus:32x32", "dateline"}, analysis_case{"srt2d:5,2,1", "srt-dlf"},
                 analysis_case{"srt2d:5,2,1", "srt-adp"}, analysis_case{"torus:256x256", "dimension-order"}}) {
    std::vector<double> build, analyse;
    std::string note;
    for (int r = 0; r < rounds; ++r) {
      auto t0 = clock_type::now();
      auto t = topologies.make(c.spec);
      build.push_back(seconds_since(t0) * 1e3);
      auto routing = routings.make(c.routing, *t);
      t0 = clock_type::now();
      auto a = weft::topo::analyse(*t, *routing);
      analyse.push_back(seconds_since(t0) * 1e3);
      note = "diam " + std::to_string(a.diameter) + ", max load " + std::to_string(static_cast<long long>(a.max_load)) +
             ", CDG " + (a.deadlock.checked ? (a.deadlock.acyclic ? "acyclic" : "cyclic") : "skipped");
    }
    std::printf("%-18s %-16s %10.1f %10.1f  %s\n", c.spec, c.routing, median(build), median(analyse), note.c_str());
  }

  std::printf("\n%-18s %-16s %14s\n", "topology", "routing", "next_hops/s");
  struct route_case {
    const char* spec;
    const char* routing;
  };
  for (auto c : {route_case{"torus:256x256", "dimension-order"}, route_case{"torus:256x256", "dateline"},
                 route_case{"hypercube:16", "e-cube"}, route_case{"srt2d:5,2,1", "srt-dlf"},
                 route_case{"srt2d:8,5,1", "srt-adp"}, route_case{"srt1d:16,13", "srt-dlf"},
                 route_case{"torus:32x32", "shortest-path"}, route_case{"fattree:16,3", "tree"}}) {
    auto t = topologies.make(c.spec);
    auto routing = routings.make(c.routing, *t);
    const auto n = static_cast<std::uint64_t>(t->compute_nodes());
    std::vector<double> rates;
    std::vector<weft::hop> out;
    out.reserve(16);
    for (int r = 0; r < rounds; ++r) {
      std::uint64_t x = 88172645463325252ULL, calls = 0;  // xorshift: same pairs every run
      auto next = [&] {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        return static_cast<weft::node_id>(x % n);
      };
      auto t0 = clock_type::now();
      for (int m = 0; m < 20000; ++m) {
        weft::node_id s = next(), d = next(), at = s;
        weft::route_state st{s, 0, 0, 0};
        while (at != d) {
          out.clear();
          routing->next_hops(at, d, st, out);
          ++calls;
          at = t->link_at(out.front().link).to;
          st.vc = out.front().vc;
          ++st.hops;
        }
      }
      rates.push_back(static_cast<double>(calls) / seconds_since(t0));
    }
    std::printf("%-18s %-16s %14.3g\n", c.spec, c.routing, median(rates));
  }
  return 0;
}
