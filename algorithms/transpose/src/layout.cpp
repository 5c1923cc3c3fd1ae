#include "weft/transpose/layout.hpp"

#include <ostream>
#include <stdexcept>

namespace weft::transpose {

namespace {

bool power_of_two(std::int64_t x) { return x > 0 && (x & (x - 1)) == 0; }

// Far beyond what the emulation can move in reasonable time, but keeps N² elements in memory
// and every value r·N + c exact in a double.
constexpr std::int64_t max_n = 8192;

}  // namespace

std::string to_string(machine_kind k) { return k == machine_kind::pax ? "pax" : "illiac"; }

std::ostream& operator<<(std::ostream& out, machine_kind k) { return out << to_string(k); }

machine_kind parse_machine_kind(std::string_view text) {
  if (text == "pax") return machine_kind::pax;
  if (text == "illiac") return machine_kind::illiac;
  throw std::invalid_argument("--machine '" + std::string(text) + "' is not a mesh of the paper (allowed: pax, illiac)");
}

std::string topology_spec(machine_kind k, int pes) { return to_string(k) + ":" + std::to_string(pes); }

layout::layout(std::int64_t n, int pes) : n_(n), pes_(pes), side_(1) {
  if (!power_of_two(n) || n < 2 || n > max_n)
    throw std::invalid_argument("N = " + std::to_string(n) + " is not allowed: N must be a power of two from 2 to " +
                                std::to_string(max_n));
  bool power_of_four = power_of_two(pes) && (__builtin_ctz(static_cast<unsigned>(pes)) % 2 == 0);
  if (!power_of_four || pes < 4)
    throw std::invalid_argument("P = " + std::to_string(pes) +
                                " is not allowed: P must be a power of 4 (4, 16, 64, 256, ...), a square grid of 2^m PEs with m even");
  if (static_cast<std::int64_t>(pes) >= n * n)
    throw std::invalid_argument("P = " + std::to_string(pes) + " is not allowed for N = " + std::to_string(n) +
                                ": P must be below N² = " + std::to_string(n * n) +
                                " (the paper's layouts are P <= N and N < P < N²)");
  while (side_ * side_ < pes_) ++side_;
  if (whole_rows()) {
    rows_per_pe_ = n_ / pes_;
  } else {
    pes_per_row_ = pes_ / n_;
    chunk_ = n_ / pes_per_row_;
  }
}

int layout::owner(std::int64_t row, std::int64_t col) const {
  if (whole_rows()) return static_cast<int>(row / rows_per_pe_);
  return static_cast<int>(row * pes_per_row_ + col / chunk_);
}

std::int64_t layout::offset(std::int64_t row, std::int64_t col) const {
  if (whole_rows()) return (row % rows_per_pe_) * n_ + col;
  return col % chunk_;
}

std::pair<std::int64_t, std::int64_t> layout::position(int pe, std::int64_t offset) const {
  if (whole_rows()) return {pe * rows_per_pe_ + offset / n_, offset % n_};
  return {pe / pes_per_row_, (pe % pes_per_row_) * chunk_ + offset};
}

std::vector<int> layout::partners(int pe) const {
  std::vector<int> out;
  if (whole_rows()) {
    for (int q = 0; q < pes_; ++q) out.push_back(q);
    return out;
  }
  // Row r, columns g·chunk .. (g+1)·chunk-1 go to rows g·chunk + t of Aᵀ, column r: one element
  // to each of `chunk` PEs spaced P/N apart.
  const std::int64_t r = pe / pes_per_row_, g = pe % pes_per_row_;
  for (std::int64_t t = 0; t < chunk_; ++t) out.push_back(owner(g * chunk_ + t, r));
  return out;
}

std::int64_t layout::block_size(int src, int dst) const {
  if (whole_rows()) return rows_per_pe_ * rows_per_pe_;
  std::int64_t count = 0;
  for_each_in_block(src, dst, [&](std::int64_t, std::int64_t) { ++count; });
  return count;
}

void layout::for_each_in_block(int src, int dst, const std::function<void(std::int64_t, std::int64_t)>& f) const {
  if (whole_rows()) {
    // Block A(src, dst) of the paper's Fig. 3: rows of src × the columns that become dst's rows.
    const std::int64_t b = rows_per_pe_;
    for (std::int64_t i = 0; i < b; ++i)
      for (std::int64_t j = 0; j < b; ++j) f(i * n_ + dst * b + j, j * n_ + src * b + i);
    return;
  }
  // One element at most: (r, col) with col = dst's row of Aᵀ; it lands in dst at r mod chunk.
  const std::int64_t r = src / pes_per_row_, g = src % pes_per_row_;
  const std::int64_t col = dst / pes_per_row_;
  if (col / chunk_ != g || dst % pes_per_row_ != r / chunk_) return;
  f(col - g * chunk_, r % chunk_);
}

std::string layout::describe() const {
  std::string s = "N=" + std::to_string(n_) + " P=" + std::to_string(pes_);
  if (whole_rows()) return s + " (P <= N: " + std::to_string(rows_per_pe_) + " whole row(s) per PE)";
  return s + " (N < P < N²: a row over " + std::to_string(pes_per_row_) + " PEs, " + std::to_string(chunk_) +
         " elements each)";
}

}  // namespace weft::transpose
