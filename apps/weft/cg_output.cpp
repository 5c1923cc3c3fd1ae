#include "cg_output.hpp"

#include "cli_output.hpp"
#include "weft/sparse/matrix_market.hpp"

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
  out << "machine,procs,status,iterations,relative_residual,total_us,iteration_us";
  for (auto ph : all_phases) out << "," << cg::to_string(ph) << "_us";
  out << "\n";
  for (const auto& r : rows) {
    const auto& o = r.out;
    out << fmt::format("{},{},{},{},{},{},{}", r.machine, r.procs, cg::to_string(o.status), o.iterations,
                       residual_text(o.relative_residual, 6, ""), us(o.makespan), us(iteration_time(o)));
    for (auto ph : all_phases) out << "," << us(per_iteration(o.rank0[static_cast<std::size_t>(ph)], o.iterations));
    out << "\n";
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
      write_file(in.solution, "--solution", [&](std::ostream& out) {
        sparse::write_vector(out, rows.front().out.x,
                             fmt::format("weft cg solution of {} ({} PEs on {})", in.info.name, rows.front().procs,
                                         rows.front().machine));
      });
  }
  write_file(in.json_file, "--json", [&](std::ostream& out) { write_cg_json(out, in.info, in.p, rows, in.backend, in.compute_text); });
  write_file(in.csv_file, "--csv", [&](std::ostream& out) { write_cg_csv(out, rows); });
  write_file(in.plot_file, "--plot", [&](std::ostream& out) { write_cg_svg(out, in.info, rows); });
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
  write_file(in.json_file, "--json",
             [&](std::ostream& out) { write_cg_json(out, in.info, in.p, rows, in.backend, in.compute_text, stop); });
  write_file(in.csv_file, "--csv", [&](std::ostream& out) { write_cg_csv(out, rows, stop); });
}

void write_cg_svg(std::ostream& out, const cg_matrix_info& m, const std::vector<cg_row>& rows) {
  constexpr double width = 760, height = 460, left = 70, right = 150, top = 40, bottom = 60;
  constexpr const char* colours[] = {"#1f77b4", "#2ca02c", "#9467bd", "#8c564b", "#ff7f0e", "#d62728"};
  std::vector<std::string> machines;
  std::vector<int> procs;
  double y_max = 0;
  for (const auto& r : rows) {
    if (std::find(machines.begin(), machines.end(), r.machine) == machines.end()) machines.push_back(r.machine);
    if (std::find(procs.begin(), procs.end(), r.procs) == procs.end()) procs.push_back(r.procs);
    y_max = std::max(y_max, iteration_time(r.out).micros());
  }
  const double raw = (y_max > 0 ? y_max : 1) / 5, mag = std::pow(10.0, std::floor(std::log10(raw)));
  double step = 10 * mag;
  for (double k : {1.0, 2.0, 5.0})
    if (k * mag >= raw) {
      step = k * mag;
      break;
    }
  const double y_top = std::ceil((y_max > 0 ? y_max : 1) / step) * step;
  const double pw = width - left - right, ph = height - top - bottom;
  const double group_w = pw / static_cast<double>(std::max<std::size_t>(procs.size(), 1));
  const double bar_w = group_w * 0.8 / static_cast<double>(std::max<std::size_t>(machines.size(), 1));
  auto py = [&](double y) { return top + ph - y / y_top * ph; };
  out << fmt::format("<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{}\" height=\"{}\" font-family=\"sans-serif\" "
                     "font-size=\"12\">\n<rect width=\"100%\" height=\"100%\" fill=\"white\"/>\n",
                     width, height);
  out << fmt::format("<text x=\"{}\" y=\"22\" text-anchor=\"middle\" font-size=\"14\">CG time per iteration, PE 0: {} "
                     "({} rows, {} nonzeros)</text>\n",
                     left + pw / 2, m.name, m.rows, m.nnz);
  for (double y = 0; y <= y_top + step / 2; y += step)
    out << fmt::format("<line x1=\"{}\" x2=\"{}\" y1=\"{:.1f}\" y2=\"{:.1f}\" stroke=\"#ddd\"/><text x=\"{}\" y=\"{:.1f}\" "
                       "text-anchor=\"end\">{:g}</text>\n",
                       left, left + pw, py(y), py(y), left - 6, py(y) + 4, y);
  out << fmt::format("<text x=\"18\" y=\"{}\" transform=\"rotate(-90 18 {})\" text-anchor=\"middle\">us per "
                     "iteration</text>\n",
                     top + ph / 2, top + ph / 2);
  for (std::size_t g = 0; g < procs.size(); ++g) {
    const double gx = left + static_cast<double>(g) * group_w + group_w * 0.1;
    out << fmt::format("<text x=\"{:.1f}\" y=\"{}\" text-anchor=\"middle\">p = {}</text>\n", gx + group_w * 0.4,
                       top + ph + 34, procs[g]);
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
        out << fmt::format("<rect x=\"{:.1f}\" y=\"{:.1f}\" width=\"{:.1f}\" height=\"{:.1f}\" fill=\"{}\"><title>{} p={} "
                           "{}: {:.3f} us</title></rect>\n",
                           x, py(stacked + v), bar_w * 0.92, py(stacked) - py(stacked + v), colours[k],
                           machines[mi], procs[g], cg::to_string(static_cast<cg::phase>(k)), v);
        stacked += v;
      }
      out << fmt::format("<text x=\"{:.1f}\" y=\"{}\" text-anchor=\"middle\" font-size=\"9\">{}</text>\n",
                         x + bar_w * 0.46, top + ph + 16, mi + 1);
    }
  }
  double ly = top + 10;
  for (std::size_t k = 0; k < cg::phase_count; ++k, ly += 18)
    out << fmt::format("<rect x=\"{}\" y=\"{}\" width=\"12\" height=\"12\" fill=\"{}\"/><text x=\"{}\" y=\"{}\">{}</text>\n",
                       width - right + 16, ly, colours[k], width - right + 34, ly + 10,
                       cg::to_string(static_cast<cg::phase>(k)));
  ly += 10;
  for (std::size_t mi = 0; mi < machines.size(); ++mi, ly += 16)
    out << fmt::format("<text x=\"{}\" y=\"{}\" font-size=\"11\">{} = {}</text>\n", width - right + 16, ly + 10, mi + 1,
                       machines[mi]);
  out << "</svg>\n";
}

}  // namespace weft::cli
