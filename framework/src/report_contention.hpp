#pragma once
// The writers of a report's --contention part (report_contention.cpp); called by report.cpp's
// writers when report::contention.measured.

#include <iosfwd>
#include <nlohmann/json.hpp>

#include "weft/report.hpp"

namespace weft::detail {

void print_contention(std::ostream& out, const report& r);
nlohmann::ordered_json contention_json(const report& r);
void trace_contention(std::ostream& out, const report& r);

}  // namespace weft::detail
