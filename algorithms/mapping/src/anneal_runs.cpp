// Independent annealing runs on worker threads. An offline search, not PE code: it may use
// threads of its own. Each run owns its state and seed; results land at their run's index, so the
// thread count changes only the wall time.
#include <algorithm>
#include <atomic>
#include <exception>
#include <mutex>
#include <stdexcept>
#include <thread>

#include "weft/mapping/anneal.hpp"

namespace weft::mapping {

std::uint64_t derive_seed(std::uint64_t seed, int run) {
  std::uint64_t z = seed + 0x9e3779b97f4a7c15ULL * (static_cast<std::uint64_t>(run) + 1);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
  return z ^ (z >> 31);
}

std::vector<anneal_result> anneal_runs(const ccs_result& sets, const machine_routes& machine, const anneal_options& options,
                                       int runs, int threads) {
  if (runs < 0) throw std::invalid_argument("anneal_runs: runs must be >= 0, got " + std::to_string(runs));
  if (threads < 0) throw std::invalid_argument("anneal_runs: threads must be >= 0, got " + std::to_string(threads));
  if (threads == 0) threads = static_cast<int>(std::max(1u, std::thread::hardware_concurrency()));
  threads = std::max(1, std::min(threads, runs));
  std::vector<anneal_result> results(static_cast<std::size_t>(runs));
  std::atomic<int> next{0};
  std::exception_ptr failure;
  std::mutex failure_mutex;
  auto worker = [&] {
    for (int r; (r = next.fetch_add(1)) < runs;) {
      if (options.stop && options.stop->load()) return;  // Ctrl-C: no further run starts
      try {
        anneal_options o = options;
        o.seed = derive_seed(options.seed, r);
        results[static_cast<std::size_t>(r)] = anneal(sets, machine, o);
      } catch (...) {
        std::lock_guard lock(failure_mutex);
        if (!failure) failure = std::current_exception();
      }
    }
  };
  if (threads == 1) {
    worker();
  } else {
    std::vector<std::jthread> pool;
    for (int t = 0; t < threads; ++t) pool.emplace_back(worker);
  }
  if (failure) std::rethrow_exception(failure);
  if (options.stop && options.stop->load()) return {};  // stopped: not the runs asked for
  return results;
}

}  // namespace weft::mapping
