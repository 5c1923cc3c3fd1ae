#pragma once
// The collectives' test matrix: every operation x algorithm, by name, printable in test names.

#include <ostream>
#include <string>
#include <vector>

#include "weft/coll/registry.hpp"

namespace weft_test {

struct coll_case {
  weft::coll::operation op;
  std::string algorithm;
};
inline std::ostream& operator<<(std::ostream& out, const coll_case& c) {
  return out << weft::coll::to_string(c.op) << "/" << c.algorithm;
}

/// Every algorithm of every operation; with `native`, also each operation's native one (MPI only).
inline std::vector<coll_case> every_algorithm(bool native = false) {
  std::vector<coll_case> all;
  for (const auto& o : weft::coll::operations()) {
    for (const auto& a : weft::coll::algorithms(o.op)) all.push_back({o.op, std::string(a.name)});
    if (native) all.push_back({o.op, std::string(weft::coll::native_algorithm)});
  }
  return all;
}

}  // namespace weft_test
