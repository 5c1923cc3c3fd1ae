#pragma once
// How the engine of one process meets the engines of the other processes of one distributed run
// (--engine mpi, docs/distributed.md). Each process (a rank) holds some of the engine's
// partitions; at every window's end the ranks exchange the events that cross a rank border and
// agree, by one reduction, on where the next window starts. The engine serializes what it sends
// (weft/detail/rank_codec.hpp) and only moves bytes through this seam, so the framework never
// sees MPI: the backend (backends/mpi, weft/mpi/engine_link.hpp) implements it. A single-process
// engine has no link.

#include <cstddef>
#include <cstdint>
#include <span>
#include <vector>

namespace weft::detail {

class rank_link {
 public:
  virtual ~rank_link() = default;
  virtual int rank() const = 0;
  virtual int ranks() const = 0;
  /// How many ranks of the run share this one's host (and its memory).
  virtual int ranks_on_host() const = 0;
  /// The ranks this one exchanges events with (both ways), ascending, each other than rank().
  /// Called once, before the first exchange; the same relation on every rank (symmetric).
  virtual void set_neighbours(const std::vector<int>& ranks) = 0;
  /// Starts the element-wise minimum of `values` over every rank; finish_min() waits for it and
  /// leaves the result in `values` (which must stay alive until then). Collective.
  virtual void start_min(std::span<std::int64_t> values) = 0;
  virtual void finish_min() = 0;
  /// Sends out[i] to neighbour i (set_neighbours' order) and fills in[i] with what neighbour i
  /// sent. Collective among neighbours.
  virtual void exchange(const std::vector<std::vector<std::byte>>& out, std::vector<std::vector<std::byte>>& in) = 0;
  /// Every rank's bytes, in rank order, at every rank (rare: failures, totals). Collective.
  virtual std::vector<std::vector<std::byte>> all_gather(std::span<const std::byte> mine) = 0;
  /// True when every rank calls this within `seconds` of this one (each having met the same
  /// failure); false otherwise, and then some rank is elsewhere (the caller ends the job). Uses
  /// a communicator of its own, so a rank elsewhere in a collective is never disturbed.
  virtual bool every_rank_agrees(double seconds) = 0;
  /// Rank `root`'s `bytes` at every rank: read at root, replaced elsewhere. Collective.
  virtual void broadcast(std::vector<std::byte>& bytes, int root) = 0;
  /// Every rank's bytes, in rank order, at rank 0 (empty elsewhere). Collective.
  virtual std::vector<std::vector<std::byte>> gather(std::span<const std::byte> mine) = 0;
};

}  // namespace weft::detail
