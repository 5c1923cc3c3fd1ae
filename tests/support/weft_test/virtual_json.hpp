#pragma once
// A run's report as JSON without its host section: what must be bit-identical on any number of
// workers and under any sharing policy.

#include <sstream>
#include <string>

#include "weft/machine.hpp"
#include "weft/output/report_writers.hpp"

namespace weft_test {

inline std::string virtual_json(const weft::machine& m, int procs, const weft::program& prog, const weft::run_options& opt) {
  std::ostringstream out;
  weft::output::write_json(out, m.run(procs, prog, opt), /*with_host=*/false);
  return out.str();
}

inline std::string virtual_json(const weft::machine& m, int procs, const weft::program& prog, int workers,
                                weft::sharing_policy sharing = weft::sharing_policy::adaptive) {
  weft::run_options opt;
  opt.workers = workers;
  opt.sharing = sharing;
  return virtual_json(m, procs, prog, opt);
}

}  // namespace weft_test
