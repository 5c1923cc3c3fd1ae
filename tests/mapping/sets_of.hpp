#pragma once
// Hand-made concurrent communication sets for the mapping tests: set t holds sets[t]'s messages.
#include <utility>
#include <vector>

#include "weft/mapping/ccs.hpp"

namespace weft::mapping::test {

inline ccs_result sets_of(int tasks, std::vector<std::vector<message>> sets) {
  ccs_result r;
  r.tasks = tasks;
  for (auto& s : sets) r.sets.push_back({std::move(s), static_cast<int>(r.sets.size())});
  return r;
}

}  // namespace weft::mapping::test
