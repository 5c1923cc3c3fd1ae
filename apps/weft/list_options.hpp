#pragma once
// Lists typed on the command line: sizes (coll, calibrate), PE counts and machines (the sweeps of
// coll and cg; machine_inputs finds the files each machine of a list reads).
#include <cstdint>
#include <string>
#include <vector>

namespace weft::cli {

/// "a,b,c" -> {"a", "b", "c"}; empty pieces are kept ("a,,b" has three).
std::vector<std::string> split_commas(const std::string& text);
/// "8:1M" = 8, 16, ..., 1M (powers of two, OSU style); "8,100,4K" = those sizes.
std::vector<std::int64_t> parse_sizes(const std::string& text);
/// "2,4,8,16" or "2:16" (powers of two); each a whole number >= 1.
std::vector<int> parse_procs(const std::string& text);
/// Several machines are separated by commas, but topology specs may hold commas themselves
/// (fattree:4,2): the text is split only when every piece is a preset.
std::vector<std::string> split_machines(const std::string& text);

}  // namespace weft::cli
