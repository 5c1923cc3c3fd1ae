#pragma once
// The PEs' stackful fibers, shared by both clocks' runtimes: starting a PE's program on its own
// stack, switching into it and back (with ASan told of every switch), checking its stack after
// each slice, and unwinding the fibers of PEs that never finished when a run is torn down.
//
//   resume(r): thread ----switch----> fiber r runs program(pe) ... suspend(r) ----switch----> thread
//
// Which backend serves a PE's calls is its runtime's choice, made once: the entry it gives here
// builds that backend on the fiber's stack and runs the program on a pe over it.
//
// Stacks: by default each PE has its own (a blocked PE keeps at least the page its frames touch,
// 4 KiB). With shared stacks (--stacks shared) the PEs take turns on a few: PE i runs on stack
// i mod count, at the same addresses every time, and when another PE needs that stack the
// frames of the one there (the bytes from its saved context up to the top, about 1 KiB for a
// typical program) are copied out to the heap and copied back before it runs again. Nothing
// outside a PE points into its stack while it is blocked (the engine writes only its pe_state;
// a receive's payload is copied in by the PE itself), so a copy back at the same address is
// the same stack. A stack's turn is a mutex held while a PE runs on it.

#include <boost/context/fiber.hpp>
#include <cstdint>
#include <functional>
#include <memory>
#include <mutex>
#include <span>
#include <vector>

#include "weft/detail/fiber_stack.hpp"
#include "weft/detail/pe_state.hpp"
#include "weft/detail/pe_table.hpp"
#include "fiber_switch.hpp"

namespace weft::detail {

class pe_fibers {
 public:
  /// Runs the program of the PE of `state` on the backend its runtime chose, on its fiber.
  using entry = std::function<void(pe_state& state)>;

  /// One fiber per held state, started on its first resume; `states` outlives this.
  /// `shared_stacks` > 0: the PEs take turns on that many stacks (above); 0: a stack each.
  pe_fibers(pe_table& states, entry run, std::int64_t stack_bytes, int shared_stacks = 0);
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

  /// Thrown by suspend() into a PE that never finished when the run is torn down: unwinds its
  /// fiber (destructors run) and is caught where the fiber started. Not a std::exception, so a
  /// program's `catch (const std::exception&)` lets it pass.
  struct unwind {};

 private:
  /// A stack that PEs take turns on, and the PE whose frames are on it now (-1: none).
  struct shared_stack {
    std::mutex turn;
    std::int64_t occupant = -1;
  };
  /// A blocked PE's frames while another PE has its shared stack.
  struct saved_frames {
    std::unique_ptr<std::byte[]> bytes;
    std::uint32_t size = 0, capacity = 0;
  };

  // `index`: a PE's slot among the held states (pe_table::slot), which indexes every array here.
  std::size_t stack_of(std::size_t index) const { return shared_ ? index % shared_count_ : index; }
  void start(std::size_t index);
  void switch_to(std::size_t index);
  void run_slice(std::size_t index);
  void resume_shared(std::size_t index);
  /// Makes shared stack `st` hold PE `index`'s frames (copying out those of the PE there).
  void take_stack(shared_stack& st, std::size_t index);
  void save_frames(std::size_t index);
  void restore_frames(std::size_t index);

  pe_table& states_;
  entry run_;
  std::vector<boost::context::fiber> fibers_;
  std::vector<boost::context::fiber> callers_;
  std::vector<stack_bounds> caller_stacks_;  // the thread stack each PE returns to
  bool unwinding_ = false;
  std::size_t shared_count_ = 0;
  std::unique_ptr<shared_stack[]> shared_;
  std::vector<saved_frames> saved_;  // shared stacks only
  stack_pool stacks_;
};

// On every PE switch: inline, as they were when the virtual runtime held them.
inline void pe_fibers::resume(int rank) {
  const auto index = states_.slot(rank);
  if (shared_) return resume_shared(index);
  run_slice(index);
}

inline void pe_fibers::run_slice(std::size_t index) {
  const int rank = states_.held()[index].rank;
  if (!fibers_[index]) start(index);
  set_running_pe(rank, stacks_.stack_bytes());
  switch_to(index);
  set_running_pe(-1, 0);
  if (!stacks_.intact(stack_of(index))) report_stack_overflow(rank, stacks_.stack_bytes());
}

inline void pe_fibers::suspend(pe_state& pe) {
  const auto index = states_.slot(pe.rank);
  auto& caller = callers_[index];
  void* save = nullptr;
  before_switch(&save, caller_stacks_[index]);
  caller = std::move(caller).resume();
  caller_stacks_[index] = after_switch(save);  // resumed, perhaps by another thread
  if (unwinding_) throw unwind{};
}

inline void pe_fibers::switch_to(std::size_t index) {
  void* save = nullptr;
  before_switch(&save, {stacks_.lowest(stack_of(index)), stacks_.stack_bytes()});
  fibers_[index] = std::move(fibers_[index]).resume();
  after_switch(save);
}

}  // namespace weft::detail
