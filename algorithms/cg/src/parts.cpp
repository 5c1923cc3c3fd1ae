// solve()'s parts (weft/cg/parts.hpp): solve() itself is prepared + make_program + a run on the
// machine + assemble, so another backend that runs the same program gets the same outcome.
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <stdexcept>

#include "cg_pe_program.hpp"
#include "weft/cg/parts.hpp"

namespace weft::cg {

namespace {

double true_residual(const sparse::csr_matrix& a, std::span<const double> b, std::span<const double> x) {
  std::vector<double> ax(b.size());
  sparse::multiply(a, x, ax);
  double rr = 0, bb = 0;
  for (std::size_t i = 0; i < b.size(); ++i) {
    rr += (b[i] - ax[i]) * (b[i] - ax[i]);
    bb += b[i] * b[i];
  }
  return std::sqrt(rr) / std::sqrt(bb);
}

// pack()'s layout: these figures, then the rows of x.
enum slot : std::size_t { status_slot, iterations_slot, not_spd_slot, recurrence_slot, setup_slot, time_slot };
constexpr std::size_t header = time_slot + phase_count;

}  // namespace

params prepared(const params& given, const sparse::csr_matrix& a) {
  params p = given;
  if (p.max_iter == 0) p.max_iter = static_cast<int>(std::min<std::int64_t>(10 * a.rows, 1 << 30));
  return p;
}

program make_program(const sparse::csr_matrix& a, std::span<const double> b, const params& p, charged_parts parts,
                     std::vector<pe_result>& results) {
  return detail::cg_program(a, b, p, parts, results);
}

outcome assemble(const sparse::csr_matrix& a, std::span<const double> b, const params& p,
                 std::span<const pe_result> results) {
  outcome out;
  const auto& first = results.front();
  out.status = first.status;
  out.iterations = first.iterations;
  out.not_spd_iteration = first.not_spd_iteration;
  out.recurrence_residual = first.recurrence_residual;
  out.rank0 = first.time;
  out.setup = first.setup;
  out.x.reserve(static_cast<std::size_t>(a.rows));
  for (const auto& r : results) {
    out.x.insert(out.x.end(), r.x.begin(), r.x.end());
    for (std::size_t ph = 0; ph < phase_count; ++ph) out.slowest[ph] = max(out.slowest[ph], r.time[ph]);
  }
  out.relative_residual = true_residual(a, b, out.x);
  out.converged = out.solution_usable() && out.relative_residual < p.tol;
  if (out.status == stop_reason::converged && !out.converged) out.status = stop_reason::inaccurate;
  return out;
}

std::vector<double> pack(const pe_result& r) {
  std::vector<double> v(header);
  v[status_slot] = static_cast<double>(r.status);
  v[iterations_slot] = r.iterations;
  v[not_spd_slot] = r.not_spd_iteration;
  v[recurrence_slot] = r.recurrence_residual;
  v[setup_slot] = static_cast<double>(r.setup.ps);
  for (std::size_t ph = 0; ph < phase_count; ++ph) v[time_slot + ph] = static_cast<double>(r.time[ph].ps);
  v.insert(v.end(), r.x.begin(), r.x.end());
  return v;
}

pe_result unpack(std::span<const double> v) {
  if (v.size() < header) throw std::invalid_argument("cg::unpack: fewer values than a packed PE result holds");
  pe_result r;
  r.status = static_cast<stop_reason>(static_cast<int>(v[status_slot]));
  r.iterations = static_cast<int>(v[iterations_slot]);
  r.not_spd_iteration = static_cast<int>(v[not_spd_slot]);
  r.recurrence_residual = v[recurrence_slot];
  r.setup = vtime{static_cast<std::int64_t>(v[setup_slot])};
  for (std::size_t ph = 0; ph < phase_count; ++ph) r.time[ph] = vtime{static_cast<std::int64_t>(v[time_slot + ph])};
  r.x.assign(v.begin() + header, v.end());
  return r;
}

}  // namespace weft::cg
