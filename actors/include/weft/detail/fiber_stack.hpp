#pragma once
// Stacks for PE fibers, sized by --stack-size and committed lazily by the kernel (only the
// pages a PE touches cost memory).
//
// Overflow detection: every PROT_NONE guard page costs two kernel memory mappings, and
// vm.max_map_count (65530 by default) caps a process at ~30,000 guard pages. So stacks come in
// groups of g (with the default limit: g = 1 up to 28,669 PEs, 3 at 65,536 PEs) with a guard page
// below each group:
//   - a PE that runs off its stack faults at latest on its group's guard page (unless one frame
//     jumps over it: a guard is one page); the SIGSEGV handler (on an alternate signal stack)
//     sees a fault inside the stack region, or less than 64 KiB below it, and names the PE this
//     thread was running;
//   - when g > 1, a canary zone (the 512 bytes just below every stack but a group's first: the top
//     of the slot below, whose page that stack's PE touches anyway; the fibers start below it),
//     checked each time its PE suspends or ends, catches an overflow that stayed within a
//     neighbour's stack.
// Either way an overflow ends the process with one line naming the PE and the option to raise.

#include <boost/context/stack_context.hpp>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <vector>

namespace weft::detail {

class stack_pool {
 public:
  /// `count` stacks of `bytes` each (rounded up to whole pages, at least 16 KiB).
  stack_pool(std::size_t count, std::size_t bytes);
  ~stack_pool();
  stack_pool(const stack_pool&) = delete;
  stack_pool& operator=(const stack_pool&) = delete;

  /// Size of every stack, after rounding.
  std::size_t stack_bytes() const { return bytes_; }
  /// Stack `index` for its fiber; writes its canary zone (canary mode).
  boost::context::stack_context context(std::size_t index) const;
  /// False if the PE's canary zone was overwritten (canary mode only; always true otherwise).
  bool intact(std::size_t index) const;
  /// Lowest usable byte of stack `index` (the stack grows down towards it).
  std::byte* lowest(std::size_t index) const;
  /// One past the highest byte of stack `index` a fiber may use (where its frames start).
  std::byte* top(std::size_t index) const;

 private:
  /// The canary zone of stack `index` (just below its lowest byte), or null without one.
  std::uint64_t* canary(std::size_t index) const;

  std::size_t count_, bytes_, page_;
  std::size_t group_ = 1;  // stacks per guard page (1: every stack has its own)
  std::byte* region_ = nullptr;
  std::size_t region_bytes_ = 0;
};

/// A boost::context stack allocator handing out one pool slot (deallocate is a no-op: the pool
/// owns the memory).
struct pool_stack_allocator {
  const stack_pool* pool;
  std::size_t index;
  boost::context::stack_context allocate() { return pool->context(index); }
  void deallocate(boost::context::stack_context&) noexcept {}
};

/// Installs the SIGSEGV handler (once per process) and, for the calling thread, an alternate
/// signal stack that lives until the thread ends. Idempotent per thread.
void prepare_overflow_detection_on_this_thread();
/// Tells the handler which PE this thread is about to run (-1: none) and its stack size.
void set_running_pe(int rank, std::size_t stack_bytes);
/// Prints the overflow line for `rank` and ends the process (exit code 6).
[[noreturn]] void report_stack_overflow(int rank, std::size_t stack_bytes);

}  // namespace weft::detail
