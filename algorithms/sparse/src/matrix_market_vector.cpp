// Right-hand sides in and solutions out, as Matrix Market N x 1 files.

#include <algorithm>
#include <cmath>
#include <iterator>
#include <ostream>

#include <fmt/format.h>

#include "mm_reader.hpp"
#include "open_file.hpp"
#include "weft/sparse/matrix_market.hpp"

namespace weft::sparse {

std::vector<double> parse_vector(std::istream& in, const std::string& source, std::int64_t expected_length) {
  detail::mm_contents m = detail::read_mm(in, source);
  if (m.cols != 1)
    detail::fail(source, m.size_line, fmt::format("a vector must be N x 1 (this file is {} x {})", m.rows, m.cols));
  if (expected_length >= 0 && m.rows != expected_length)
    detail::fail(source, m.size_line,
                 fmt::format("vector of length {} (expected length {} to match the matrix)", m.rows, expected_length));
  std::vector<double> v(static_cast<std::size_t>(m.rows), 0.0);
  // Coordinate repeats sum, as in matrices; an array value is assigned so that -0.0 stays -0.0.
  for (const triplet& t : m.entries)
    if (m.format == detail::mm_format::coordinate)
      v[static_cast<std::size_t>(t.row)] += t.val;
    else
      v[static_cast<std::size_t>(t.row)] = t.val;
  for (std::size_t i = 0; i < v.size(); ++i)  // finite values can sum past the largest double
    if (!std::isfinite(v[i])) detail::repeats_overflow(source, static_cast<std::int64_t>(i), 0);
  return v;
}

std::vector<double> read_vector(const std::filesystem::path& file, std::int64_t expected_length) {
  std::ifstream in = detail::open_for_reading(file);
  return parse_vector(in, file.string(), expected_length);
}

void write_vector(std::ostream& out, std::span<const double> v, std::string_view comment) {
  auto it = std::ostreambuf_iterator<char>(out);
  it = fmt::format_to(it, "%%MatrixMarket matrix array real general\n");
  if (!comment.empty()) {
    // One comment line: a newline inside would start a line that is not a comment.
    std::string line(comment);
    std::replace(line.begin(), line.end(), '\n', ' ');
    it = fmt::format_to(it, "% {}\n", line);
  }
  it = fmt::format_to(it, "{} 1\n", v.size());
  for (double x : v) it = fmt::format_to(it, "{:.17g}\n", x);
}

}  // namespace weft::sparse
