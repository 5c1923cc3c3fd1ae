#pragma once
// The Matrix Market grammar shared by the matrix and the vector readers: header, size line and
// entries, each refusal as one "FILE:LINE: ..." line. Entries come back as stored (0-based, a
// symmetric file's lower triangle only); what they become is the caller's business.

#include <cstdint>
#include <iosfwd>
#include <string>
#include <string_view>
#include <vector>

#include "weft/sparse/matrix.hpp"

namespace weft::sparse::detail {

enum class mm_format { coordinate, array };
enum class mm_field { real, integer, pattern };
enum class mm_symmetry { general, symmetric };

struct mm_contents {
  mm_format format = mm_format::coordinate;
  mm_field field = mm_field::real;
  mm_symmetry symmetry = mm_symmetry::general;
  std::int64_t rows = 0, cols = 0;
  std::int64_t size_line = 0;  // where the size was declared, for errors about it
  std::vector<triplet> entries;
};

/// `max_bytes` > 0: refuse, at the size line, a file whose declared size would need more memory.
mm_contents read_mm(std::istream& in, const std::string& source, std::int64_t max_bytes = 0);

/// Throws format_error "SOURCE:LINE: WHAT".
[[noreturn]] void fail(const std::string& source, std::int64_t line, std::string_view what);
/// Throws format_error naming the entry (0-based row, col; shown 1-based) whose repeated
/// coordinate entries summed to an infinity.
[[noreturn]] void repeats_overflow(const std::string& source, std::int64_t row, std::int64_t col);

}  // namespace weft::sparse::detail
