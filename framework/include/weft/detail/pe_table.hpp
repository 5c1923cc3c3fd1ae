#pragma once
// The PE states a process holds, found by PE rank: every PE's in one process; in a distributed
// run (--engine mpi) only those of the PEs on the rank's nodes, so that a rank's memory for PEs
// divides by the rank count (docs/distributed.md). The held states are kept in rank order.

#include <cassert>
#include <cstddef>
#include <cstdint>
#include <span>
#include <vector>

#include "weft/detail/pe_state.hpp"

namespace weft::detail {

class pe_table {
 public:
  /// Every one of `procs` PEs.
  explicit pe_table(int procs) : procs_(procs), states_(static_cast<std::size_t>(procs)) {
    for (std::size_t i = 0; i < states_.size(); ++i) states_[i].rank = static_cast<int>(i);
  }
  /// Only the PEs `held` (ascending ranks) of `procs`.
  pe_table(int procs, const std::vector<int>& held) : procs_(procs), states_(held.size()) {
    for (std::size_t i = 0; i < held.size(); ++i) states_[i].rank = held[i];
    if (held.size() == static_cast<std::size_t>(procs)) return;  // every PE: a slot is its rank
    slot_of_.assign(static_cast<std::size_t>(procs), -1);
    for (std::size_t i = 0; i < held.size(); ++i) slot_of_[static_cast<std::size_t>(held[i])] = static_cast<std::int32_t>(i);
  }

  /// The machine's PE count (held or not).
  int procs() const { return procs_; }
  /// The state of PE `rank`, which this process must hold.
  pe_state& operator[](int rank) { return states_[slot(rank)]; }
  const pe_state& operator[](int rank) const { return states_[slot(rank)]; }
  /// Where PE `rank`'s state is among the held ones (0 .. held().size() - 1).
  std::size_t slot(int rank) const {
    if (slot_of_.empty()) return static_cast<std::size_t>(rank);
    assert(slot_of_[static_cast<std::size_t>(rank)] >= 0 && "a PE this process does not hold");
    return static_cast<std::size_t>(slot_of_[static_cast<std::size_t>(rank)]);
  }
  /// The held PEs' states, by rank.
  std::span<pe_state> held() { return states_; }
  std::span<const pe_state> held() const { return states_; }

 private:
  int procs_;
  std::vector<std::int32_t> slot_of_;  // empty when every PE is held
  std::vector<pe_state> states_;
};

}  // namespace weft::detail
