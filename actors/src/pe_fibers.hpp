#pragma once
// The PEs' stackful fibers, shared by both clocks' runtimes: starting a PE's program on its own
// stack, switching into it and back (with ASan told of every switch), checking its stack after
// each slice, and unwinding the fibers of PEs that never finished when a run is torn down.
//
//   resume(r): thread ----switch----> fiber r runs program(pe) ... suspend(r) ----switch----> thread

#include <boost/context/fiber.hpp>
#include <cstdint>
#include <span>
#include <vector>

#include "weft/detail/fiber_stack.hpp"
#include "weft/detail/pe_state.hpp"
#include "weft/program.hpp"
#include "fiber_switch.hpp"

namespace weft::detail {

class pe_fibers {
 public:
  /// One fiber per state, started on its first resume; `states` and `prog` outlive this.
  pe_fibers(std::span<pe_state> states, const program& prog, std::int64_t stack_bytes);
  pe_fibers(const pe_fibers&) = delete;
  pe_fibers& operator=(const pe_fibers&) = delete;
  ~pe_fibers() { unwind_all(); }

  /// Runs PE `rank` until it suspends or ends (starting it the first time); ends the process
  /// with one line if it overflowed its stack. Call prepare_thread() once on each thread first.
  void resume(int rank);
  /// On PE `pe`'s fiber: gives control back to the thread that resumed it.
  void suspend(pe_state& pe);
  /// Makes the calling thread ready to run fibers (stack overflow detection).
  static void prepare_thread() { prepare_overflow_detection_on_this_thread(); }
  /// Unwinds every fiber of a PE that never finished (its destructors run), on this thread:
  /// resumed once more, suspend() throws into it. Idempotent.
  void unwind_all();

 private:
  void start(std::size_t index);
  void switch_to(std::size_t index);

  std::span<pe_state> states_;
  const program& program_;
  std::vector<boost::context::fiber> fibers_;
  std::vector<boost::context::fiber> callers_;
  std::vector<stack_bounds> caller_stacks_;  // the thread stack each PE returns to
  bool unwinding_ = false;
  stack_pool stacks_;
};

}  // namespace weft::detail
