#include "weft/reduction/sweep.hpp"

#include <fmt/format.h>

#include <iomanip>
#include <ostream>
#include <stdexcept>

#include "weft/reduction/delay_aware_tree.hpp"
#include "weft/reduction/logp.hpp"
#include "weft/reduction/run.hpp"

#include "weft/output/csv.hpp"

namespace weft::reduction {

std::vector<std::int64_t> doubling_sizes(std::int64_t k_max) {
  params check;
  check.items = k_max;
  check.validate();
  std::vector<std::int64_t> sizes;
  for (std::int64_t k = 1; k < k_max; k *= 2) sizes.push_back(k);
  sizes.push_back(k_max);
  return sizes;
}

std::vector<sweep_row> run_sweep(const params& base, const std::vector<std::int64_t>& sizes, const tree_registry& trees,
                                 const operation& op, const run_options& options) {
  std::vector<sweep_row> rows;
  bool stopped = false;
  auto measure = [&](const params& p, const char* name, std::int64_t& pes) {
    auto r = run_reduction(p, trees.find(name), op, options);
    // Interrupted (Ctrl-C): its figures are partial; the sweep ends with the rows finished.
    stopped = stopped || r.measured.status != run_status::ok;
    if (stopped) return std::int64_t{0};
    if (r.steps != r.predicted || !r.correct)
      throw std::runtime_error(std::string(name) + " tree, K = " + std::to_string(p.items) + ": emulated " +
                               std::to_string(r.steps) + " steps, plan " + std::to_string(r.predicted) +
                               (r.correct ? "" : ", wrong result"));
    pes = static_cast<std::int64_t>(r.layout.pes.size());
    return r.steps;
  };
  // The largest K needs the most PEs: refused before the first row, not after minutes of smaller ones.
  if (!sizes.empty())
    for (const char* name : {"delay-aware", "binary"}) {
      params p = base;
      p.items = sizes.back();
      const auto layout = trees.find(name).build(p);
      check_memory_before_building(layout.machine, "", make_cost_model(p), static_cast<int>(layout.pes.size()), options);
    }
  for (std::int64_t k : sizes) {
    params p = base;
    p.items = k;
    sweep_row row;
    row.items = k;
    row.delay_aware = measure(p, "delay-aware", row.delay_aware_pes);
    if (!stopped) row.binary = measure(p, "binary", row.binary_pes);
    if (stopped) break;
    row.optimum = delay_aware_height(k, p.m, p.n, p.arity);
    row.logp = logp_summation_time(k, {p.m, 0, p.n});
    rows.push_back(row);
  }
  return rows;
}

void print_sweep_table(std::ostream& out, const params& base, const std::vector<sweep_row>& rows) {
  out << "steps vs K, m = " << base.m << ", n = " << base.n << ", i = " << base.arity
      << " (emulated; optimum = min{h : F(h) >= K})\n"
      << "LogP: the optimal summation time in the LogP model (Karp, Sahay, Santos & Schauser 1993), L = m, o = 0, "
         "binary adds of n\n";
  out << std::setw(9) << "K" << std::setw(13) << "delay-aware" << std::setw(9) << "binary" << std::setw(8)
      << "ratio" << std::setw(9) << "optimum" << std::setw(7) << "LogP" << std::setw(10) << "PEs d-a" << std::setw(10)
      << "PEs bin" << "\n";
  for (const auto& r : rows)
    out << std::setw(9) << r.items << std::setw(13) << r.delay_aware << std::setw(9) << r.binary << std::setw(8)
        << std::fixed << std::setprecision(3) << r.ratio() << std::defaultfloat << std::setw(9) << r.optimum
        << std::setw(7) << r.logp << std::setw(10) << r.delay_aware_pes << std::setw(10) << r.binary_pes << "\n";
}

void write_sweep_csv(std::ostream& out, const std::vector<sweep_row>& rows) {
  output::write_csv_line(out, {"K", "delay_aware_steps", "binary_steps", "ratio", "optimum", "logp_bound", "delay_aware_pes",
                               "binary_pes"});
  for (const auto& r : rows)
    output::write_csv_line(out, {r.items, r.delay_aware, r.binary, fmt::format("{:.4f}", r.ratio()), r.optimum, r.logp,
                                 r.delay_aware_pes, r.binary_pes});
}

}  // namespace weft::reduction
