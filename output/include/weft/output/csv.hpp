#pragma once
// Every CSV weft writes (the sweeps' --csv tables, the message log), one way: fields separated by
// commas, lines ended by '\n', and a field that holds a comma, a quote or a line break quoted as
// RFC 4180 says ("a ""b"""), so a topology spec like srt1d:5,5 stays one column.

#include <concepts>
#include <cstdint>
#include <initializer_list>
#include <iosfwd>
#include <string>
#include <string_view>
#include <vector>

namespace weft::output {

/// One field: text (quoted where it must be) or a number, written as the shortest form that
/// reads back the same (fmt's "{}"). A number wanted with fixed decimals is formatted by the
/// caller and passed as text.
class csv_cell {
 public:
  csv_cell(std::string_view text);
  csv_cell(const std::string& text) : csv_cell(std::string_view(text)) {}
  csv_cell(const char* text) : csv_cell(std::string_view(text)) {}
  template <std::integral T>
  csv_cell(T v) : text_(std::to_string(v)) {}  // what fmt's "{}" writes for a whole number
  csv_cell(double v);
  const std::string& text() const { return text_; }

 private:
  std::string text_;
};

/// `text` as one CSV field: as it is, or quoted when it holds a comma, a quote or a line break.
std::string csv_field(std::string_view text);

/// One CSV line of `cells`, ended by '\n'.
void write_csv_line(std::ostream& out, std::initializer_list<csv_cell> cells);
/// One CSV line of text fields (a line whose width is known only at run time), ended by '\n'.
void write_csv_fields(std::ostream& out, const std::vector<std::string>& fields);

}  // namespace weft::output
