#pragma once
// Work shared between the worker that runs the engine and the helper workers: a round of
// `count` tasks, each claimed once through one atomic word that packs the round's task count
// (high 32 bits) with the next index (low 32 bits). A claim is checked against the count of the
// round it was taken in, so a helper that arrives late can never take a task twice or run one
// of the next round with the previous round's task. Between rounds the count is 0: closed.

#include <atomic>
#include <cstdint>
#include <functional>

namespace weft::detail {

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
    while (done_.load(std::memory_order_acquire) < count) __builtin_ia32_pause();
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

}  // namespace weft::detail
