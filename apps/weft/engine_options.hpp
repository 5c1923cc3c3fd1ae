#pragma once
// --engine single|mpi (docs/distributed.md): the emulation in this process, or spread over the
// ranks mpirun started (each rank holds a partition of the machine and its PEs; rank 0 prints).

#include <iosfwd>
#include <string>

#include "weft/machine.hpp"

namespace weft::cli {

/// True for --engine mpi, false for single; throws std::invalid_argument for anything else.
bool spread_over_ranks(const std::string& engine);

/// Throws std::invalid_argument, in one line, for what a distributed run does not do (yet):
/// --clock wall, --contention, --comm-log. (A network that does not run over ranks is refused
/// by the engine, which asks it.)
void check_spreadable(const run_options& opt, bool contention);

/// While it lives, std::cout and std::cerr print nothing on this rank (`mute`): every rank
/// finds the same things to say, and rank 0 says them once.
class silent_rank {
 public:
  explicit silent_rank(bool mute);
  ~silent_rank();
  silent_rank(const silent_rank&) = delete;
  silent_rank& operator=(const silent_rank&) = delete;

 private:
  std::streambuf* out_ = nullptr;
  std::streambuf* err_ = nullptr;
  bool mute_;
};

}  // namespace weft::cli
