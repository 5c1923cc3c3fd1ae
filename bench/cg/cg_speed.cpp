// cg_speed MODE [--spec S] [--procs P] [--iterations K] [--topology T] [--workers W]
//          [--compute model|measured] [--allgather-algorithm A]
// The CG solver's speed (issue 13 §2, docs/PERFORMANCE.md "The CG solver"): one configuration per
// process, so the peak RSS printed is this configuration's. Prints one line of key=value.
//
// MODE
//   solve   generate the matrix (timed alone), then weft::cg::solve(..., fixed_iterations = K)
//           on P PEs (timed: setup, the K iterations, the gathered x and its true residual)
//   arith   generate the matrix, then "the arithmetic itself": the kernels the distributed
//           solver runs, over all N rows, sequentially in this thread, K iterations (each: 3 dot
//           products, 3 axpys, one SpMV of the whole matrix; plus the first dot), then the true
//           residual's SpMV as solve does; and, timed apart, what the solver's setup copies
//           (every PE's row block with its columns renumbered, as local_rows does)
//
// Machine: the ha-pacs-tca preset's link and compute model (weft::presets::load) on a plain
// topology with P nodes (default torus:8x8; the preset itself has 16 nodes only).
#include <sys/resource.h>

#include <chrono>
#include <cmath>
#include <cstdio>
#include <iostream>
#include <span>
#include <string>
#include <vector>

#include "weft/cg/solver.hpp"
#include "weft/machine.hpp"
#include "weft/presets/preset.hpp"
#include "weft/sparse/generate.hpp"
#include "weft/sparse/matrix.hpp"

namespace {

using clock_type = std::chrono::steady_clock;

double seconds_since(clock_type::time_point t0) {
  return std::chrono::duration<double>(clock_type::now() - t0).count();
}

double peak_rss_mib() {
  rusage u{};
  getrusage(RUSAGE_SELF, &u);
  return static_cast<double>(u.ru_maxrss) / 1024.0;  // Linux: KiB
}

double dot(std::span<const double> u, std::span<const double> v) {
  double s = 0;
  for (std::size_t i = 0; i < u.size(); ++i) s += u[i] * v[i];
  return s;
}

/// The distributed solver's iteration (algorithms/cg/src/cg_pe_program.cpp, unpreconditioned, fixed
/// iterations) on one PE holding every row: the same kernels in the same order, no messages.
double arithmetic(const weft::sparse::csr_matrix& a, std::span<const double> b, int iterations) {
  const std::size_t n = b.size();
  std::vector<double> x(n, 0.0), r(b.begin(), b.end()), dir(n, 0.0), q(n, 0.0);
  const double norm0 = std::sqrt(dot(r, r));
  double rho_prev = 0, rel = 1;
  for (int k = 1; k <= iterations; ++k) {
    const double rho = dot(r, r);
    const double beta = k == 1 || rho_prev == 0 ? 0.0 : rho / rho_prev;
    for (std::size_t i = 0; i < n; ++i) dir[i] = beta * dir[i] + r[i];
    weft::sparse::multiply(a, dir, q);
    const double pq = dot(dir, q);
    const double alpha = pq > 0 ? rho / pq : 0.0;
    for (std::size_t i = 0; i < n; ++i) x[i] += alpha * dir[i];
    for (std::size_t i = 0; i < n; ++i) r[i] -= alpha * q[i];
    rel = std::sqrt(dot(r, r)) / norm0;
    rho_prev = rho;
  }
  // solve() ends with the true residual of the gathered x: one more SpMV.
  std::vector<double> ax(n);
  weft::sparse::multiply(a, x, ax);
  return rel + ax[0] * 0;
}

/// What the solver's setup copies: each PE's rows (row_block) with columns renumbered to the
/// gathered vector's padded positions (partition.cpp local_rows), and its zeroed gathered vector
/// of N entries (cg_pe_program.cpp). Every PE's share is kept until the end, as in a run.
double setup_copies(const weft::sparse::csr_matrix& a, int procs) {
  const std::int64_t base = a.rows / procs, extra = a.rows % procs, block = base + (extra > 0 ? 1 : 0);
  auto begin = [&](std::int64_t r) { return r * base + std::min<std::int64_t>(r, extra); };
  auto padded = [&](std::int64_t row) {
    const std::int64_t wide = extra * (base + 1);
    const std::int64_t r = row < wide ? row / (base + 1) : extra + (row - wide) / base;
    return r * block + (row - begin(r));
  };
  std::vector<weft::sparse::csr_matrix> blocks;
  std::vector<std::vector<double>> gathered;
  double sum = 0;
  for (int r = 0; r < procs; ++r) {
    auto mine = weft::sparse::row_block(a, begin(r), begin(r + 1));
    for (auto& c : mine.col) c = padded(c);
    gathered.emplace_back(static_cast<std::size_t>(block * procs), 0.0);
    sum += static_cast<double>(mine.col.back()) + gathered.back().back();
    blocks.push_back(std::move(mine));
  }
  return sum;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 2) {
    std::cerr << "usage: cg_speed solve|arith [--spec S] [--procs P] [--iterations K] [--topology T] [--workers W]"
                 " [--compute model|measured] [--allgather-algorithm A]\n";
    return 2;
  }
  try {
    const std::string mode = argv[1];
    std::string spec = "poisson3d:100", topology = "torus:8x8", compute = "model", allgather;
    int procs = 64, iterations = 100, workers = 0;
    for (int i = 2; i + 1 < argc; i += 2) {
      const std::string key = argv[i], value = argv[i + 1];
      if (key == "--spec") spec = value;
      else if (key == "--procs") procs = std::stoi(value);
      else if (key == "--iterations") iterations = std::stoi(value);
      else if (key == "--topology") topology = value;
      else if (key == "--workers") workers = std::stoi(value);
      else if (key == "--compute") compute = value;
      else if (key == "--allgather-algorithm") allgather = value;
      else throw std::invalid_argument("unknown option " + key);
    }
    if (mode != "solve" && mode != "arith") throw std::invalid_argument("MODE is solve or arith, not " + mode);

    auto t0 = clock_type::now();
    const auto a = weft::sparse::generate(spec);
    const std::vector<double> b(static_cast<std::size_t>(a.rows), 1.0);
    const double generate_s = seconds_since(t0);
    const double rss_after_generate = peak_rss_mib();

    if (mode == "arith") {
      t0 = clock_type::now();
      const double rel = arithmetic(a, b, iterations);
      const double arith_s = seconds_since(t0);
      const double rss_arith = peak_rss_mib();
      t0 = clock_type::now();
      const double copied = setup_copies(a, procs);
      const double copies_s = seconds_since(t0);
      std::printf("mode=arith spec=%s rows=%lld nnz=%lld iterations=%d generate_s=%.3f arith_s=%.3f "
                  "setup_copies_s=%.3f (check %.0f) rel=%.6e peak_rss_MiB=%.1f rss_after_generate_MiB=%.1f rss_with_setup_copies_MiB=%.1f\n",
                  spec.c_str(), static_cast<long long>(a.rows), static_cast<long long>(a.nnz()), iterations,
                  generate_s, arith_s, copies_s, copied, rel, rss_arith, rss_after_generate, peak_rss_mib());
      return 0;
    }

    const auto preset = weft::presets::load("ha-pacs-tca");
    weft::machine m(topology, preset.model, preset.routing);
    weft::cg::params p;
    p.fixed_iterations = iterations;
    if (!allgather.empty()) p.allgather_algorithm = allgather;  // else the solver's (the paper's) default
    p.compute = compute == "measured" ? weft::cg::compute_mode::measured : weft::cg::compute_mode::model;
    weft::run_options opt;
    opt.workers = workers;
    t0 = clock_type::now();
    const auto out = weft::cg::solve(m, procs, a, b, p, opt);
    const double solve_s = seconds_since(t0);
    std::printf("mode=solve spec=%s rows=%lld nnz=%lld procs=%d machine=%s+ha-pacs-tca iterations=%d compute=%s "
                "status=%s generate_s=%.3f solve_s=%.3f run_wall_s=%.3f peak_rss_MiB=%.1f "
                "rss_after_generate_MiB=%.1f workers=%d phases=%llu engine_events=%llu messages=%llu "
                "makespan_us=%.3f recurrence=%.6e true_residual=%.6e\n",
                spec.c_str(), static_cast<long long>(a.rows), static_cast<long long>(a.nnz()), procs, topology.c_str(),
                out.iterations, compute.c_str(), weft::to_string(out.run.status).c_str(), generate_s, solve_s,
                out.run.host.wall_seconds, peak_rss_mib(), rss_after_generate, out.run.host.workers,
                static_cast<unsigned long long>(out.run.host.phases),
                static_cast<unsigned long long>(out.run.host.engine_events),
                static_cast<unsigned long long>(out.run.delivered), out.makespan.micros(), out.recurrence_residual,
                out.relative_residual);
    return out.run.status == weft::run_status::ok ? 0 : 1;
  } catch (const std::exception& e) {
    std::cerr << "cg_speed: " << e.what() << "\n";
    return 2;
  }
}
