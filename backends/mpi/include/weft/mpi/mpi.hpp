#pragma once
// The MPI backend (docs/mpi.md): the same PE program, compiled once, runs on the ranks mpirun
// starts, every pe call mapped onto MPI, every time wall-clock (MPI_Wtime).
//
//   int main() {
//     weft::mpi::environment env;                       // MPI_Init ... MPI_Finalize
//     weft::mpi::options o;
//     o.program_name = "mine";
//     auto r = weft::mpi::run(env, my_program, o);
//     if (env.rank() == 0) weft::output::write_json(std::cout, r);     // every rank's figures, gathered
//   }
//
// No MPI header here: programs and algorithms never see one. A weft built without MPI has this
// library too; there every call throws std::invalid_argument saying how to enable it.

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "weft/cost_model.hpp"
#include "weft/program.hpp"
#include "weft/report.hpp"

namespace weft::mpi {

/// True when this weft was built with an MPI library (-DWEFT_MPI=ON or found by AUTO).
bool built_with_mpi();

/// What compute() does on a real rank: nothing (the default: only communication is measured),
/// or spin for the duration it names (compute(flops) and compute(kernel) need the host's rates).
enum class compute_mode { skip, spin };
compute_mode parse_compute_mode(std::string_view text);
std::string to_string(compute_mode m);

struct options {
  std::string program_name = "program";
  compute_mode compute = compute_mode::skip;
  /// Rates for compute(flops) and compute(kernel) when spinning; what pe::host() returns.
  /// Its collective costs stay zero: the library's real costs are measured, not modelled.
  host_model host;
  /// A rank waiting longer than this for one message aborts the job with what it waits for
  /// (a deadlock MPI cannot tell from a slow peer); 0: wait for ever.
  double timeout_seconds = 0;
};

/// MPI for this process: MPI_Init on construction, MPI_Finalize on destruction; one at a time.
class environment {
 public:
  environment();
  ~environment();
  environment(const environment&) = delete;
  environment& operator=(const environment&) = delete;

  int rank() const;
  int size() const;
  /// Prints "weft: error: <message>" (rank and host prefixed) on stderr and ends every rank of
  /// the job with `code` (MPI_Abort): no rank is left waiting for one that failed.
  [[noreturn]] void abort(const std::string& message, int code) const;
  /// Ends every rank of the job with `code` (MPI_Abort) without a line of its own: the caller
  /// said why.
  [[noreturn]] void abort_quietly(int code) const;
  /// Every rank waits here for all the others (MPI_Barrier). Collective.
  void barrier() const;
  /// One value per rank, at rank 0 in rank order (empty elsewhere). Collective.
  std::vector<double> gather(double value) const;
  /// Every rank's vector, of any length, at rank 0 in rank order (empty elsewhere): what a PE
  /// program left in its own process (its rows of a solution) brought to the rank that prints.
  /// Collective.
  std::vector<std::vector<double>> gather_doubles(const std::vector<double>& values) const;
};

/// Runs `prog` on every rank of the job (collective: every rank calls it). At rank 0 the report
/// holds every rank's figures (backend "mpi", times in wall-clock picoseconds since the common
/// start); elsewhere only the rank's own. A PE program that throws aborts the job with its
/// message (environment::abort, exit code 4).
report run(const environment& env, const program& prog, const options& o = {});

}  // namespace weft::mpi
