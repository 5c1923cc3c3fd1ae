#pragma once
// Matrix Market files (https://math.nist.gov/MatrixMarket/formats.html): the matrices and
// right-hand sides the CG solver reads, and the solutions it writes.
//
// Supported: `%%MatrixMarket matrix coordinate|array real|integer|pattern general|symmetric`
// (pattern only with coordinate). Every refusal names the file and the line.

#include <cstdint>
#include <filesystem>
#include <iosfwd>
#include <span>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "weft/sparse/matrix.hpp"

namespace weft::sparse {

/// What is wrong with a Matrix Market input: what() is ONE line
/// "FILE:LINE: what is wrong (what is allowed)", e.g. "A.mtx:7: row index 60 outside 1..48".
class format_error : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

/// Reads a matrix; symmetric files are expanded to both triangles, duplicates summed, pattern
/// entries become 1.0, explicit zeros of an array file are dropped.
/// Rows and columns above 2^31 - 1 are refused; `max_bytes` > 0 also refuses, at the size line,
/// a file whose declared entries would need more memory than that.
csr_matrix read_matrix_market(const std::filesystem::path& file, std::int64_t max_bytes = 0);
/// The same from a stream; `source` names the input in errors.
csr_matrix parse_matrix_market(std::istream& in, const std::string& source, std::int64_t max_bytes = 0);

/// A dense vector: Matrix Market `array` format (N x 1, real/integer), or a coordinate N x 1 file
/// (absent entries are 0). expected_length < 0: any length; otherwise a different length is an
/// error naming both lengths.
std::vector<double> read_vector(const std::filesystem::path& file, std::int64_t expected_length = -1);
std::vector<double> parse_vector(std::istream& in, const std::string& source,
                                 std::int64_t expected_length = -1);

/// Writes `array real general` N x 1 with %.17g (round-trips exactly); a header comment line
/// `% ` + comment if given. (Files are written through weft_io's output_file, whole or not at all.)
void write_vector(std::ostream& out, std::span<const double> v, std::string_view comment = {});

}  // namespace weft::sparse
