// sa_speed [--objective tac3|tahb|rmatt-o2f] [--machine tofu:1x2x4] [--grid 8x8] [--runs R]
//          [--threads T] [--repeat K] [--seed S]
// Simulated annealing trials per second (issue 14 §4, docs/PERFORMANCE.md "Placement search"):
// the NAS CG kernel's log (nas_cg_log(rows, cols, 1 MiB)) on a Tofu machine, the paper's schedule
// (492,500 trials per run) from the FX10 default placement. Each repetition runs R independent
// runs on T threads and times them; prints every repetition and the median as key=value.
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

#include "weft/mapping/anneal.hpp"
#include "weft/mapping/baselines.hpp"
#include "weft/mapping/ccs.hpp"
#include "weft/mapping/nas_cg.hpp"

int main(int argc, char** argv) {
  using namespace weft::mapping;
  std::string objective = "tac3", machine_spec = "tofu:1x2x4";
  int rows = 8, cols = 8, runs = 2, threads = 2, repeat = 3;
  std::uint64_t seed = 1;
  for (int i = 1; i + 1 < argc; i += 2) {
    const std::string k = argv[i], v = argv[i + 1];
    if (k == "--objective") objective = v;
    else if (k == "--machine") machine_spec = v;
    else if (k == "--grid") std::sscanf(v.c_str(), "%dx%d", &rows, &cols);
    else if (k == "--runs") runs = std::atoi(v.c_str());
    else if (k == "--threads") threads = std::atoi(v.c_str());
    else if (k == "--repeat") repeat = std::atoi(v.c_str());
    else if (k == "--seed") seed = std::strtoull(v.c_str(), nullptr, 10);
    else {
      std::fprintf(stderr, "sa_speed: unknown option %s\n", k.c_str());
      return 2;
    }
  }
  try {
    const auto machine = machine_routes::from_spec(machine_spec);
    const auto sets = extract_ccs(nas_cg_log(rows, cols, 1 << 20));
    anneal_options o;
    o.objective = parse_objective(objective);
    o.seed = seed;
    o.start = machine_spec.starts_with("tofu") ? default_placement(machine_spec, sets.tasks) : identity_placement(sets.tasks);
    std::vector<double> rates;
    for (int rep = 0; rep < repeat; ++rep) {
      const auto t0 = std::chrono::steady_clock::now();
      const auto results = anneal_runs(sets, machine, o, runs, threads);
      const double s = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
      std::int64_t trials = 0;
      double best = results.empty() ? 0 : results.front().best_cost;
      for (const auto& r : results) {
        trials += r.trials;
        best = std::min(best, r.best_cost);
      }
      rates.push_back(static_cast<double>(trials) / s);
      std::printf("repetition=%d objective=%s machine=%s tasks=%d runs=%d threads=%d trials=%lld seconds=%.3f trials_per_s=%.0f "
                  "start_cost=%.0f best_cost=%.0f\n",
                  rep, objective.c_str(), machine_spec.c_str(), sets.tasks, runs, threads, static_cast<long long>(trials), s,
                  rates.back(), results.empty() ? 0 : results.front().start_cost, best);
    }
    std::sort(rates.begin(), rates.end());
    std::printf("median_trials_per_s=%.0f\n", rates.empty() ? 0 : rates[rates.size() / 2]);
  } catch (const std::exception& e) {
    std::fprintf(stderr, "sa_speed: %s\n", e.what());
    return 2;
  }
}
