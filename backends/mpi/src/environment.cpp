// MPI's lifetime and the job-wide helpers (abort, gather) of weft/mpi/mpi.hpp.
#include <mpi.h>

#include <climits>
#include <cstdint>
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
  // One thread at a time calls MPI: the PE program on the main thread (--backend mpi), or the
  // emulator's engine on one of its workers (--engine mpi, engine_link.cpp).
  int provided = 0;
  MPI_Init_thread(nullptr, nullptr, MPI_THREAD_SERIALIZED, &provided);
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

void environment::abort_quietly(int code) const {
  MPI_Abort(MPI_COMM_WORLD, code);
  std::abort();  // MPI_Abort does not return
}

std::vector<double> environment::gather(double value) const {
  std::vector<double> all(rank() == 0 ? static_cast<std::size_t>(size()) : 0);
  MPI_Gather(&value, 1, MPI_DOUBLE, all.data(), 1, MPI_DOUBLE, 0, MPI_COMM_WORLD);
  return all;
}

std::vector<std::vector<double>> environment::gather_doubles(const std::vector<double>& values) const {
  const int me = rank(), ranks = size();
  // The lengths first, so that rank 0 can place every rank's values (MPI_Gatherv).
  const int count = static_cast<int>(values.size());
  // Too many values end the job rather than throw: the other ranks are already in the gather.
  if (values.size() > static_cast<std::size_t>(INT_MAX))
    detail::abort_job("gather_doubles: more values than MPI's int count allows", 4);
  std::vector<int> counts(me == 0 ? static_cast<std::size_t>(ranks) : 0), offsets(counts.size());
  MPI_Gather(&count, 1, MPI_INT, counts.data(), 1, MPI_INT, 0, MPI_COMM_WORLD);
  std::int64_t total = 0;
  for (std::size_t r = 0; r < counts.size(); ++r) {
    offsets[r] = static_cast<int>(total);
    total += counts[r];
  }
  if (total > INT_MAX) detail::abort_job("gather_doubles: more values in all than MPI's int count allows", 4);
  std::vector<double> flat(static_cast<std::size_t>(total));
  MPI_Gatherv(values.data(), count, MPI_DOUBLE, flat.data(), counts.data(), offsets.data(), MPI_DOUBLE, 0,
              MPI_COMM_WORLD);
  std::vector<std::vector<double>> all;
  for (std::size_t r = 0; r < counts.size(); ++r)
    all.emplace_back(flat.begin() + offsets[r], flat.begin() + offsets[r] + counts[r]);
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
