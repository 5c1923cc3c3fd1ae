#pragma once
// What every command that runs PE programs shares about the run itself, beyond the machine:
// a memory limit checked before anything is built (--max-memory), a progress line on a
// terminal (--quiet silences it) and a clean stop on Ctrl-C (SIGINT): the run ends at its next
// phase boundary and its report says "interrupted" (exit 130).

#include <functional>
#include <string>

#include "weft/machine.hpp"

namespace CLI {
class App;
}

namespace weft::cli {

struct run_control {
  std::string max_memory;  ///< empty: half the physical memory (default_memory_limit)
  bool quiet = false;
};

/// The limit a --max-memory value gives (empty: default_memory_limit()); every command reads
/// it here. Throws std::invalid_argument for a value that is not a size or not > 0.
std::int64_t parse_max_memory(const std::string& text);
/// Adds --max-memory and --quiet to `sub`, in the group "Runtime".
void add_run_control_options(CLI::App& sub, run_control& c);
/// Sets the memory limit, the stop flag (installing the SIGINT handler) and, when stderr is a
/// terminal and not --quiet, the progress line. Throws std::invalid_argument for a bad --max-memory.
void apply_run_control(const run_control& c, run_options& options);
/// True once SIGINT has arrived: a command that runs several times stops after the current run.
bool interrupt_requested();
/// The exit code of an interrupted command (128 + SIGINT, as a shell reports it).
inline constexpr int interrupted_exit_code = 130;
/// Runs a command's work. If it throws after Ctrl-C (a library that checks each run's status
/// finds one interrupted), says so in one line on stderr and returns 130 instead.
int run_interruptible(const std::function<int()>& work);

}  // namespace weft::cli
