// coll_scale OP ALGORITHM TOPOLOGY PROCS [ITERATIONS [WORKERS]]
// One collective of 8 B per PE on a large machine: prints the virtual time per call and the
// host facts of the run (wall time, peak memory), one line, for docs/performance/collectives.md.
// Link model: cut-through, 1 us per hop, 10 GB/s (the SimGrid comparison's cluster).
#include <cstdio>
#include <iostream>
#include <string>

#include "weft/coll/benchmark.hpp"
#include "weft/machine.hpp"

int main(int argc, char** argv) {
  if (argc < 5) {
    std::cerr << "usage: coll_scale OP ALGORITHM TOPOLOGY PROCS [ITERATIONS [WORKERS]]\n";
    return 2;
  }
  try {
    weft::coll::benchmark_case c;
    c.op = weft::coll::parse_operation(argv[1]);
    c.algorithm = argv[2];
    const int procs = std::stoi(argv[4]);
    c.iterations = argc > 5 ? std::stoi(argv[5]) : 1;
    // Measures the engine, as docs/performance/collectives.md reports it: no result check (and
    // no extra call at a non-zero root); the tests and `weft coll` check the results.
    c.check = false;
    weft::cost_model m;
    m.mode = weft::switching::cut_through;
    m.hop_latency = weft::vtime::us(1);
    m.tau = weft::parse_bandwidth("10GB/s", "bandwidth");
    weft::machine machine(argv[3], m);
    weft::run_options opt;
    opt.workers = argc > 6 ? std::stoi(argv[6]) : 0;
    opt.stack_bytes = 16 * 1024;
    std::vector<weft::vtime> per_pe(static_cast<std::size_t>(procs));
    auto r = machine.run(procs, weft::coll::benchmark_program(c, per_pe), opt);
    auto t = weft::coll::summarize(per_pe);
    std::printf("%s/%s %s P=%d iterations=%d status=%s virtual_per_call_us(avg/max)=%.3f/%.3f makespan_us=%.3f "
                "wall_s=%.3f peak_rss_MiB=%.1f workers=%d phases=%llu spread=%llu engine_events=%llu messages=%llu\n",
                argv[1], argv[2], argv[3], procs, c.iterations, weft::to_string(r.status).c_str(), t.avg.micros(),
                t.max.micros(), r.makespan.micros(), r.host.wall_seconds,
                static_cast<double>(r.host.peak_rss_bytes) / (1 << 20), r.host.workers,
                static_cast<unsigned long long>(r.host.phases), static_cast<unsigned long long>(r.host.spread_phases), static_cast<unsigned long long>(r.host.engine_events),
                static_cast<unsigned long long>(r.delivered));
    return r.exit_code();
  } catch (const std::exception& e) {
    std::cerr << "coll_scale: " << e.what() << "\n";
    return 2;
  }
}
