#include "weft/output/csv.hpp"

#include <fmt/format.h>

#include <ostream>

namespace weft::output {

std::string csv_field(std::string_view text) {
  if (text.find_first_of(",\"\r\n") == std::string_view::npos) return std::string(text);
  std::string quoted = "\"";
  for (char c : text) {
    if (c == '"') quoted += '"';
    quoted += c;
  }
  return quoted + '"';
}

csv_cell::csv_cell(std::string_view text) : text_(csv_field(text)) {}
csv_cell::csv_cell(double v) : text_(fmt::format("{}", v)) {}

void write_csv_line(std::ostream& out, std::initializer_list<csv_cell> cells) {
  bool first = true;
  for (const auto& c : cells) {
    if (!first) out << ',';
    first = false;
    out << c.text();
  }
  out << '\n';
}

void write_csv_fields(std::ostream& out, const std::vector<std::string>& fields) {
  for (std::size_t i = 0; i < fields.size(); ++i) out << (i ? "," : "") << csv_field(fields[i]);
  out << '\n';
}

}  // namespace weft::output
