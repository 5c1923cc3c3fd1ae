// The report's own rules: how a status is spelled and which exit code it gives. The writers are
// output/'s (weft/output/report_writers.hpp).
#include "weft/report.hpp"

#include <ostream>

namespace weft {

std::string to_string(run_status s) {
  switch (s) {
    case run_status::deadlock: return "deadlock";
    case run_status::failed: return "failed";
    case run_status::interrupted: return "interrupted";
    case run_status::network_deadlock: return "network-deadlock";
    default: return "ok";
  }
}

std::ostream& operator<<(std::ostream& out, run_status s) { return out << to_string(s); }

int report::exit_code() const {
  switch (status) {
    case run_status::deadlock: return 3;
    case run_status::failed: return 4;
    case run_status::interrupted: return 130;  // 128 + SIGINT, as a shell reports it
    case run_status::network_deadlock: return 7;
    default: return conserved ? 0 : 5;
  }
}

}  // namespace weft
