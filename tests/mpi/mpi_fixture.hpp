#pragma once
// One MPI environment for a whole Boost.Test module run under mpirun: MPI is initialised once
// per process, before the first case, and finalised after the last.
#include <boost/test/unit_test.hpp>

#include <memory>

#include "weft/mpi/mpi.hpp"

struct mpi_session {
  static weft::mpi::environment*& env() {
    static weft::mpi::environment* e = nullptr;
    return e;
  }
  mpi_session() : held(std::make_unique<weft::mpi::environment>()) { env() = held.get(); }
  ~mpi_session() { env() = nullptr; }
  std::unique_ptr<weft::mpi::environment> held;
};
BOOST_TEST_GLOBAL_FIXTURE(mpi_session);

inline const weft::mpi::environment& mpi_env() { return *mpi_session::env(); }
