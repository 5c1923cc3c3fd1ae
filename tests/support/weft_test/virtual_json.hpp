#pragma once
// A run's report as JSON without its host section: what must be bit-identical on any number of
// workers and under any sharing policy.

#include <sstream>
#include <string>

#include "weft/machine.hpp"

namespace weft_test {

inline std::string virtual_json(const weft::machine& m, int procs, const weft::program& prog, int workers,
                                weft::sharing_policy sharing = weft::sharing_policy::adaptive) {
  weft::run_options opt;
  opt.workers = workers;
  opt.sharing = sharing;
  std::ostringstream out;
  m.run(procs, prog, opt).write_json(out, /*with_host=*/false);
  return out.str();
}

}  // namespace weft_test
