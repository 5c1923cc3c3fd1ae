#pragma once
// Ends the whole job from one rank, saying why: a rank that fails must not leave the others
// waiting for it (MPI_Abort), and the reason must reach the user (stderr, before the abort).

#include <string>

namespace weft::mpi::detail {

/// Prints "weft: error: rank R (HOST): <message>" on stderr and calls MPI_Abort(MPI_COMM_WORLD, code).
[[noreturn]] void abort_job(const std::string& message, int code);

}  // namespace weft::mpi::detail
