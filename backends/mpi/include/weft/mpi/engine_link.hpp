#pragma once
// --engine mpi (docs/distributed.md): the emulator itself spread over the ranks mpirun started.
// Not the MPI backend (weft/mpi/mpi.hpp, --backend mpi), which runs PE programs natively: here
// each rank holds a partition of the emulated machine, and the engine's ranks meet through this
// link (weft/detail/rank_link.hpp, the engine's own and not installed: only the runtime and the
// weft command use it), built on MPI_COMM_WORLD. No MPI header here.

#include <memory>

#include "weft/mpi/mpi.hpp"

namespace weft::detail {
class rank_link;
}

namespace weft::mpi {

/// The engine's link to the other ranks of the job `env` belongs to. Throws
/// std::invalid_argument in a weft built without MPI.
std::unique_ptr<weft::detail::rank_link> make_engine_link(const environment& env);

}  // namespace weft::mpi
