#pragma once
// An N×N matrix stored row-wise over P PEs (seed 000, Fig. 1), and where every element goes
// when the matrix is transposed.
//
//   P <= N (whole rows per PE)         N < P < N² (a row split over P/N PEs)
//   PE 0 | row 0 .. N/P-1 |            PE 0 | row 0, cols 0 .. N²/P-1 | PE 1 | row 0, next |
//   PE 1 | next N/P rows  |            ...
//
// Element (r, c) holds the value r·N + c, exact in a double for N <= 2^26, so every PE can check
// its part of Aᵀ element by element without being told what to expect.

#include <cstdint>
#include <functional>
#include <iosfwd>
#include <string>
#include <string_view>
#include <vector>

namespace weft::transpose {

/// The two mesh-connected machines of the paper (Fig. 2).
enum class machine_kind { pax, illiac };
std::string to_string(machine_kind k);
std::ostream& operator<<(std::ostream& out, machine_kind k);
/// "pax" or "illiac"; throws std::invalid_argument naming the text and the allowed values.
machine_kind parse_machine_kind(std::string_view text);
/// The weft topology spec of the machine with `pes` PEs ("pax:16", "illiac:16").
std::string topology_spec(machine_kind k, int pes);

/// Row-wise storage of an N×N matrix over P PEs.
class layout {
 public:
  /// Throws std::invalid_argument unless N = 2^n >= 2, P = 4^k >= 4 and P <= N².
  layout(std::int64_t n, int pes);

  std::int64_t n() const { return n_; }
  int pes() const { return pes_; }
  /// √P, the side of the PE grid.
  int side() const { return side_; }
  /// True for P <= N (each PE holds N/P whole rows), false for N < P <= N².
  bool whole_rows() const { return pes_ <= n_; }
  std::int64_t elements_per_pe() const { return n_ * n_ / pes_; }

  /// The PE holding element (row, col) and its index in that PE's local array.
  int owner(std::int64_t row, std::int64_t col) const;
  std::int64_t offset(std::int64_t row, std::int64_t col) const;
  /// Global (row, col) of local element `offset` of PE `pe`.
  std::pair<std::int64_t, std::int64_t> position(int pe, std::int64_t offset) const;
  /// The value of A(row, col).
  double value(std::int64_t row, std::int64_t col) const { return static_cast<double>(row * n_ + col); }

  /// PEs that `pe` sends a part of its data to (itself included), in increasing order. The
  /// relation is symmetric: they are also the PEs it receives from.
  std::vector<int> partners(int pe) const;
  /// Number of elements `src` sends to `dst` (0 if they are not partners).
  std::int64_t block_size(int src, int dst) const;
  /// Calls f(source offset, destination offset) for every element `src` sends to `dst`, in one
  /// canonical order that sender and receiver both know.
  void for_each_in_block(int src, int dst, const std::function<void(std::int64_t, std::int64_t)>& f) const;

  /// "N=64 P=16 (P <= N: 4 rows per PE)".
  std::string describe() const;

 private:
  std::int64_t n_;
  int pes_;
  int side_;
  std::int64_t rows_per_pe_ = 0;  // P <= N
  std::int64_t pes_per_row_ = 0;  // N < P: P/N
  std::int64_t chunk_ = 0;        // N < P: elements per PE, N²/P
};

}  // namespace weft::transpose
