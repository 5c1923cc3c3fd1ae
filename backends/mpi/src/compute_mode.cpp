#include <stdexcept>
#include <string>

#include "weft/mpi/mpi.hpp"

namespace weft::mpi {

compute_mode parse_compute_mode(std::string_view text) {
  if (text == "skip") return compute_mode::skip;
  if (text == "spin") return compute_mode::spin;
  throw std::invalid_argument("compute mode '" + std::string(text) + "' is not valid (skip, spin)");
}

std::string to_string(compute_mode m) { return m == compute_mode::spin ? "spin" : "skip"; }

}  // namespace weft::mpi
