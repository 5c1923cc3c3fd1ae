#pragma once
// A group of PEs, like an MPI communicator: an ordered list of global ranks, this PE's index in
// it, and a sequence counter that gives every collective call its own (negative) tag.
//
//   weft::coll::group world = weft::coll::group::world(pe);
//   weft::coll::group evens(pe, {0, 2, 4, 6});   // only PEs 0, 2, 4, 6 may build and use it
//   weft::coll::allreduce(evens, x, std::plus<>{});

#include <cstdint>
#include <vector>

#include "weft/pe.hpp"

namespace weft::coll {

class group {
 public:
  /// Every PE of the run, rank i = PE i. Stores no member list, so it is cheap at 10^5 PEs.
  static group world(pe& self);
  /// The given PEs in that order (group rank i = members[i]). `self` must be one of them and the
  /// members distinct and in [0, pe.size()); throws std::invalid_argument naming the PE otherwise.
  /// `context` separates the tag spaces of groups used side by side (like an MPI context id).
  group(pe& self, std::vector<int> members, int context = 1);

  int size() const { return size_; }
  /// This PE's rank within the group.
  int rank() const { return rank_; }
  /// The global PE number of group rank r.
  int global(int r) const { return members_.empty() ? r : members_[static_cast<std::size_t>(r)]; }
  pe& self() const { return *self_; }

  /// The tag of the next collective call; every member calls it once per collective, in the same
  /// order, so all agree. Tags are <= first_tag, below the tags the core reserves (-1..-15).
  tag next_tag();

  /// Highest tag collectives use; everything from here down belongs to them.
  static constexpr int first_tag = -16;

 private:
  group(pe& self, int size, int rank) : self_(&self), size_(size), rank_(rank) {}

  pe* self_;
  std::vector<int> members_;  ///< empty = the identity (world)
  int size_ = 0;
  int rank_ = 0;
  int context_ = 0;
  std::uint32_t sequence_ = 0;
};

}  // namespace weft::coll
