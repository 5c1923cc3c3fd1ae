#pragma once
// The writers of a report's --contention part (report_contention.cpp); called by the text,
// JSON and trace writers when report::contention.measured.

#include <iosfwd>
#include <nlohmann/json.hpp>

#include "weft/report.hpp"

namespace weft::output::detail {

void print_contention(std::ostream& out, const report& r);
nlohmann::ordered_json contention_json(const report& r);
void trace_contention(std::ostream& out, const report& r);

}  // namespace weft::output::detail
