#include "seed_option.hpp"

#include <charconv>
#include <stdexcept>
#include <string>

namespace weft::cli {

std::uint64_t parse_seed(std::string_view text, std::string_view what, std::string_view hint) {
  std::uint64_t seed = 0;
  // from_chars takes no sign for an unsigned type: "-1" and "+1" are refused, never wrapped.
  const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), seed);
  if (text.empty() || ec != std::errc{} || end != text.data() + text.size())
    throw std::invalid_argument(std::string(what) + ": the seed must be a whole number from 0 to " +
                                std::string(max_seed_text) + std::string(hint));
  return seed;
}

}  // namespace weft::cli
