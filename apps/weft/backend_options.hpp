#pragma once
// --backend emulator|mpi and what goes with it (docs/mpi.md): on `mpi` the command runs on the
// ranks mpirun started, only rank 0 prints, and the emulator's own options are refused, each
// in one line, instead of being silently meaningless.

#include <functional>
#include <string>
#include <vector>

#include "weft/mpi/mpi.hpp"

namespace CLI {
class App;
}

namespace weft::cli {

struct backend_options {
  std::string backend = "emulator";
  std::string compute = "skip";  ///< what compute() does on MPI ranks: skip or spin
  double timeout = 60;           ///< seconds a rank waits for one message before aborting the job
  bool owns_compute = true;      ///< false: the command has a --compute of its own (cg), set by it
};

/// Adds --backend, --compute (unless `compute` is false: the command has its own, which sets
/// o.compute for MPI) and --timeout to `sub`.
void add_backend_options(CLI::App& sub, backend_options& o, bool compute = true);

/// True for --backend mpi, false for emulator; throws std::invalid_argument for anything else.
bool on_mpi(const backend_options& o);

/// Throws std::invalid_argument for the first option typed on `sub` that only the emulator
/// has (any option not in `allowed`, which lists names like "--json"), and, with the emulator,
/// for --compute and --timeout typed.
void check_backend_options(const CLI::App& sub, const backend_options& o, const std::vector<std::string>& allowed);

/// The mpi::run options from the command line.
mpi::options mpi_options(const backend_options& o, const std::string& program_name);

/// Throws std::invalid_argument unless --procs (when typed, `typed` > 0) equals the job's rank
/// count and the job has at least `min_procs` ranks (`what` names the program).
void check_rank_count(const mpi::environment& env, int typed, int min_procs, const std::string& what);

/// Runs `body` on every rank of an MPI job (MPI_Init .. MPI_Finalize). Bad input is found by
/// every rank alike: rank 0 reports it (one line, as main does), the others exit with the same
/// code in silence.
int run_on_mpi(const std::function<int(const mpi::environment&)>& body);

}  // namespace weft::cli
