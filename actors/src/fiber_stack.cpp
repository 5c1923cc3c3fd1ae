#include "weft/detail/fiber_stack.hpp"

#include "fiber_switch.hpp"

#include <signal.h>
#include <sys/mman.h>
#include <unistd.h>

#include <atomic>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <new>
#include <stdexcept>
#include <string>

namespace weft::detail {

namespace {

constexpr std::size_t canary_bytes = 512;
constexpr std::size_t altstack_bytes = 64 * 1024;
constexpr std::uint64_t canary_word = 0x5745465453544b21ull;  // "WEFTSTK!"

long max_map_count() {
  std::ifstream in("/proc/sys/vm/max_map_count");
  long v = 65530;
  in >> v;
  return v;
}

// Async-signal-safe state read by the SIGSEGV handler.
thread_local int running_rank = -1;
thread_local std::size_t running_bytes = 0;
std::atomic<bool> handler_installed{false};
// The stack region of the live pool (one run at a time), for the handler.
std::atomic<const std::byte*> region_low{nullptr};
std::atomic<const std::byte*> region_high{nullptr};

void write_all(const char* s) {
  auto n = std::strlen(s);
  while (n > 0) {
    auto w = ::write(2, s, n);
    if (w <= 0) return;
    s += w;
    n -= static_cast<std::size_t>(w);
  }
}

void format_overflow(char* buf, std::size_t n, int rank, std::size_t bytes) {
  std::snprintf(buf, n,
                "weft: error: PE %d overflowed its %zu KiB fiber stack; raise it with "
                "--stack-size (e.g. --stack-size %zuKiB)\n",
                rank, bytes / 1024, bytes / 1024 * 4);
}

void on_segv(int sig, siginfo_t* info, void*) {
  auto* addr = static_cast<const std::byte*>(info->si_addr);
  // A fault in the stack region (a guard page, or below it) while a PE runs is that PE's overflow.
  const std::byte* low = region_low.load();
  const bool in_stacks = low && addr >= low - 65536 && addr < region_high.load();
  if (running_rank >= 0 && in_stacks) {
    char buf[256];
    format_overflow(buf, sizeof buf, running_rank, running_bytes);
    write_all(buf);
    _exit(6);
  }
  // Not a PE stack overflow: let the default action (core dump) happen.
  signal(sig, SIG_DFL);
  raise(sig);
}

/// One thread's alternate signal stack, mapped on first use and given back when the thread ends.
/// Not a thread_local array: under ASan a thread's exit unmaps whatever alternate stack the
/// thread then has (ASan's own, installed at thread start). So ours is mmapped, and at thread
/// exit (C++ thread_local destructors run before ASan's) the previous one is put back.
class alt_signal_stack {
 public:
  alt_signal_stack() {
    void* p = mmap(nullptr, altstack_bytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (p == MAP_FAILED) return;  // no alternate stack: an overflow then ends in a plain SIGSEGV
    stack_t ss{};
    ss.ss_sp = p;
    ss.ss_size = altstack_bytes;
    if (sigaltstack(&ss, &previous_) != 0) {
      munmap(p, altstack_bytes);
      return;
    }
    memory_ = p;
  }
  ~alt_signal_stack() {
    if (!memory_) return;
    sigaltstack(&previous_, nullptr);  // SS_DISABLE in its flags when there was none
    munmap(memory_, altstack_bytes);
  }
  alt_signal_stack(const alt_signal_stack&) = delete;
  alt_signal_stack& operator=(const alt_signal_stack&) = delete;

 private:
  void* memory_ = nullptr;
  stack_t previous_{};
};

}  // namespace

stack_pool::stack_pool(std::size_t count, std::size_t bytes)
    : count_(count), page_(static_cast<std::size_t>(sysconf(_SC_PAGESIZE))) {
  bytes_ = std::max<std::size_t>(bytes, 16 * 1024);
  bytes_ = (bytes_ + page_ - 1) / page_ * page_;
  // Each guard page costs two mappings; leave room for everything else in the process.
  const auto guards_allowed = static_cast<std::size_t>(std::max(1024L, (max_map_count() - 8192) / 2));
  group_ = std::max<std::size_t>(1, (count_ + guards_allowed - 1) / guards_allowed);
  const std::size_t groups = (count_ + group_ - 1) / group_;
  region_bytes_ = groups * (page_ + group_ * bytes_);
  void* p = mmap(nullptr, region_bytes_, PROT_READ | PROT_WRITE,
                 MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
  if (p == MAP_FAILED)
    throw std::runtime_error("cannot reserve " + std::to_string(region_bytes_ >> 20) +
                             " MiB for PE stacks; lower --stack-size");
  region_ = static_cast<std::byte*>(p);
  for (std::size_t g = 0; g < groups; ++g)
    if (mprotect(region_ + g * (page_ + group_ * bytes_), page_, PROT_NONE) != 0)
      throw std::runtime_error("cannot protect a stack guard page (mprotect failed; raise vm.max_map_count)");
  region_low.store(region_);
  region_high.store(region_ + region_bytes_);
}

stack_pool::~stack_pool() {
  // Forget the region only if it is still this pool's: a run's pool may be released (by the
  // actor system's threads) after the next run's pool has made its own region the live one, and
  // clearing that would turn the next run's overflow report into a plain SIGSEGV.
  const std::byte* low = region_;
  const std::byte* high = region_ + region_bytes_;
  region_low.compare_exchange_strong(low, nullptr);
  region_high.compare_exchange_strong(high, nullptr);
  if (region_) munmap(region_, region_bytes_);
}

std::byte* stack_pool::lowest(std::size_t index) const {
  const std::size_t g = index / group_, in_group = index % group_;
  return region_ + g * (page_ + group_ * bytes_) + page_ + in_group * bytes_;
}

// In canary mode a stack's canary zone is the top of the slot below it, not its own lowest bytes:
// that page holds the lower stack's first frames, which its PE touches anyway, so a PE costs one
// page of stack where a canary in its own bottom page made it two (4 KiB of ~10.7 KB per PE at
// 10^5 PEs). The first stack of a group has the guard page below it and needs none.
std::uint64_t* stack_pool::canary(std::size_t index) const {
  if (group_ == 1 || index % group_ == 0) return nullptr;
  return reinterpret_cast<std::uint64_t*>(lowest(index) - canary_bytes);
}

boost::context::stack_context stack_pool::context(std::size_t index) const {
  // The canary zone is written when the stack is handed out, so unused PEs cost nothing. It lies
  // in the slot below, which ASan may still hold poisoned from an earlier pool at this address.
  if (auto* w = canary(index)) {
    forget_stack_poison({w, canary_bytes});
    for (std::size_t i = 0; i < canary_bytes / sizeof(std::uint64_t); ++i) w[i] = canary_word;
  }
  boost::context::stack_context sc;
  sc.sp = top(index);
  sc.size = static_cast<std::size_t>(top(index) - lowest(index));
  return sc;
}

std::byte* stack_pool::top(std::size_t index) const {
  // In canary mode the slot's top bytes are the canary of the stack above: the fiber starts below.
  const std::size_t reserved = group_ > 1 ? canary_bytes : 0;
  return lowest(index) + bytes_ - reserved;
}

bool stack_pool::intact(std::size_t index) const {
  auto* w = canary(index);
  if (!w) return true;
  forget_stack_poison({w, canary_bytes});  // the slot below's frames may have poisoned its edge (ASan only)
  for (std::size_t i = 0; i < canary_bytes / sizeof(std::uint64_t); ++i)
    if (w[i] != canary_word) return false;
  return true;
}

void prepare_overflow_detection_on_this_thread() {
  static thread_local alt_signal_stack altstack;  // constructed once per thread
  if (!handler_installed.exchange(true)) {
    struct sigaction sa {};
    sa.sa_sigaction = on_segv;
    sa.sa_flags = SA_SIGINFO | SA_ONSTACK;
    sigemptyset(&sa.sa_mask);
    sigaction(SIGSEGV, &sa, nullptr);
  }
}

void set_running_pe(int rank, std::size_t stack_bytes) {
  running_rank = rank;
  running_bytes = stack_bytes;
}

void report_stack_overflow(int rank, std::size_t stack_bytes) {
  char buf[256];
  format_overflow(buf, sizeof buf, rank, stack_bytes);
  write_all(buf);
  _exit(6);
}

}  // namespace weft::detail
