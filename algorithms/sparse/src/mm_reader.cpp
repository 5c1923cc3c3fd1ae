// Line by line (never the whole file in one string), numbers by std::from_chars: a 10^6-row file
// reads in about a second, and every refusal knows its line.

#include "mm_reader.hpp"

#include "weft/units.hpp"

#include <algorithm>
#include <array>
#include <cctype>
#include <charconv>
#include <cmath>
#include <cstdlib>
#include <initializer_list>
#include <istream>
#include <limits>
#include <optional>
#include <utility>

#include <fmt/format.h>

#include "weft/io/input_file.hpp"
#include "weft/sparse/matrix_market.hpp"

namespace weft::sparse::detail {

void fail(const std::string& source, std::int64_t line, std::string_view what) {
  throw format_error(fmt::format("{}:{}: {}", source, line, what));
}

void repeats_overflow(const std::string& source, std::int64_t row, std::int64_t col) {
  throw format_error(fmt::format("{}: the entries repeated at ({},{}) sum past the largest double (1.8e308); a "
                                 "coordinate file sums repeats: scale the values down",
                                 source, row + 1, col + 1));
}

namespace {

constexpr std::string_view supported_header =
    "%%MatrixMarket matrix coordinate|array real|integer|pattern general|symmetric";

/// Numbered lines of a stream, a trailing '\r' (files written on Windows) dropped.
class line_reader {
 public:
  line_reader(std::istream& in, std::string_view source) : in_(in), source_(source) {}
  bool next() {
    try {
      if (!io::read_line(in_, text_, source_)) return false;
    } catch (const std::invalid_argument& e) {  // a line past read_line's bound: the readers' own error
      throw format_error(e.what());
    }
    ++number_;
    return true;
  }
  std::string_view text() const { return text_; }
  std::int64_t number() const { return number_; }

 private:
  std::istream& in_;
  std::string_view source_;
  std::string text_;
  std::int64_t number_ = 0;
};

/// The whitespace-separated words of a line, at most N (one more is kept to detect extra text).
template <std::size_t N>
struct words {
  std::array<std::string_view, N + 1> word{};
  std::size_t count = 0;
  explicit words(std::string_view line) {
    std::size_t i = 0;
    while (count <= N) {
      i = line.find_first_not_of(" \t", i);
      if (i == std::string_view::npos) break;
      std::size_t end = std::min(line.find_first_of(" \t", i), line.size());
      word[count++] = line.substr(i, end - i);
      i = end;
    }
  }
};

bool is_blank_or_comment(std::string_view line) {
  std::size_t i = line.find_first_not_of(" \t");
  return i == std::string_view::npos || line[i] == '%';
}

std::string lower(std::string_view s) {
  std::string out(s);
  std::transform(out.begin(), out.end(), out.begin(), [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  return out;
}

/// User text quoted in a refusal: control bytes escaped, so a NUL never cuts the message.
std::string shown(std::string_view word) { return io::printable(word); }

std::optional<std::int64_t> whole_number(std::string_view s) {
  if (!s.empty() && s.front() == '+') s.remove_prefix(1);  // from_chars refuses the sign C's strtol takes
  std::int64_t v = 0;
  auto [end, ec] = std::from_chars(s.data(), s.data() + s.size(), v);
  if (ec != std::errc{} || end != s.data() + s.size() || s.empty()) return std::nullopt;
  return v;
}

/// Why `s` is not a whole number: all digits but past 64 bits, or not a number at all.
std::string not_whole(std::string_view s) {
  const std::string_view digits = !s.empty() && (s.front() == '+' || s.front() == '-') ? s.substr(1) : s;
  const bool all_digits = !digits.empty() && digits.find_first_not_of("0123456789") == std::string_view::npos;
  return all_digits ? fmt::format("'{}' is past a 64-bit whole number (2^63 - 1)", shown(s))
                    : fmt::format("'{}' is not a whole number", shown(s));
}

std::optional<double> real_number(std::string_view s) {
  if (!s.empty() && s.front() == '+') s.remove_prefix(1);
  double v = 0;
  auto [end, ec] = std::from_chars(s.data(), s.data() + s.size(), v);
  // Past the doubles' range: 1e400 reads as infinite (refused as not finite below), 1e-400 as the
  // smallest subnormal (refused in a matrix as below the normal range), not as "no number".
  if (ec == std::errc::result_out_of_range && end == s.data() + s.size() && !s.empty()) {
    const double r = std::strtod(std::string(s).c_str(), nullptr);
    return r != 0 ? r : std::numeric_limits<double>::denorm_min();
  }
  if (ec != std::errc{} || end != s.data() + s.size() || s.empty()) return std::nullopt;
  return v;
}

class reader {
 public:
  reader(std::istream& in, const std::string& source, std::int64_t max_bytes)
      : lines_(in, source), source_(source), max_bytes_(max_bytes) {}

  mm_contents read() {
    read_header();
    read_size();
    read_entries();
    return std::move(out_);
  }

 private:
  [[noreturn]] void fail_here(std::string_view what) const { fail(source_, lines_.number(), what); }

  /// The choice a header word names, case-insensitively; else a refusal listing the choices.
  template <class Choice>
  Choice keyword(std::string_view word, std::string_view what,
                 std::initializer_list<std::pair<std::string_view, Choice>> choices) const {
    const std::string key = lower(word);
    std::string supported;
    for (const auto& [name, choice] : choices) {
      if (key == name) return choice;
      supported += supported.empty() ? std::string(name) : ", " + std::string(name);
    }
    fail_here(fmt::format("unsupported {} '{}' (supported: {})", what, shown(word), supported));
  }

  void read_header() {
    if (!lines_.next()) fail(source_, 1, fmt::format("empty file (a Matrix Market file starts with '{}')", supported_header));
    words<5> w(lines_.text());
    if (w.count == 0 || lower(w.word[0]) != "%%matrixmarket")
      fail_here(fmt::format("missing header (a Matrix Market file starts with '{}')", supported_header));
    if (w.count != 5) fail_here(fmt::format("header has {} words (expected '{}')", w.count, supported_header));
    keyword<int>(w.word[1], "object", {{"matrix", 0}});
    out_.format = keyword<mm_format>(w.word[2], "format", {{"coordinate", mm_format::coordinate}, {"array", mm_format::array}});
    out_.field = keyword<mm_field>(
        w.word[3], "field", {{"real", mm_field::real}, {"integer", mm_field::integer}, {"pattern", mm_field::pattern}});
    out_.symmetry = keyword<mm_symmetry>(
        w.word[4], "symmetry", {{"general", mm_symmetry::general}, {"symmetric", mm_symmetry::symmetric}});
    if (out_.format == mm_format::array && out_.field == mm_field::pattern)
      fail_here("field 'pattern' with format 'array' (pattern needs coordinate: an array stores every value)");
  }

  /// The next line that is neither blank nor a comment, or false at the end of the input.
  bool next_content_line() {
    while (lines_.next())
      if (!is_blank_or_comment(lines_.text())) return true;
    return false;
  }

  std::int64_t size_field(std::string_view word, std::string_view name, std::int64_t least) {
    auto v = whole_number(word);
    if (!v) fail_here(fmt::format("{} {} (size line: {})", name, not_whole(word), size_line_syntax()));
    if (*v < least) fail_here(fmt::format("{} {} (must be >= {})", name, *v, least));
    return *v;
  }

  std::string_view size_line_syntax() const {
    return out_.format == mm_format::coordinate ? "ROWS COLS ENTRIES" : "ROWS COLS";
  }

  void read_size() {
    if (!next_content_line())
      fail(source_, lines_.number(), fmt::format("file ends before the size line ({})", size_line_syntax()));
    out_.size_line = lines_.number();
    const std::size_t expected = out_.format == mm_format::coordinate ? 3 : 2;
    words<3> w(lines_.text());
    if (w.count != expected)
      fail_here(fmt::format("size line has {} fields (expected {})", w.count > 3 ? "more than 3" : std::to_string(w.count),
                            size_line_syntax()));
    out_.rows = size_field(w.word[0], "row count", 1);
    out_.cols = size_field(w.word[1], "column count", 1);
    if (out_.symmetry == mm_symmetry::symmetric && out_.rows != out_.cols)
      fail_here(fmt::format("symmetric matrix of {} x {} (a symmetric matrix must be square)", out_.rows, out_.cols));
    if (out_.format == mm_format::coordinate) {
      declared_ = size_field(w.word[2], "entry count", 0);
    } else {
      constexpr std::int64_t most = std::numeric_limits<std::int64_t>::max() / 2;
      if (out_.rows > most / out_.cols)
        fail_here(fmt::format("array of {} x {} values is too large", out_.rows, out_.cols));
      declared_ = out_.symmetry == mm_symmetry::symmetric ? out_.rows * (out_.rows + 1) / 2 : out_.rows * out_.cols;
    }
    refuse_sizes_beyond_limits();
    // Capped: a corrupt count must not reserve memory before the first entry is read. 2^16
    // entries (1.5 MiB); a larger file grows the vector as it reads (2^24 reserved 400 MB for a
    // 20-byte right-hand side declaring 10^16 entries: read_vector has no memory limit).
    out_.entries.reserve(static_cast<std::size_t>(std::min<std::int64_t>(declared_, std::int64_t{1} << 16)));
  }

  double value(std::string_view word) {
    if (out_.field == mm_field::integer) {
      auto v = whole_number(word);
      if (!v) fail_here(fmt::format("value {} (the header says integer)", not_whole(word)));
      return static_cast<double>(*v);
    }
    auto v = real_number(word);
    if (!v) fail_here(fmt::format("value '{}' is not a number", shown(word)));
    if (!std::isfinite(*v)) fail_here(fmt::format("value '{}' is not finite (values must be finite numbers)", shown(word)));
    // A matrix entry that is subnormal makes products that underflow to 0: a solver would read
    // them as p'Ap = 0. (Vectors, arrays, may hold them: a solution written back reads the same.)
    if (out_.format == mm_format::coordinate && *v != 0 && !std::isnormal(*v))
      fail_here(fmt::format("value '{}' is below the smallest normal double ({:g}): products of it underflow; scale the "
                            "values up",
                            shown(word), std::numeric_limits<double>::min()));
    return *v;
  }

  std::int64_t index(std::string_view word, std::string_view name, std::int64_t size) {
    auto v = whole_number(word);
    if (!v) fail_here(fmt::format("{} index {}", name, not_whole(word)));
    if (*v < 1 || *v > size) fail_here(fmt::format("{} index {} outside 1..{}", name, *v, size));
    return *v - 1;
  }

  void read_coordinate_entry() {
    const bool pattern = out_.field == mm_field::pattern;
    const std::size_t expected = pattern ? 2 : 3;
    words<3> w(lines_.text());
    if (w.count > expected)
      fail_here(fmt::format("extra text '{}' after the entry (expected {})", shown(w.word[expected]),
                            pattern ? "ROW COL" : "ROW COL VALUE"));
    if (w.count < expected)
      fail_here(fmt::format("entry has {} fields (expected {})", w.count, pattern ? "ROW COL" : "ROW COL VALUE"));
    triplet t;
    t.row = index(w.word[0], "row", out_.rows);
    t.col = index(w.word[1], "column", out_.cols);
    t.val = pattern ? 1.0 : value(w.word[2]);
    if (out_.symmetry == mm_symmetry::symmetric && t.row < t.col)
      fail_here(fmt::format("entry ({},{}) above the diagonal of a symmetric matrix (only the lower triangle is "
                            "stored: row >= column)",
                            t.row + 1, t.col + 1));
    out_.entries.push_back(t);
  }

  void read_array_entry() {
    words<1> w(lines_.text());
    if (w.count > 1) fail_here(fmt::format("extra text '{}' after the value (expected one value per line)", shown(w.word[1])));
    out_.entries.push_back({array_row_, array_col_, value(w.word[0])});
    // Column by column; a symmetric array stores each column from the diagonal down.
    if (++array_row_ == out_.rows) {
      ++array_col_;
      array_row_ = out_.symmetry == mm_symmetry::symmetric ? array_col_ : 0;
    }
  }

  void read_entries() {
    std::int64_t count = 0;
    while (next_content_line()) {
      if (count == declared_) fail_here(fmt::format("more entries than the {} declared on line {}", declared_, out_.size_line));
      if (out_.format == mm_format::coordinate)
        read_coordinate_entry();
      else
        read_array_entry();
      ++count;
    }
    if (count < declared_)
      fail(source_, lines_.number(), fmt::format("expected {} entries, file ends after {}", declared_, count));
  }

  line_reader lines_;
  const std::string& source_;
  mm_contents out_;
  std::int64_t declared_ = 0;
  std::int64_t max_bytes_ = 0;

  // A size line is checked before anything is allocated for it: a corrupt or huge one must be
  // refused with its line, not end in an allocation failure or the host's out-of-memory killer.
  void refuse_sizes_beyond_limits() const {
    constexpr std::int64_t most_index = (std::int64_t{1} << 31) - 1;  // CSR indices stay 32-bit
    for (auto [count, name] : {std::pair{out_.rows, "row count"}, std::pair{out_.cols, "column count"}})
      if (count > most_index)
        fail_here(fmt::format("{} {} is above 2^31 - 1 = {} (the largest matrix weft reads)", name, count, most_index));
    if (max_bytes_ <= 0) return;
    // Each stored entry: a triplet while reading (24 B), twice when symmetric, then CSR (16 B).
    const double mirrored = out_.symmetry == mm_symmetry::symmetric ? 2.0 : 1.0;
    const double need = static_cast<double>(declared_) * mirrored * 40.0 + static_cast<double>(out_.rows) * 8.0;
    if (need > static_cast<double>(max_bytes_))
      fail_here(fmt::format("{} entries of a {} x {} matrix need about {}, more than --max-memory {} "
                            "(raise it with --max-memory)",
                            declared_, out_.rows, out_.cols, format_memory(static_cast<std::int64_t>(std::min(need, 9e18))),
                            format_memory(max_bytes_)));
  }
  std::int64_t array_row_ = 0, array_col_ = 0;
};

}  // namespace

mm_contents read_mm(std::istream& in, const std::string& source, std::int64_t max_bytes) {
  return reader(in, source, max_bytes).read();
}

}  // namespace weft::sparse::detail
