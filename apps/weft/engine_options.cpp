#include "engine_options.hpp"

#include <CLI/CLI.hpp>

#include <chrono>
#include <cstdio>
#include <iostream>
#include <thread>
#include <memory>
#include <stdexcept>

#include "backend_options.hpp"
#include "machine_options.hpp"
#include "weft/detail/rank_link.hpp"
#include "weft/mpi/engine_link.hpp"
#include "weft/output/output_file.hpp"

namespace weft::cli {

namespace {

detail::rank_link* current_link = nullptr;
/// How long a rank that refused bad input waits for every other rank to refuse it too.
constexpr double agreement_seconds = 10;

std::string typed_value(const CLI::App& sub, const char* name, const std::string& fallback) {
  const CLI::Option* opt = sub.get_option_no_throw(name);
  return opt && opt->count() > 0 ? opt->as<std::string>() : fallback;
}

/// Ends every rank of the job with `code`: rank 0 says why in one line; another rank waits a
/// moment for rank 0 to say the same (every rank usually meets the same bad input), then says it
/// with its rank and host (environment::abort).
[[noreturn]] void end_job(const mpi::environment& env, const std::string& why, int code) {
  if (env.rank() == 0) {
    std::fprintf(stderr, "weft: error: %s\n", why.c_str());
    std::fflush(stderr);
    env.abort_quietly(code);
  }
  std::this_thread::sleep_for(std::chrono::milliseconds(500));
  env.abort(why, code);
}

}  // namespace

detail::rank_link* engine_link_of_this_process() { return current_link; }

int run_on_engine(const CLI::App& sub, const std::function<int()>& body) {
  // Refused before MPI starts: under mpirun only rank 0 prints a refusal (main.cpp).
  const std::string engine = typed_value(sub, "--engine", "single");
  if (engine == "single") return body();
  if (engine != "mpi") throw std::invalid_argument("--engine '" + engine + "' is not valid (single, mpi)");
  if (typed_value(sub, "--backend", "emulator") == "mpi")
    throw std::invalid_argument("--engine mpi spreads the emulator over the MPI ranks and --backend mpi runs the "
                                "program natively on them: choose one");
  if (!mpi::built_with_mpi())
    throw std::invalid_argument("--engine mpi: this weft was built without MPI; reconfigure with -DWEFT_MPI=ON after "
                                "installing libopenmpi-dev");
  return run_on_mpi([&](const mpi::environment& env) {
    const auto link = mpi::make_engine_link(env);
    const bool root = env.rank() == 0;
    const silent_rank quiet(!root);
    io::discard_outputs(!root);
    current_link = link.get();
    struct reset {
      ~reset() {
        current_link = nullptr;
        io::discard_outputs(false);
      }
    } on_exit;
    // Bad input is found by every rank alike and refused together (run_on_mpi). Anything that
    // one rank alone meets (a file only its host lacks, memory only its host is short of, a
    // failure inside the run) would leave the others waiting in a collective: it ends the job.
    int rc = 0;
    try {
      rc = body();
    } catch (const std::invalid_argument& e) {
      if (env.size() == 1 || link->every_rank_agrees(agreement_seconds)) throw;  // run_on_mpi: rank 0 says it
      end_job(env, e.what(), 2);
    } catch (const io::write_error& e) {
      if (env.size() == 1) throw;
      end_job(env, e.what(), io::write_error_exit_code);
    } catch (const std::exception& e) {
      if (env.size() == 1) throw;
      end_job(env, std::string("failed: ") + e.what(), 1);
    }
    return root ? rc : 0;
  });
}

void check_spreadable(const machine_options& o) {
  auto refuse = [](const std::string& what) {
    throw std::invalid_argument("--engine mpi does not run " + what + " yet (docs/distributed.md); use --engine single");
  };
  if (o.clock == "wall") refuse("--clock wall");  // the wall-clock runtime has no partitions
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
