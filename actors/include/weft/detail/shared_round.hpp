#pragma once
// Work shared between the worker that runs the engine and the helper workers: a round of
// `count` tasks, each claimed once through one atomic word that packs the round's task count
// (high 32 bits) with the next index (low 32 bits). A claim is checked against the count of the
// round it was taken in, so a helper that arrives late can never take a task twice or run one
// of the next round with the previous round's task. Between rounds the count is 0: closed.

#include <atomic>
#include <cstdint>
#include <functional>
#include <thread>

namespace weft::detail {

/// One step of a spin-wait: a pause, and every 64th step a yield, so that two threads the OS
/// happens to put on one CPU hand it over instead of spinning against each other.
inline void spin_pause(unsigned& spins) {
  if ((++spins & 63u) == 0)
    std::this_thread::yield();
  else
    __builtin_ia32_pause();
}

class shared_round {
 public:
  using task = std::function<void(int)>;

  /// Runs all `count` tasks, here and on any helper calling help_once(); returns when done.
  void run(int count, const task& t) {
    task_.store(&t, std::memory_order_relaxed);
    done_.store(0, std::memory_order_relaxed);
    word_.store(static_cast<std::uint64_t>(count) << 32, std::memory_order_release);
    while (help_once()) {
    }
    for (unsigned spins = 0; done_.load(std::memory_order_acquire) < count;) spin_pause(spins);
    word_.store(0, std::memory_order_relaxed);  // closed until the next round
  }

  /// Claims and runs one task of the open round; false when there is none left.
  bool help_once() {
    std::uint64_t w = word_.load(std::memory_order_acquire);
    if ((w & 0xffffffffu) >= (w >> 32)) return false;
    w = word_.fetch_add(1, std::memory_order_acq_rel);
    const auto index = static_cast<std::uint32_t>(w), count = static_cast<std::uint32_t>(w >> 32);
    if (index >= count) return false;
    (*task_.load(std::memory_order_relaxed))(static_cast<int>(index));
    done_.fetch_add(1, std::memory_order_release);
    return true;
  }

 private:
  std::atomic<std::uint64_t> word_{0};
  std::atomic<int> done_{0};
  std::atomic<const task*> task_{nullptr};
};


/// A round of one task per engine partition (at most 64), where each thread first takes "its"
/// partition: partition p's state (links, queue, the PEs on its nodes) then stays in one core's
/// cache from one window or phase to the next. A thread that finds its own task taken, or a
/// late one, takes any task left. Between rounds every bit is set: closed.
class affine_round {
 public:
  using task = std::function<void(int)>;

  explicit affine_round(int count = 1) : count_(count), claimed_(all(count)) {}

  /// Runs all tasks, this thread preferring task 0; returns when all are done.
  void run(const task& t) {
    task_.store(&t, std::memory_order_relaxed);
    done_.store(0, std::memory_order_relaxed);
    claimed_.store(0, std::memory_order_release);
    while (help_once(0)) {
    }
    for (unsigned spins = 0; done_.load(std::memory_order_acquire) < count_;) spin_pause(spins);
  }

  /// Claims and runs one task, trying `preferred` first; false when none is left.
  bool help_once(int preferred) {
    if (claimed_.load(std::memory_order_acquire) == all(count_)) return false;
    for (int k = 0; k < count_; ++k) {
      const int i = (preferred + k) % count_;
      const std::uint64_t bit = std::uint64_t{1} << i;
      if (claimed_.fetch_or(bit, std::memory_order_acq_rel) & bit) continue;
      (*task_.load(std::memory_order_relaxed))(i);
      done_.fetch_add(1, std::memory_order_release);
      return true;
    }
    return false;
  }

 private:
  static std::uint64_t all(int count) { return count >= 64 ? ~std::uint64_t{0} : (std::uint64_t{1} << count) - 1; }
  int count_;
  std::atomic<std::uint64_t> claimed_;
  std::atomic<int> done_{0};
  std::atomic<const task*> task_{nullptr};
};

}  // namespace weft::detail
