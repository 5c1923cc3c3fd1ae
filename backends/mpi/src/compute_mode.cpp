#include <stdexcept>
#include <string>

#include "weft/detail/spellings.hpp"
#include "weft/mpi/mpi.hpp"

namespace weft::mpi {

namespace {
constexpr detail::spelling<compute_mode> compute_words[] = {{"skip", compute_mode::skip}, {"spin", compute_mode::spin}};
}  // namespace

compute_mode parse_compute_mode(std::string_view text) {
  return detail::parse_spelled<compute_mode>(text, "compute mode", compute_words, "skip, spin");
}

std::string to_string(compute_mode m) { return detail::spelled<compute_mode>(m, compute_words); }

}  // namespace weft::mpi
