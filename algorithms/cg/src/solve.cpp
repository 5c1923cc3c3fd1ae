#include <cstring>
#include <algorithm>
#include <cmath>
#include <stdexcept>
#include <string>

#include <fmt/format.h>

#include "cg_pe_program.hpp"
#include "weft/coll/registry.hpp"
#include "weft/cg/parts.hpp"
#include "weft/cg/solver.hpp"

namespace weft::cg {

std::string_view to_string(phase p) {
  constexpr std::string_view names[phase_count] = {"spmv", "axpy", "dot-local", "precond", "allgather", "allreduce"};
  return names[static_cast<std::size_t>(p)];
}

std::string_view to_string(stop_reason s) {
  switch (s) {
    case stop_reason::converged: return "converged";
    case stop_reason::max_iterations: return "max-iterations";
    case stop_reason::iterations_done: return "iterations-done";
    case stop_reason::not_spd: return "not-spd";
    case stop_reason::inaccurate: return "inaccurate";
    case stop_reason::overflow: return "overflow";
  }
  return "?";
}

void check(const sparse::csr_matrix& a, std::span<const double> b, int procs, const params& p) {
  if (a.rows != a.cols)
    throw std::invalid_argument(fmt::format("CG needs a square matrix; this one is {} x {}", a.rows, a.cols));
  if (a.rows == 0) throw std::invalid_argument("the matrix has no rows");
  if (auto why = sparse::asymmetry(a)) throw std::invalid_argument("CG needs a symmetric matrix: " + *why);
  if (procs < 1) throw std::invalid_argument(fmt::format("--procs {} must be at least 1", procs));
  if (procs > a.rows)
    throw std::invalid_argument(
        fmt::format("--procs {} is more than the matrix's {} rows (each PE needs at least one row)", procs, a.rows));
  if (b.empty()) throw std::invalid_argument("the right-hand side is empty");
  if (static_cast<std::int64_t>(b.size()) != a.rows)
    throw std::invalid_argument(
        fmt::format("the right-hand side has {} entries; the matrix has {} rows", b.size(), a.rows));
  check_rhs(b);
  if (std::all_of(b.begin(), b.end(), [](double v) { return v == 0; })) throw std::invalid_argument("the right-hand side is zero: x = 0, and ||b - Ax|| / ||b|| is undefined");
  if (!(p.tol > 0 && p.tol < 1)) throw std::invalid_argument(fmt::format("--tol {} must be in (0, 1)", p.tol));
  if (p.max_iter < 0) throw std::invalid_argument(fmt::format("--max-iter {} is negative", p.max_iter));
  if (p.fixed_iterations < 0) throw std::invalid_argument(fmt::format("--iterations {} is negative", p.fixed_iterations));
  if (!p.allgather_algorithm.empty()) coll::find_algorithm(coll::operation::allgather, p.allgather_algorithm);
  if (!p.allreduce_algorithm.empty()) coll::find_algorithm(coll::operation::allreduce, p.allreduce_algorithm);
  if (p.precond == preconditioner::jacobi)
    for (std::int64_t i = 0; i < a.rows; ++i) {
      double d = 0;
      for (auto k = a.row_start[static_cast<std::size_t>(i)]; k < a.row_start[static_cast<std::size_t>(i) + 1]; ++k)
        if (a.col[static_cast<std::size_t>(k)] == i) d = a.val[static_cast<std::size_t>(k)];
      if (!(d > 0))
        throw std::invalid_argument(
            fmt::format("--precond jacobi needs a positive diagonal; entry ({},{}) is {}", i + 1, i + 1, d));
    }
}

void check_rhs(std::span<const double> b) {
  double squares = 0;
  std::size_t largest = 0;
  for (std::size_t i = 0; i < b.size(); ++i) {
    if (!std::isfinite(b[i])) throw std::invalid_argument(fmt::format("the right-hand side holds a non-finite value (row {})", i + 1));
    squares += b[i] * b[i];
    if (std::abs(b[i]) > std::abs(b[largest])) largest = i;
  }
  if (!std::isfinite(squares))
    throw std::invalid_argument(fmt::format("the right-hand side is too large: ||b||^2 overflows a double (its largest entry is "
                                            "{:g}, row {}); scale b down (x scales with it)",
                                            b[largest], largest + 1));
  if (squares == 0 && b[largest] != 0)
    throw std::invalid_argument(fmt::format("the right-hand side is too small: ||b||^2 underflows to 0 (its largest entry is "
                                            "{:g}, row {}); scale b up (x scales with it)",
                                            b[largest], largest + 1));
}

void check_machine(const machine& m, const params& p) {
  if (p.compute == compute_mode::model && m.model().flops.per_second <= 0 && m.model().memory_time.num == 0)
    throw std::invalid_argument(
        "the machine has no compute model: give --flops and/or --memory-bandwidth");
}

traffic_hint traffic(const sparse::csr_matrix& a, int procs) {
  const detail::row_split split{a.rows, procs};
  // Recursive doubling's last allgather step sends half the vector in one message.
  const std::int64_t block = split.block() * 8 * std::max(1, procs / 2);
  // Per PE: its rows (value and column per nonzero), eight vectors of its rows, the gathered vector.
  const std::int64_t rows_bytes = (a.nnz() / procs + 1) * 16 + split.block() * 8 * 8 + split.block() * procs * 8;
  return {.messages_in_flight = static_cast<std::int64_t>(procs) * 2,
          .real_bytes_per_message = block,
          .modelled_bytes_per_message = block,
          .messages_total = -1,
          .real_bytes_per_pe = rows_bytes};
}

/// The PEs' results for a run spread over processes (--engine mpi): each process gets every PE's.
static pe_results shared(std::vector<pe_result>& results) {
  // Everything but x is plain values, copied as they are; x follows, its length first.
  struct plain {
    breakdown time;
    vtime setup;
    stop_reason status;
    int iterations, not_spd_iteration;
    double recurrence_residual;
  };
  return {[&results](int pe, std::vector<std::byte>& out) {
            const auto& r = results[static_cast<std::size_t>(pe)];
            const plain head{r.time, r.setup, r.status, r.iterations, r.not_spd_iteration, r.recurrence_residual};
            const auto* h = reinterpret_cast<const std::byte*>(&head);
            out.insert(out.end(), h, h + sizeof head);
            const auto* x = reinterpret_cast<const std::byte*>(r.x.data());
            out.insert(out.end(), x, x + r.x.size() * sizeof(double));
          },
          [&results](int pe, std::span<const std::byte> bytes) {
            auto& r = results[static_cast<std::size_t>(pe)];
            plain head;
            std::memcpy(&head, bytes.data(), sizeof head);
            r.time = head.time;
            r.setup = head.setup;
            r.status = head.status;
            r.iterations = head.iterations;
            r.not_spd_iteration = head.not_spd_iteration;
            r.recurrence_residual = head.recurrence_residual;
            r.x.resize((bytes.size() - sizeof head) / sizeof(double));
            if (!r.x.empty()) std::memcpy(r.x.data(), bytes.data() + sizeof head, r.x.size() * sizeof(double));
          }};
}

outcome solve(const machine& m, int procs, const sparse::csr_matrix& a, std::span<const double> b, const params& given,
              run_options options) {
  const params p = prepared(given, a);
  check(a, b, procs, p);
  check_machine(m, p);
  const charged_parts parts{.flops = m.model().flops.per_second > 0, .bytes = m.model().memory_time.num > 0};
  if (options.traffic.real_bytes_per_pe == 0) options.traffic = traffic(a, procs);
  std::vector<pe_result> results(static_cast<std::size_t>(procs));
  options.results = shared(results);
  auto run = m.run(procs, make_program(a, b, p, parts, results), options);
  // A failed run has no results to assemble: only its report.
  outcome out = run.status == run_status::ok ? assemble(a, b, p, results) : outcome{};
  out.run = std::move(run);
  out.makespan = out.run.makespan;
  out.deterministic = p.compute == compute_mode::model;
  return out;
}

}  // namespace weft::cg
