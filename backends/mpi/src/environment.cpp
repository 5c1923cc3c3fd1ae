// MPI's lifetime and the job-wide helpers (abort, gather) of weft/mpi/mpi.hpp.
#include <mpi.h>

#include <cstdio>
#include <cstdlib>
#include <stdexcept>
#include <string>

#include "abort.hpp"
#include "weft/mpi/mpi.hpp"

namespace weft::mpi {

bool built_with_mpi() { return true; }

environment::environment() {
  int ready = 0;
  MPI_Initialized(&ready);
  if (ready) throw std::logic_error("weft::mpi::environment: MPI is already initialised in this process");
  // One thread per rank calls MPI: the PE program runs on the main thread.
  int provided = 0;
  MPI_Init_thread(nullptr, nullptr, MPI_THREAD_FUNNELED, &provided);
  // Errors come back as codes turned into aborts with a message, not as silent returns.
  MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_ARE_FATAL);
}

environment::~environment() { MPI_Finalize(); }

void environment::barrier() const { MPI_Barrier(MPI_COMM_WORLD); }

int environment::rank() const {
  int r = 0;
  MPI_Comm_rank(MPI_COMM_WORLD, &r);
  return r;
}

int environment::size() const {
  int s = 1;
  MPI_Comm_size(MPI_COMM_WORLD, &s);
  return s;
}

void environment::abort(const std::string& message, int code) const { detail::abort_job(message, code); }

std::vector<double> environment::gather(double value) const {
  std::vector<double> all(rank() == 0 ? static_cast<std::size_t>(size()) : 0);
  MPI_Gather(&value, 1, MPI_DOUBLE, all.data(), 1, MPI_DOUBLE, 0, MPI_COMM_WORLD);
  return all;
}

namespace detail {

void abort_job(const std::string& message, int code) {
  int rank = 0;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  char host[MPI_MAX_PROCESSOR_NAME] = {};
  int length = 0;
  MPI_Get_processor_name(host, &length);
  std::fprintf(stderr, "weft: error: rank %d (%s): %s\n", rank, host, message.c_str());
  std::fflush(stderr);
  MPI_Abort(MPI_COMM_WORLD, code);
  std::abort();  // MPI_Abort does not return; this tells the compiler so
}

}  // namespace detail

}  // namespace weft::mpi
