#pragma once
// A sweep's results as a text table per routing, CSV, JSON (schema in docs/traffic.md) and an
// SVG picture of latency against offered load, every routing on one picture.

#include <iosfwd>
#include <string>
#include <vector>

#include "weft/traffic/run.hpp"

namespace weft::traffic {

/// What the results are of, for headers and the JSON.
struct run_description {
  std::string pattern, machine, network;
  node_id nodes = 0;
  params run;
};

/// The column header of one routing's table, then its rows one by one (printed as measured).
void print_table_header(std::ostream& out, const std::string& routing, bool split);
void print_table_row(std::ostream& out, const point& p, bool split);
/// "saturation srt-dlf: 0.0512 flits/node/cycle (...)".
void print_saturation(std::ostream& out, const sweep& s);

void write_csv(std::ostream& out, const std::vector<sweep>& sweeps);
void write_json(std::ostream& out, const run_description& d, const std::vector<sweep>& sweeps);
/// Latency (cycles) against offered load, one curve per routing; drawn by weft itself.
void write_svg(std::ostream& out, const run_description& d, const std::vector<sweep>& sweeps);

}  // namespace weft::traffic
