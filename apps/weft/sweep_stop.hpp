#pragma once
// A sweep (coll sizes x PE counts x machines, cg PE counts, traffic loads, map objectives) that
// a run stops (deadlock, failure, overflow, Ctrl-C) keeps the rows it finished: its --json and
// --csv are written in the sweep's own schema with where and why it stopped (docs/report.md).

#include <cstdint>
#include <string>

#include <nlohmann/json.hpp>

namespace weft::cli {

struct sweep_stop {
  std::string status = "ok";  ///< the stopping run's status (deadlock, failed, interrupted, ...)
  std::string reason;         ///< its first problem line
  std::string machine;        ///< the point that stopped: machine, PE count, size (-1: none)
  int procs = 0;
  std::int64_t bytes = -1;
  bool stopped() const { return status != "ok"; }
  /// {"machine", "procs", ["bytes",] "reason"} for the JSON's "stopped_at".
  nlohmann::json to_json() const;
  /// The CSV's last line, "# stopped (STATUS) at machine M, P PEs[, B bytes]: REASON".
  std::string csv_line() const;
};

}  // namespace weft::cli
