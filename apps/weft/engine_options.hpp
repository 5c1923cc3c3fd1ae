#pragma once
// --engine single|mpi (docs/distributed.md), an option of every command that runs PEs on the
// emulator (run, coll, cg, traffic, map): the emulation in this process, or spread over the ranks
// mpirun started. Every rank runs the same command and gets the same reports (the engine gathers
// each run's report on every rank), so a command's decisions (a sweep's next size, a bisection's
// next load) are the same everywhere; rank 0 alone prints and writes files.

#include <functional>
#include <iosfwd>
#include <string>

namespace CLI {
class App;
}

namespace weft::detail {
class rank_link;
}

namespace weft::cli {

struct machine_options;

/// The engine's link to the other ranks while a command runs with --engine mpi; null otherwise.
/// build_run_options puts it in every run's options.
detail::rank_link* engine_link_of_this_process();

/// Runs the parsed command `body` as `sub`'s --engine says: here (single, or no such option), or
/// (mpi) as one rank of the MPI job: MPI started, the link made, and on ranks other than 0
/// standard output, standard error and every output file silenced; their exit code is 0, rank
/// 0's is the command's. Bad input is named once, by rank 0 (run_on_mpi).
int run_on_engine(const CLI::App& sub, const std::function<int()>& body);

/// Throws std::invalid_argument, in one line, for what a distributed run does not do (yet):
/// --clock wall. (A network that does not run over ranks is refused by the engine.)
void check_spreadable(const machine_options& o);

/// While it lives, std::cout and std::cerr print nothing on this rank (`mute`).
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
