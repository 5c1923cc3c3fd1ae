#include "run_control.hpp"

#include <CLI/CLI.hpp>
#include <fmt/format.h>
#include <unistd.h>

#include <atomic>
#include <csignal>
#include <cstdio>
#include <exception>
#include <iostream>
#include <memory>
#include <stdexcept>

namespace weft::cli {

namespace {

// A signal handler can reach nothing but a global; this one flag is all it touches.
std::atomic<bool> interrupt_flag{false};

extern "C" void on_sigint(int) { interrupt_flag.store(true, std::memory_order_relaxed); }

// Installed once per process. SA_RESETHAND: a second Ctrl-C kills at once, for a run stuck in
// one long phase (a PE that computes without ever blocking never reaches a phase boundary).
void install_sigint_handler() {
  static const bool installed = [] {
    struct sigaction action {};
    action.sa_handler = on_sigint;
    sigemptyset(&action.sa_mask);
    action.sa_flags = SA_RESETHAND | SA_RESTART;
    return sigaction(SIGINT, &action, nullptr) == 0;
  }();
  (void)installed;
}

std::string rate(double per_second) {
  if (per_second >= 1e6) return fmt::format("{:.1f}M", per_second / 1e6);
  if (per_second >= 1e3) return fmt::format("{:.1f}k", per_second / 1e3);
  return fmt::format("{:.0f}", per_second);
}

/// One line on stderr, rewritten in place, from the first report after 2 s of wall time on;
/// cleared when the run ends so that nothing of it stays in the terminal's scrollback.
std::function<void(const run_progress&)> progress_line() {
  auto shown = std::make_shared<bool>(false);
  return [shown](const run_progress& p) {
    if (p.finished) {
      if (*shown) std::fputs("\r\033[K", stderr);
      *shown = false;
      return;
    }
    if (p.wall_seconds < 2) return;
    *shown = true;
    const double per_second = p.wall_seconds > 0 ? static_cast<double>(p.events) / p.wall_seconds : 0;
    std::fputs(fmt::format("\rweft: {:.1f} s, virtual time {}, {} events/s, {} messages delivered (Ctrl-C stops)\033[K",
                           p.wall_seconds, format_time(p.reached), rate(per_second), p.delivered)
                   .c_str(),
               stderr);
    std::fflush(stderr);
  };
}

}  // namespace

void add_run_control_options(CLI::App& sub, run_control& c) {
  sub.add_option("--max-memory", c.max_memory,
                 "refuse a run whose memory estimate exceeds this (e.g. 8GiB; default: half the physical memory)")
      ->group("Runtime");
  sub.add_flag("--quiet,-q", c.quiet, "no progress line on stderr (shown only on a terminal, for runs over 2 s)")
      ->group("Runtime");
}

std::int64_t parse_max_memory(const std::string& text) {
  if (text.empty()) return default_memory_limit();
  const std::int64_t limit = parse_bytes(text, "--max-memory");
  if (limit <= 0) throw std::invalid_argument("--max-memory " + text + " must be more than 0 bytes");
  return limit;
}

void apply_run_control(const run_control& c, run_options& options) {
  if (!c.max_memory.empty()) options.max_memory_bytes = parse_max_memory(c.max_memory);
  install_sigint_handler();
  options.stop = &interrupt_flag;
  if (!c.quiet && isatty(STDERR_FILENO)) options.progress = progress_line();
}

bool interrupt_requested() { return interrupt_flag.load(std::memory_order_relaxed); }

int run_interruptible(const std::function<int()>& work) {
  try {
    return work();
  } catch (const std::exception& e) {
    if (!interrupt_requested()) throw;
    std::cerr << "weft: interrupted: " << e.what() << "\n";
    return interrupted_exit_code;
  }
}

}  // namespace weft::cli
