#pragma once
// Opening a Matrix Market file for the readers, refusing with the path and the
// system's reason when it cannot be opened.

#include <filesystem>
#include <fstream>

namespace weft::sparse::detail {

std::ifstream open_for_reading(const std::filesystem::path& file);

}  // namespace weft::sparse::detail
