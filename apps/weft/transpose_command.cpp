// weft transpose --machine pax|illiac -N 64 -P 16 [--alpha A --tau T] [--algorithm NAME] [--json F]
// weft transpose --sweep [-N 64] [--machine pax|illiac] [--csv F] [--plot F.svg|F.png]
//
// Nakano & Tsuda's Table 1 (seed 000) beside what the emulated machine measures: the lower bound,
// the algorithm's transfer (τ) and switching (α) times, the makespan and the ratio to the bound;
// then the core's per-link report of the run with the given α and τ.
#include <CLI/CLI.hpp>
#include <cstdio>
#include <fstream>
#include <iostream>
#include <memory>
#include <nlohmann/json.hpp>
#include <optional>
#include <sstream>
#include <stdexcept>

#include "cli_output.hpp"
#include "commands.hpp"
#include "machine_options.hpp"
#include "sweep_plot.hpp"
#include "weft/transpose/lower_bound.hpp"
#include "weft/transpose/measure.hpp"
#include "weft/transpose/registry.hpp"
#include "weft/transpose/sweep.hpp"
#include "weft/transpose/table1.hpp"
#include "weft/output/report_writers.hpp"

namespace weft::cli {

namespace {

using namespace weft::transpose;

struct transpose_options {
  std::string machine;  // empty: pax for one run, both machines for a sweep
  std::int64_t n = 64;
  int pes = 16;
  std::string alpha, tau;  // empty: 1 unit each with --units abstract, else required
  std::string units = "time";  // time: α and τ are durations; abstract: plain numbers of units
  std::string algorithm = "two-phase";
  std::string routing;
  int workers = 0;
  int top_links = 8;
  bool sweep = false;
  std::string json_file, csv_file, plot_file;
  run_control control;
};

// What every run of the command gets (each builds its machine with o.routing).
run_options make_run_options(const transpose_options& o) {
  run_options options;
  options.workers = checked_workers(o.workers);
  options.program_name = "transpose";
  options.traffic.advice = "lower -N/-P or raise --max-memory";
  apply_run_control(o.control, options);
  return options;
}

// α and τ in the chosen units: durations ("1us", "250ps") or, with --units abstract, plain
// numbers of the paper's units (Table 1 counts in α and τ), printed as "units", never ps.
struct alpha_tau {
  vtime alpha;
  byte_time tau;
  bool abstract;
};

alpha_tau parse_alpha_tau(const transpose_options& o) {
  if (o.units == "abstract")
    return {parse_abstract_time(o.alpha.empty() ? "1" : o.alpha, "--alpha"),
            parse_abstract_byte_time(o.tau.empty() ? "1" : o.tau, "--tau"), true};
  if (o.units != "time")
    throw std::invalid_argument("--units '" + o.units + "' is not valid (time, abstract)");
  if (o.alpha.empty() || o.tau.empty())
    throw std::invalid_argument(std::string(o.alpha.empty() ? "--alpha" : "--tau") +
                                " is needed: give --alpha TIME --tau TIME (e.g. --alpha 1us --tau 1ns), or --units abstract "
                                "(alpha = tau = 1 unit, as the paper's Table 1)");
  try {
    return {parse_time(o.alpha, "--alpha"), parse_byte_time(o.tau, "--tau"), false};
  } catch (const std::invalid_argument& e) {
    const std::string what = e.what();
    if (what.find(" what? ") == std::string::npos) throw;
    throw std::invalid_argument(what + "; or --units abstract for the paper's unit-less α and τ");
  }
}

std::string bound_formula(machine_kind k, const layout& l) {
  if (k == machine_kind::pax) return l.whole_rows() ? "N²/(2√P)  (3.2)" : "N²/(2√P)  (3.4)";
  return l.whole_rows() ? "N²/(2√P) − N²/(2P√P)  (3.1)" : "N²/(2√P) − N/(4√P)  (3.3)";
}

std::string formula_of(std::string_view algorithm, bool transfer) {
  if (algorithm == "two-phase") return transfer ? "N²/(2√P)·τ" : "2(√P−1)·α";
  return transfer ? "(N²/2P)(P−1)·τ" : "(P−1)·α";
}

// α, τ and the times made of them exactly as the run charges them: τ may be a fraction of a tick
// (--units abstract --tau 0.5, --tau 1.5ps), so it is printed from its fraction, never rounded.
// A time as the report's columns print it: a plain number of units, or a duration.
std::string exact_text(const fraction& f, bool abstract) {
  if (abstract) return f.decimal();
  return f.den == 1 ? format_time(vtime::ticks(f.num)) : f.decimal() + " ps";
}

/// α or τ for the link model line: with --units abstract the number says what it counts.
std::string cost_text(const fraction& f, bool abstract) {
  if (!abstract) return exact_text(f, false);
  return f.decimal() + (f.num > 0 && f.num <= f.den ? " unit" : " units");
}

std::string tau_text(const byte_time& tau, bool abstract) { return cost_text(fraction::of(tau.num, tau.den), abstract); }

/// f·τ exactly (t_LB = 512·τ with τ = 1.4 is 716.8); past int64 it falls back to the engine's
/// rounding up to whole ticks.
fraction times_tau(const fraction& f, const byte_time& tau) {
  const auto a = fraction::of(f.num, tau.den), b = fraction::of(tau.num, f.den);
  std::int64_t num = 0, den = 0;
  if (__builtin_mul_overflow(a.num, b.num, &num) || __builtin_mul_overflow(a.den, b.den, &den))
    return fraction::of(tau.serialize(f.num).ps, f.den);
  return fraction::of(num, den);
}

std::string ratio_text(double r) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.4f", r);
  return r == 0 ? "-" : buf;
}

// Pads to `width` characters, not bytes: the formulas carry ², √ and −.
std::string pad(const std::string& s, std::size_t width) {
  std::size_t chars = 0;
  for (unsigned char c : s) chars += (c & 0xC0) != 0x80;
  return s + std::string(chars < width ? width - chars : 1, ' ');
}

void print_row(std::ostream& out, const std::string& what, const std::string& paper, const std::string& measured) {
  out << pad(what, 17) << pad(paper, 46) << measured << "\n";
}

/// One measured case beside the paper's Table 1 and the lower bound.
struct transpose_case {
  machine_kind kind;
  layout l;
  std::string algorithm;
  vtime alpha;
  byte_time tau;
  bool ticks;  ///< --units abstract: times are printed as numbers of units
  measurement m;
  fraction bound;
  std::int64_t u_closed, u_summed;
  std::optional<paper_cost> paper;
  double ratio;
};

void print_case(const transpose_case& c, int top_links) {
  auto t = [&](vtime v) { return format_time(v, c.ticks); };
  auto tau_units = [&](const fraction& f) { return exact_text(times_tau(f, c.tau), c.ticks); };
  const std::string alpha = cost_text({c.alpha.ps, 1}, c.ticks), tau = tau_text(c.tau, c.ticks);
  // The engine charges a message's elements·τ in whole ticks, rounded up: with τ = 1.4 units the
  // measured times can exceed the paper's exact ones, and the reader is told why.
  const std::string tick = c.ticks ? "unit" : "ps";
  std::string notes = c.ticks ? "--units abstract: times are numbers of units" : "";
  if (c.tau.den != 1) notes += std::string(notes.empty() ? "" : "; ") + "a message's elements·τ is charged rounded up to a whole " + tick;
  const auto& m = c.m;
  std::cout << "weft transpose: " << c.algorithm << " on " << m.full.machine << " (routing " << m.full.routing << "), "
            << c.l.describe() << "\n"
            << "link model: α=" << alpha << " per transfer, τ=" << tau << " per element"
            << (notes.empty() ? "" : " (" + notes + ")")
            << "; single-port, store-and-forward, no hop latency (docs/transpose.md)\n\n";
  print_row(std::cout, "", "paper (Table 1)", "measured");
  print_row(std::cout, "lower bound t_LB", bound_formula(c.kind, c.l) + " = " + tau_units(c.bound),
            "Σ L / P = " + fraction::of(c.u_summed, c.l.pes()).str() + "·τ");
  if (c.paper) {
    print_row(std::cout, "transfer time", formula_of(c.algorithm, true) + " = " + tau_units(c.paper->transfer), t(m.transfer));
    print_row(std::cout, "switching time", formula_of(c.algorithm, false) + " = " + t(c.alpha * c.paper->switching),
              t(m.switching));
    const fraction transfer = times_tau(c.paper->transfer, c.tau);
    const vtime switching = c.alpha * c.paper->switching;
    print_row(std::cout, "makespan",
              "transfer + switching = " + exact_text(fraction::of(transfer.num + switching.ps * transfer.den, transfer.den), c.ticks),
              t(m.makespan));
    // τ cancels: the paper's ratio is its transfer in τ over the bound in τ.
    const double paper_ratio = c.tau.is_zero() || c.bound.num == 0 ? 0 : c.paper->transfer.value() / c.bound.value();
    print_row(std::cout, "ratio to bound", ratio_text(paper_ratio), ratio_text(c.ratio));
  } else {
    std::string why = c.l.whole_rows() ? "(not in Table 1)" : "(open problem in the paper)";
    print_row(std::cout, "transfer time", why, t(m.transfer));
    print_row(std::cout, "switching time", "", t(m.switching));
    print_row(std::cout, "makespan", "", t(m.makespan));
    print_row(std::cout, "ratio to bound", "", ratio_text(c.ratio));
  }
  print_row(std::cout, "unit transfers", "u_LB = " + std::to_string(c.u_closed),
            std::to_string(m.total_link_elements) + "  (elements × links crossed)");
  print_row(std::cout, "busiest link", "", std::to_string(m.max_link_elements) + " elements");
  std::cout << "\ncore report of the run with α and τ:\n";
  report shown = m.full;
  shown.ticks = c.ticks;
  // The engine's α is per message and its τ per byte; here a byte is one element.
  shown.abstract_units = c.ticks;
  shown.elements = true;
  if (c.ticks)
    shown.model_description = "alpha=" + alpha + " tau=" + tau + "/element, store-and-forward, single-port (abstract units)";
  weft::output::write_text(std::cout, shown, top_links);
}

void write_case_json(std::ostream& out, const transpose_case& c) {
  const auto& m = c.m;
  std::ostringstream core;
  weft::output::write_json(core, m.full, false);
  nlohmann::json j{{"machine", to_string(c.kind)},
                   {"topology", m.full.machine},
                   {"routing", m.full.routing},
                   {"N", c.l.n()},
                   {"P", c.l.pes()},
                   {"layout", c.l.whole_rows() ? "P<=N" : "N<P<N^2"},
                   {"algorithm", c.algorithm},
                   {"units", c.ticks ? "abstract" : "ps"},  // abstract: every *_ps value counts units
                   {"alpha_ps", c.alpha.ps},
                   {"tau_ps_per_element", {{"num", c.tau.num}, {"den", c.tau.den}}},
                   {"lower_bound_tau", {{"num", c.bound.num}, {"den", c.bound.den}}},
                   {"unit_transfers_closed_form", c.u_closed},
                   {"unit_transfers_summed", c.u_summed},
                   {"measured",
                    {{"transfer_ps", m.transfer.ps},
                     {"switching_ps", m.switching.ps},
                     {"makespan_ps", m.makespan.ps},
                     {"ratio_to_bound", c.ratio},
                     {"max_link_elements", m.max_link_elements},
                     {"total_link_elements", m.total_link_elements}}},
                   {"report", nlohmann::json::parse(core.str())},
                   {"weft", {{"version", weft::output::weft_version()}, {"command_line", weft::output::recorded_command_line()}}}};
  j["paper"] = c.paper ? nlohmann::json{{"transfer_tau", {{"num", c.paper->transfer.num}, {"den", c.paper->transfer.den}}},
                                        {"switching_alpha", c.paper->switching}}
                       : nlohmann::json(nullptr);
  out << j.dump(2, ' ', false, nlohmann::json::error_handler_t::replace) << "\n";  // arguments need not be UTF-8
}

int run_one(const transpose_options& o) {
  const auto kind = parse_machine_kind(o.machine.empty() ? "pax" : o.machine);
  const layout l(o.n, o.pes);
  algorithm_registry registry;
  register_transpose_algorithms(registry);
  auto prog = make_program(registry, o.algorithm, l, kind);
  // two-phase and bhuyan-agrawal send to neighbours only: every route is one hop, whatever the
  // routing, so a --routing given with them was accepted and changed nothing.
  if (!o.routing.empty() && o.algorithm != "direct")
    throw std::invalid_argument("--routing: " + o.algorithm + " sends to neighbours only (one hop), so no routing changes it; "
                                "--routing applies to --algorithm direct");
  const auto [alpha, tau, abstract] = parse_alpha_tau(o);
  check_outputs({{"--json", o.json_file}});
  // Both 0 would make every time 0: a report of zeros reads as a result, so it is refused.
  if (alpha == vtime{} && tau.is_zero())
    throw std::invalid_argument("--alpha " + o.alpha + " and --tau " + o.tau + " are both 0, so every time would be 0: give one of them > 0 (e.g. " +
                                (abstract ? "--alpha 1 --tau 1" : "--alpha 1us --tau 1ns") + ")");

  auto m = measure(kind, l, prog, alpha, tau, make_run_options(o), o.routing);
  if (interrupt_requested()) {  // its runs stopped early: their figures are partial
    weft::output::write_text(std::cout, m.full, o.top_links);
    std::cerr << "weft: interrupted: the measurement stopped before its end; nothing written\n";
    return interrupted_exit_code;
  }
  const auto bound = lower_bound(kind, l);
  const double ratio = ratio_to_bound(m.transfer, bound, tau);
  const transpose_case c{kind, l, o.algorithm, alpha, tau, abstract, std::move(m), bound,
                         unit_transfers_closed_form(kind, l), unit_transfers_summed(kind, l),
                         table1_cost(o.algorithm, kind, l), ratio};
  print_case(c, o.top_links);
  write_file(o.json_file, "--json", "report, JSON", [&](std::ostream& out) { write_case_json(out, c); });
  return c.m.full.exit_code();
}

void plot(const std::vector<sweep_row>& rows, const std::string& file) {
  write_plot(
      file, "--plot", "measured against the paper", [&](std::ostream& out) { write_ratio_svg(out, rows); },
      [&](const std::string& output) {
        std::ostringstream script;
        write_ratio_gnuplot(script, rows, output);
        return script.str();
      });
}

int run_sweep(const transpose_options& o) {
  std::vector<machine_kind> machines;
  if (o.machine.empty()) machines = {machine_kind::pax, machine_kind::illiac};
  else machines = {parse_machine_kind(o.machine)};
  layout(o.n, 4);  // validates N before any run
  algorithm_registry registry;
  register_transpose_algorithms(registry);
  const auto [alpha, tau, abstract] = parse_alpha_tau(o);
  if (tau.is_zero()) throw std::invalid_argument("--tau 0: the sweep divides by the lower bound·τ, give τ > 0");
  check_outputs({{"--csv", o.csv_file}, {"--plot", o.plot_file}});
  // Refused before the sweep, not noted after it: an accepted option must have an effect.
  check_plot_file(o.plot_file, "--plot");
  auto rows = sweep(registry, o.n, {4, 16, 64, 256}, machines, alpha, tau, make_run_options(o), o.routing);
  const bool stopped = interrupt_requested();  // the rows finished are kept, the last run's are not
  std::cout << "weft transpose --sweep: N=" << o.n << ", α=" << cost_text({alpha.ps, 1}, abstract)
            << ", τ=" << tau_text(tau, abstract)
            << "; measured transfer time / lower bound t_LB (1 = optimal)\n"
               "P <= N: whole rows per PE; P > N: a row split over P/N PEs\n\n";
  print_ratio_table(std::cout, rows);
  const std::string stop_line = "# stopped (interrupted) after " + std::to_string(rows.size()) + " rows: Ctrl-C\n";
  if (o.csv_file.empty()) {
    std::cout << "\n";
    write_csv(std::cout, rows);
    if (stopped) std::cout << stop_line;
  } else {
    write_file(o.csv_file, "--csv", "sweep, CSV", [&](std::ostream& out) {
      write_csv(out, rows);
      if (stopped) out << stop_line;
    });
  }
  if (stopped) {
    std::cerr << "weft: interrupted: the sweep stopped after " << rows.size() << " rows; no plot drawn\n";
    return interrupted_exit_code;
  }
  if (!o.plot_file.empty()) plot(rows, o.plot_file);
  return 0;
}

}  // namespace

command_runner add_transpose_command(CLI::App& app) {
  auto o = std::make_shared<transpose_options>();
  auto* sub = app.add_subcommand(
      "transpose", "matrix transposition on Illiac IV / PAX meshes: Nakano & Tsuda's Table 1 beside our measurement");
  sub->add_option("--machine,-m", o->machine, "pax or illiac (default pax; a sweep runs both)");
  sub->add_option("-N", o->n, "matrix side, a power of two")->capture_default_str();
  sub->add_option("-P", o->pes, "PEs, a power of 4 below N²")->capture_default_str();
  sub->add_option("--units", o->units,
                  "time (--alpha and --tau are durations: 1us, 1ns) or abstract (plain numbers of the paper's units, "
                  "default 1 each; the report counts units)")
      ->capture_default_str();
  sub->add_option("--alpha", o->alpha, "path set-up time per neighbour transfer (e.g. 1us; with --units abstract 1)");
  sub->add_option("--tau", o->tau, "time per element on a link (e.g. 1ns; with --units abstract 1)");
  sub->add_option("--algorithm,-a", o->algorithm, "two-phase, direct or bhuyan-agrawal")->capture_default_str();
  sub->add_option("--routing", o->routing, "routing for the direct algorithm (default: the topology's)");
  add_workers_option(*sub, o->workers);
  add_run_control_options(*sub, o->control);
  sub->add_option("--links", o->top_links, "busiest links to list in the core report")->capture_default_str();
  sub->add_flag("--sweep", o->sweep, "ratio to the lower bound for P = 4 … 256, every algorithm");
  sub->add_option("--json", o->json_file, "write the figures and the core report as JSON");
  sub->add_option("--csv", o->csv_file, "sweep: write the CSV here (default: after the table on stdout)");
  sub->add_option("--plot", o->plot_file, "sweep: plot of the ratios into FILE.svg (or FILE.png, which needs gnuplot)");
  return [sub, o]() -> int {
    if (!sub->parsed()) return -1;
    if (o->top_links < 0) throw std::invalid_argument("--links " + std::to_string(o->top_links) + " must be >= 0");
    // Options that belong to the other mode are refused rather than dropped.
    if (!o->sweep && (sub->count("--csv") || sub->count("--plot")))
      throw std::invalid_argument("--csv and --plot belong to --sweep (add --sweep, or drop them)");
    if (o->sweep)
      for (const char* one_run : {"-P", "--algorithm", "--json", "--links"})
        if (sub->count(one_run))
          throw std::invalid_argument(std::string(one_run) +
                                      " describes one run; --sweep runs every algorithm for P = 4 … 256 (drop it)");
    return run_interruptible([&] { return o->sweep ? run_sweep(*o) : run_one(*o); });
  };
}

}  // namespace weft::cli
