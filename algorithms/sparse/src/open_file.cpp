#include "open_file.hpp"

#include "weft/io/input_file.hpp"
#include "weft/sparse/matrix_market.hpp"

namespace weft::sparse::detail {

std::ifstream open_for_reading(const std::filesystem::path& file) {
  // One way for every text input (weft_io): a folder or a missing file named as such; the
  // readers' own error type, so callers catch one thing.
  try {
    return io::open_input(file.string(), "Matrix Market file");
  } catch (const std::invalid_argument& e) {
    throw format_error(e.what());
  }
}

}  // namespace weft::sparse::detail
