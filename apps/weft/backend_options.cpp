#include "backend_options.hpp"

#include <cmath>

#include <cstdio>
#include <CLI/CLI.hpp>
#include <fmt/format.h>

#include <algorithm>
#include <stdexcept>
#include <string>
#include <string_view>

namespace weft::cli {

void add_backend_options(CLI::App& sub, backend_options& o, bool compute) {
  o.owns_compute = compute;
  const std::string group = "Backend";
  sub.add_option("--backend", o.backend,
                 "emulator (the emulated machine, virtual time) or mpi (the ranks mpirun started, wall-clock "
                 "time; docs/mpi.md)")
      ->group(group)
      ->capture_default_str();
  if (compute)
    sub.add_option("--compute", o.compute, "with --backend mpi, what compute() does: skip, or spin for its duration")
        ->group(group)
        ->capture_default_str();
  sub.add_option("--timeout", o.timeout,
                 "with --backend mpi, seconds a rank waits for one message before it aborts the job (0: no limit)")
      ->group(group)
      ->capture_default_str();
}

bool on_mpi(const backend_options& o) {
  if (o.backend == "mpi") return true;
  if (o.backend == "emulator") return false;
  throw std::invalid_argument("--backend '" + o.backend + "' is not valid (emulator, mpi)");
}

void check_backend_options(const CLI::App& sub, const backend_options& o, const std::vector<std::string>& allowed) {
  if (!on_mpi(o)) {
    for (const char* name : {"--compute", "--timeout"})
      if ((o.owns_compute || std::string_view(name) != "--compute") && sub.count(name))
        throw std::invalid_argument(std::string(name) + " applies to --backend mpi only");
    return;
  }
  if (!mpi::built_with_mpi())
    throw std::invalid_argument("this weft was built without MPI; reconfigure with -DWEFT_MPI=ON after installing libopenmpi-dev");
  mpi::parse_compute_mode(o.compute);
  // NaN fails every comparison: it was called "negative". 0 waits forever.
  if (std::isnan(o.timeout))
    throw std::invalid_argument("--timeout nan is not a number of seconds (allowed 0 and more; 0: wait forever)");
  if (o.timeout < 0)
    throw std::invalid_argument(fmt::format("--timeout {:g} is negative (allowed 0 and more; 0: wait forever)", o.timeout));
  for (const CLI::Option* opt : sub.get_options()) {
    if (opt->count() == 0) continue;
    const auto& long_names = opt->get_lnames();
    const std::string name = long_names.empty() ? opt->get_name() : "--" + long_names.front();
    if (name == "--help" || name == "--backend" || name == "--compute" || name == "--timeout") continue;
    if (std::find(allowed.begin(), allowed.end(), name) != allowed.end()) continue;
    throw std::invalid_argument(name + " is the emulator's; --backend mpi runs on the ranks mpirun started and "
                                "measures them (drop " + name + "; docs/mpi.md lists what applies)");
  }
}

mpi::options mpi_options(const backend_options& o, const std::string& program_name) {
  mpi::options m;
  m.program_name = program_name;
  m.compute = mpi::parse_compute_mode(o.compute);
  m.timeout_seconds = o.timeout;
  return m;
}

void check_rank_count(const mpi::environment& env, int typed, int min_procs, const std::string& what) {
  const int ranks = env.size();
  if (typed > 0 && typed != ranks)
    throw std::invalid_argument("--procs " + std::to_string(typed) + " differs from the MPI job's " +
                                std::to_string(ranks) + " rank" + (ranks == 1 ? "" : "s") + " (start it with mpirun -n " +
                                std::to_string(typed) + ", or drop --procs)");
  if (ranks < min_procs)
    throw std::invalid_argument(what + " needs at least " + std::to_string(min_procs) + " PEs; this MPI job has " +
                                std::to_string(ranks) + " rank" + (ranks == 1 ? "" : "s") + " (start it with mpirun -n " +
                                std::to_string(min_procs) + " or more)");
}

int run_on_mpi(const std::function<int(const mpi::environment&)>& body) {
  mpi::environment env;
  try {
    return body(env);
  } catch (const std::invalid_argument& e) {
    // Every rank refuses the same input. Rank 0 says so before any rank leaves: a rank that
    // exited first would make mpirun end the job, and could take rank 0's line with it.
    if (env.rank() == 0) {
      std::fprintf(stderr, "weft: error: %s\n", e.what());
      std::fflush(stderr);
    }
    env.barrier();
    return 2;
  }
}

}  // namespace weft::cli
