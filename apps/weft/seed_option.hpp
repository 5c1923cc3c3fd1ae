#pragma once
// One meaning for a seed in every command (--seed of traffic and map, cg's --rhs random:SEED):
// a whole number from 0 to 2^64-1, the full range of the 64-bit generators it seeds. Anything
// else, -1 included, is refused with that range: map once took -1 as 2^64-1 while traffic
// refused it.

#include <cstdint>
#include <string_view>

namespace weft::cli {

/// The largest seed, 2^64-1, as the messages print it.
inline constexpr std::string_view max_seed_text = "18446744073709551615";

/// `text` as a seed; throws std::invalid_argument "<what>: the seed must be a whole number from
/// 0 to 18446744073709551615<hint>" otherwise.
std::uint64_t parse_seed(std::string_view text, std::string_view what, std::string_view hint = "");

}  // namespace weft::cli
