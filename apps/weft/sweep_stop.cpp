#include "sweep_stop.hpp"

#include <fmt/format.h>

namespace weft::cli {

nlohmann::json sweep_stop::to_json() const {
  nlohmann::json j{{"machine", machine}, {"procs", procs}};
  if (bytes >= 0) j["bytes"] = bytes;
  j["reason"] = reason;
  return j;
}

std::string sweep_stop::csv_line() const {
  return fmt::format("# stopped ({}) at machine {}, {} PEs{}: {}\n", status, machine, procs,
                     bytes >= 0 ? fmt::format(", {} bytes", bytes) : "", reason);
}

}  // namespace weft::cli
