#include "weft/transpose/sweep.hpp"

#include <fmt/format.h>

#include <iomanip>
#include <map>
#include <ostream>
#include <set>
#include <stdexcept>

#include "weft/output/csv.hpp"

namespace weft::transpose {

double ratio_to_bound(vtime transfer, const fraction& bound, byte_time tau) {
  if (tau.is_zero() || bound.num == 0) return 0;
  // transfer / ((num/den)·(tau.num/tau.den))
  return static_cast<double>(transfer.ps) * static_cast<double>(bound.den) * static_cast<double>(tau.den) /
         (static_cast<double>(bound.num) * static_cast<double>(tau.num));
}

std::vector<sweep_row> sweep(const algorithm_registry& algorithms, std::int64_t n, const std::vector<int>& pes,
                             const std::vector<machine_kind>& machines, vtime alpha, byte_time tau,
                             const run_options& options, std::string_view routing) {
  std::vector<sweep_row> rows;
  for (auto k : machines)
    for (int p : pes) {
      if (static_cast<std::int64_t>(p) >= n * n) continue;  // no layout: P must stay below N²
      layout l(n, p);
      for (const auto& a : algorithms.entries()) {
        if (!a.runs_on(k)) continue;
        measurement m;
        try {
          m = measure(k, l, a.make(l, k), alpha, tau, options, routing);
        } catch (const std::runtime_error&) {
          // Interrupted (Ctrl-C): the sweep ends with the rows it finished.
          if (options.stop && options.stop->load()) return rows;
          throw;
        }
        sweep_row row{k, n, p, a.name, lower_bound(k, l), m.transfer, m.switching, m.makespan, m.max_link_elements, 0};
        row.ratio = ratio_to_bound(m.transfer, row.bound, tau);
        rows.push_back(std::move(row));
      }
    }
  return rows;
}

void write_csv(std::ostream& out, const std::vector<sweep_row>& rows) {
  output::write_csv_line(out, {"machine", "N", "P", "algorithm", "lower_bound_tau", "transfer", "switching", "makespan",
                               "max_link_elements", "ratio"});
  for (const auto& r : rows)
    output::write_csv_line(out, {to_string(r.machine), r.n, r.pes, r.algorithm, fmt::format("{:.12g}", r.bound.value()),
                                 r.transfer.ps, r.switching.ps, r.makespan.ps, r.max_link_elements,
                                 fmt::format("{:.6f}", r.ratio)});
}

void print_ratio_table(std::ostream& out, const std::vector<sweep_row>& rows) {
  std::set<int> pes;
  std::map<std::pair<std::string, std::string>, std::map<int, double>> cells;
  for (const auto& r : rows) {
    pes.insert(r.pes);
    cells[{to_string(r.machine), r.algorithm}][r.pes] = r.ratio;
  }
  out << std::left << std::setw(8) << "machine" << ' ' << std::setw(16) << "algorithm" << std::right;
  for (int p : pes) out << ' ' << std::setw(9) << "P=" + std::to_string(p);
  out << "\n";
  for (const auto& [key, by_p] : cells) {
    out << std::left << std::setw(8) << key.first << ' ' << std::setw(16) << key.second << std::right;
    for (int p : pes) {
      auto it = by_p.find(p);
      out << ' ' << std::setw(9);
      if (it == by_p.end()) out << "-";
      else out << std::fixed << std::setprecision(3) << it->second << std::defaultfloat;
    }
    out << "\n";
  }
}

}  // namespace weft::transpose
