#pragma once
// What `weft cg` writes: the table on stdout, JSON, CSV and a stacked-bar SVG of the time per
// iteration (docs/cg.md shows them; docs/report.md has the JSON schema).
#include "sweep_stop.hpp"
#include <ostream>
#include <string>
#include <string_view>
#include <vector>

#include "weft/cg/solver.hpp"
#include "weft/sparse/matrix.hpp"

namespace weft::cli {

struct cg_matrix_info {
  std::string name;  ///< the file or the generator spec
  std::int64_t rows = 0, nnz = 0;
  std::string rhs;
};

struct cg_row {
  std::string machine;
  int procs = 0;
  cg::outcome out;
};

/// What `weft cg` read and checked, whichever the backend.
struct cg_inputs {
  cg_matrix_info info;
  sparse::csr_matrix a;
  std::vector<double> b;
  cg::params p;
  std::vector<int> procs;  ///< as typed (empty: not typed)
  std::string solution, json_file, csv_file, plot_file;
  std::string backend;       ///< empty: the emulator; "mpi" (written to the JSON)
  std::string compute_text;  ///< the JSON's "compute" when not the emulator's model/measured
};

/// `kernels` says how kernels are timed when not by the params' compute mode (MPI's ranks).
void print_cg_header(std::ostream& out, const cg_matrix_info& m, const cg::params& p, std::string_view kernels = {});
void print_cg_row(std::ostream& out, const cg_row& r);
/// `backend` and `compute`, when not empty, are written instead of the emulator's (no
/// "backend" key, the params' compute mode).
void write_cg_json(std::ostream& out, const cg_matrix_info& m, const cg::params& p, const std::vector<cg_row>& rows,
                   std::string_view backend = {}, std::string_view compute = {}, const sweep_stop& stop = {});
void write_cg_csv(std::ostream& out, const std::vector<cg_row>& rows, const sweep_stop& stop = {});
/// After the runs, whichever the backend: writes --solution (the first run's x), --json, --csv
/// and --plot, says which runs found A not positive definite, and returns the exit code
/// (0; 8 not positive definite; 9 not converged: docs/cli.md).
/// --solution is written only from a run whose x is a result: not one that found A not positive
/// definite, nor one with a non-finite entry (stderr says why it was not written).
int finish_cg(const cg_inputs& in, const std::vector<cg_row>& rows);
/// A sweep stopped by `stop` (its run deadlocked, failed or was interrupted): writes --json and
/// --csv with the rows finished and where it stopped; no --solution, no --plot.
void write_stopped_cg(const cg_inputs& in, const std::vector<cg_row>& rows, const sweep_stop& stop);
/// Stacked bars, one per (PE count, machine), machines side by side: time per iteration split
/// by phase.
void write_cg_svg(std::ostream& out, const cg_matrix_info& m, const std::vector<cg_row>& rows);

}  // namespace weft::cli
