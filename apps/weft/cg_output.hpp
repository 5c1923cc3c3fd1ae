#pragma once
// What `weft cg` writes: the table on stdout, JSON, CSV and a stacked-bar SVG of the time per
// iteration (docs/cg.md shows them; docs/report.md has the JSON schema).
#include <ostream>
#include <string>
#include <vector>

#include "weft/cg/solver.hpp"

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

void print_cg_header(std::ostream& out, const cg_matrix_info& m, const cg::params& p);
void print_cg_row(std::ostream& out, const cg_row& r);
void write_cg_json(std::ostream& out, const cg_matrix_info& m, const cg::params& p, const std::vector<cg_row>& rows);
void write_cg_csv(std::ostream& out, const std::vector<cg_row>& rows);
/// Stacked bars, one per (PE count, machine), machines side by side: time per iteration split
/// by phase.
void write_cg_svg(std::ostream& out, const cg_matrix_info& m, const std::vector<cg_row>& rows);

}  // namespace weft::cli
