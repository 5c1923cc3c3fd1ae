#include "engine_options.hpp"

#include <iostream>
#include <stdexcept>

namespace weft::cli {

bool spread_over_ranks(const std::string& engine) {
  if (engine == "mpi") return true;
  if (engine == "single") return false;
  throw std::invalid_argument("--engine '" + engine + "' is not valid (single, mpi)");
}

void check_spreadable(const run_options& opt, bool contention) {
  auto refuse = [](const std::string& what) {
    throw std::invalid_argument("--engine mpi does not run " + what + " yet (docs/distributed.md); use --engine single");
  };
  if (opt.clock == clock_mode::wall) refuse("--clock wall");
  if (contention) refuse("--contention");
  if (opt.record_calls) refuse("--comm-log");
}

silent_rank::silent_rank(bool mute) : mute_(mute) {
  if (!mute_) return;
  out_ = std::cout.rdbuf(nullptr);
  err_ = std::cerr.rdbuf(nullptr);
}

silent_rank::~silent_rank() {
  if (!mute_) return;
  std::cout.rdbuf(out_);
  std::cerr.rdbuf(err_);
  std::cout.clear();
  std::cerr.clear();
}

}  // namespace weft::cli
