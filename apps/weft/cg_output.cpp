#include "cg_output.hpp"

#include "cli_output.hpp"
#include "weft/output/svg/chart.hpp"
#include "weft/sparse/matrix_market.hpp"
#include "weft/output/csv.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <iostream>
#include <nlohmann/json.hpp>

namespace weft::cli {

namespace {

constexpr cg::phase all_phases[] = {cg::phase::spmv,      cg::phase::axpy,      cg::phase::dot_local,
                                    cg::phase::precond,   cg::phase::allgather, cg::phase::allreduce};

vtime per_iteration(vtime total, int iterations) { return vtime{total.ps / std::max(iterations, 1)}; }
/// The run's time per iteration: its makespan less PE 0's time before the loop.
vtime iteration_time(const cg::outcome& o) { return per_iteration(o.makespan - o.setup, o.iterations); }

nlohmann::json phases_json(const cg::breakdown& b, int divide_by) {
  nlohmann::json j = nlohmann::json::object();
  for (auto ph : all_phases) j[std::string(cg::to_string(ph))] = per_iteration(b[static_cast<std::size_t>(ph)], divide_by).ps;
  return j;
}

nlohmann::json row_json(const cg_row& r) {
  const auto& o = r.out;
  nlohmann::json j{{"machine", r.machine},
                   {"procs", r.procs},
                   {"status", std::string(cg::to_string(o.status))},
                   {"converged", o.converged},
                   {"iterations", o.iterations},
                   {"relative_residual", o.relative_residual},
                   {"recurrence_residual", o.recurrence_residual},
                   {"makespan_ps", o.makespan.ps},
                   {"per_iteration_ps", iteration_time(o).ps},
                   {"setup_ps", o.setup.ps},
                   {"breakdown",
                    {{"rank", 0},
                     {"total_ps", phases_json(o.rank0, 1)},
                     {"per_iteration_ps", phases_json(o.rank0, o.iterations)},
                     {"slowest_total_ps", phases_json(o.slowest, 1)}}}};
  if (o.status == cg::stop_reason::not_spd) j["not_spd_iteration"] = o.not_spd_iteration;
  return j;
}

std::string us(vtime t) { return fmt::format("{:.3f}", t.micros()); }

/// A residual as text; one that is not a number (after an overflow) is shown as `none`, never
/// as "nan" or "inf" passed off as a figure (the JSON has null).
std::string residual_text(double r, int digits, std::string_view none = "-") {
  return std::isfinite(r) ? fmt::format("{:.{}e}", r, digits) : std::string(none);
}

}  // namespace

void print_cg_header(std::ostream& out, const cg_matrix_info& m, const cg::params& p, std::string_view kernels) {
  out << fmt::format("# weft cg: {} ({} rows, {} nonzeros), b = {}, {}{}, {}\n", m.name, m.rows, m.nnz, m.rhs,
                     p.fixed_iterations > 0 ? fmt::format("{} iterations", p.fixed_iterations)
                                            : fmt::format("tol {:g}", p.tol),
                     p.precond == cg::preconditioner::jacobi ? ", Jacobi" : "",
                     !kernels.empty()                       ? kernels
                     : p.compute == cg::compute_mode::model ? "kernels by the machine's kernel model"
                                                            : "kernels by measured host time (not reproducible)");
  out << fmt::format("# {:>5} {:>15} {:>6} {:>10} {:>12} {:>9} | per iteration, PE 0 (us):{:>8} {:>8} {:>9} {:>8} "
                     "{:>9} {:>9}\n",
                     "PEs", "status", "iters", "residual", "total(us)", "iter(us)", "spmv", "axpy", "dot-local",
                     "precond", "allgather", "allreduce");
}

void print_cg_row(std::ostream& out, const cg_row& r) {
  const auto& o = r.out;
  std::string status(cg::to_string(o.status));
  if (o.status == cg::stop_reason::not_spd) status += fmt::format("@{}", o.not_spd_iteration);
  if (o.status == cg::stop_reason::overflow) status += fmt::format("@{}", o.iterations);
  out << fmt::format("  {:>5} {:>15} {:>6} {:>10} {:>12} {:>9} |{:>34} {:>8} {:>9} {:>8} {:>9} {:>9}\n", r.procs,
                     status, o.iterations, residual_text(o.relative_residual, 3), us(o.makespan), us(iteration_time(o)),
                     us(per_iteration(o.rank0[0], o.iterations)), us(per_iteration(o.rank0[1], o.iterations)),
                     us(per_iteration(o.rank0[2], o.iterations)), us(per_iteration(o.rank0[3], o.iterations)),
                     us(per_iteration(o.rank0[4], o.iterations)), us(per_iteration(o.rank0[5], o.iterations)));
}

void write_cg_json(std::ostream& out, const cg_matrix_info& m, const cg::params& p, const std::vector<cg_row>& rows,
                   std::string_view backend, std::string_view compute, const sweep_stop& stop) {
  nlohmann::json runs = nlohmann::json::array();
  bool all_converged = true, deterministic = true;
  double worst = 0;
  for (const auto& r : rows) {
    runs.push_back(row_json(r));
    all_converged = all_converged && r.out.converged;
    deterministic = deterministic && r.out.deterministic;
    const double res = r.out.relative_residual;
    if (std::isnan(res) || res > worst) worst = res;  // a NaN stays (written as null), never hidden
  }
  nlohmann::json j{{"command", "cg"},
                   {"matrix", {{"name", m.name}, {"rows", m.rows}, {"nnz", m.nnz}}},
                   {"rhs", m.rhs},
                   {"tol", p.tol},
                   {"fixed_iterations", p.fixed_iterations},
                   {"precond", p.precond == cg::preconditioner::jacobi ? "jacobi" : "none"},
                   {"compute", !compute.empty()                          ? std::string(compute)
                               : p.compute == cg::compute_mode::model ? "model"
                                                                      : "measured"},
                   {"deterministic", deterministic},
                   // The first run's figures at the top, for one-run use; every run is in "runs".
                   {"converged", all_converged},
                   {"iterations", rows.empty() ? 0 : rows.front().out.iterations},
                   {"relative_residual", worst},
                   {"breakdown", rows.empty() ? nlohmann::json() : runs.front()["breakdown"]},
                   {"runs", runs},
                   {"status", stop.status}};
  if (stop.stopped()) j["stopped_at"] = stop.to_json();
  if (!backend.empty()) j["backend"] = backend;  // as the run report: absent on the emulator
  out << j.dump(1) << "\n";
}

void write_cg_csv(std::ostream& out, const std::vector<cg_row>& rows, const sweep_stop& stop) {
  // The phases' columns follow the fixed ones, one per phase: the line is built as a list of fields.
  std::vector<std::string> header{"machine", "procs", "status", "iterations", "relative_residual", "total_us", "iteration_us"};
  for (auto ph : all_phases) header.push_back(std::string(cg::to_string(ph)) + "_us");
  output::write_csv_fields(out, header);
  for (const auto& r : rows) {
    const auto& o = r.out;
    std::vector<std::string> line{r.machine, std::to_string(r.procs), std::string(cg::to_string(o.status)),
                                  std::to_string(o.iterations), residual_text(o.relative_residual, 6, ""), us(o.makespan),
                                  us(iteration_time(o))};
    for (auto ph : all_phases) line.push_back(us(per_iteration(o.rank0[static_cast<std::size_t>(ph)], o.iterations)));
    output::write_csv_fields(out, line);
  }
  if (stop.stopped()) out << stop.csv_line();
}

namespace {

// Why the first run's x is no result to write to --solution (empty: it is one).
std::string why_no_solution(const cg_row& first) {
  if (!first.out.solution_usable())
    return first.out.status == cg::stop_reason::not_spd ? "the run found A not positive definite"
                                                        : "a dot product overflowed a double";
  for (double v : first.out.x)
    if (!std::isfinite(v)) return "x has a non-finite entry";
  return "";
}

}  // namespace

int finish_cg(const cg_inputs& in, const std::vector<cg_row>& rows) {
  if (!in.solution.empty()) {
    if (auto why = why_no_solution(rows.front()); !why.empty())
      std::cerr << "weft cg: --solution '" << in.solution << "' not written: " << why << "\n";
    else
      write_file(in.solution, "--solution", "solution vector x", [&](std::ostream& out) {
        sparse::write_vector(out, rows.front().out.x,
                             fmt::format("weft cg solution of {} ({} PEs on {})", in.info.name, rows.front().procs,
                                         rows.front().machine));
      });
  }
  write_file(in.json_file, "--json", "CG results, JSON", [&](std::ostream& out) { write_cg_json(out, in.info, in.p, rows, in.backend, in.compute_text); });
  write_file(in.csv_file, "--csv", "CG results, CSV", [&](std::ostream& out) { write_cg_csv(out, rows); });
  write_file(in.plot_file, "--plot", "CG time per iteration by kernel and collective", [&](std::ostream& out) { write_cg_svg(out, in.info, rows); });
  // Exit codes beyond the run's own (docs/cli.md): a run that stopped on p'Ap <= 0 (8) wins
  // over one that used up --max-iter without meeting --tol (9); an overflow (11) over both: its
  // figures are not numbers at all.
  int code = 0;
  for (const auto& r : rows) {
    if (r.out.status == cg::stop_reason::overflow) {
      code = 11;
      std::cerr << fmt::format("weft cg: overflow: a dot product (r'z, p'Ap or ||r||^2) overflowed a double at iteration {} "
                               "on {} PEs ({}): the matrix or b is too large (or too small) for doubles (not a sign that it "
                               "is not positive definite); scale their values toward 1\n",
                               r.out.iterations, r.procs, r.machine);
    } else if (r.out.status == cg::stop_reason::not_spd) {
      code = code == 11 ? code : 8;
      std::cerr << fmt::format("weft cg: not-spd: p'Ap <= 0 at iteration {} on {} PEs ({}): the matrix is not "
                               "positive definite\n",
                               r.out.not_spd_iteration, r.procs, r.machine);
    } else if (!r.out.converged && code == 0 && in.p.fixed_iterations == 0) {
      code = 9;
    }
  }
  return code;
}

void write_stopped_cg(const cg_inputs& in, const std::vector<cg_row>& rows, const sweep_stop& stop) {
  if (!in.solution.empty())
    std::cerr << "weft cg: --solution '" << in.solution << "' not written: the sweep stopped (" << stop.status << ")\n";
  write_file(in.json_file, "--json", "CG results, JSON",
             [&](std::ostream& out) { write_cg_json(out, in.info, in.p, rows, in.backend, in.compute_text, stop); });
  write_file(in.csv_file, "--csv", "CG results, CSV", [&](std::ostream& out) { write_cg_csv(out, rows, stop); });
}

void write_cg_svg(std::ostream& out, const cg_matrix_info& m, const std::vector<cg_row>& rows) {
  constexpr double width = 760, height = 460, left = 70, right = 150, top = 40, bottom = 60;
  // One colour per phase: computation in cool colours, the two collectives in warm ones.
  constexpr const char* colours[] = {"#1f77b4", "#2ca02c", "#9467bd", "#8c564b", "#ff7f0e", "#d62728"};
  std::vector<std::string> machines;
  std::vector<int> procs;
  double y_max = 0;
  for (const auto& r : rows) {
    if (std::find(machines.begin(), machines.end(), r.machine) == machines.end()) machines.push_back(r.machine);
    if (std::find(procs.begin(), procs.end(), r.procs) == procs.end()) procs.push_back(r.procs);
    y_max = std::max(y_max, iteration_time(r.out).micros());
  }
  // The x axis is the bar groups, placed here; only the y axis has a scale.
  const svg::plot_area area(left, top, width - left - right, height - top - bottom, svg::axis::linear(0, 1, ""),
                            svg::axis::linear(0, y_max > 0 ? y_max : 1, "us per iteration"));
  const double group_w = area.width() / static_cast<double>(std::max<std::size_t>(procs.size(), 1));
  const double bar_w = group_w * 0.8 / static_cast<double>(std::max<std::size_t>(machines.size(), 1));
  svg::document doc(out, width, height);
  doc.add(svg::element("text").attr("x", left + area.width() / 2).attr("y", 22).attr("text-anchor", "middle").attr("font-size", 14)
              .text(fmt::format("CG time per iteration, PE 0: {} ({} rows, {} nonzeros)", m.name, m.rows, m.nnz)));
  svg::draw_y_axis(doc, area);
  for (std::size_t g = 0; g < procs.size(); ++g) {
    const double gx = left + static_cast<double>(g) * group_w + group_w * 0.1;
    doc.add(svg::element("text").attr("x", gx + group_w * 0.4).attr("y", area.bottom() + 34).attr("text-anchor", "middle")
                .text(fmt::format("p = {}", procs[g])));
    for (std::size_t mi = 0; mi < machines.size(); ++mi) {
      const cg_row* row = nullptr;
      for (const auto& r : rows)
        if (r.procs == procs[g] && r.machine == machines[mi]) row = &r;
      if (!row) continue;
      const double x = gx + static_cast<double>(mi) * bar_w;
      double stacked = 0;
      for (std::size_t k = 0; k < cg::phase_count; ++k) {
        const double v = per_iteration(row->out.rank0[k], row->out.iterations).micros();
        if (v <= 0) continue;
        doc.add(svg::element("rect").attr("x", x).attr("y", area.y(stacked + v)).attr("width", bar_w * 0.92)
                    .attr("height", area.y(stacked) - area.y(stacked + v)).attr("fill", colours[k])
                    .tooltip(fmt::format("{} p={} {}: {:.3f} us", machines[mi], procs[g], cg::to_string(static_cast<cg::phase>(k)), v)));
        stacked += v;
      }
      doc.add(svg::element("text").attr("x", x + bar_w * 0.46).attr("y", area.bottom() + 16).attr("text-anchor", "middle")
                  .attr("font-size", 9).text(std::to_string(mi + 1)));
    }
  }
  // The legend: the phases' colours, then which machine each bar number is.
  std::vector<svg::legend_entry> phases, bars;
  for (std::size_t k = 0; k < cg::phase_count; ++k)
    phases.push_back({std::string(cg::to_string(static_cast<cg::phase>(k))), colours[k], svg::legend_entry::mark::box});
  for (std::size_t mi = 0; mi < machines.size(); ++mi)
    bars.push_back({fmt::format("{} = {}", mi + 1, machines[mi]), "", svg::legend_entry::mark::none});
  const double below = svg::draw_legend(doc, width - right + 16, top + 16, phases, 18);
  svg::draw_legend(doc, width - right + 16, below + 10, bars, 16);
  doc.end();
}

}  // namespace weft::cli
