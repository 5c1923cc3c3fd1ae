#include "pe_fibers.hpp"

#include <algorithm>
#include <cstring>
#include <stdexcept>
#include <utility>

namespace weft::detail {

namespace {

// Where a suspended fiber's saved context lies on its stack: everything of it is at or above.
// A boost::context::fiber of the default (fcontext) implementation is nothing but that pointer;
// the ucontext and Windows-fiber ones hold a pointer to a record near the top instead.
#if defined(BOOST_USE_UCONTEXT) || defined(BOOST_USE_WINFIB)
#error "--stacks shared reads a fiber's fcontext_t: build with Boost.Context's default fcontext implementation"
#endif
std::byte* saved_context(const boost::context::fiber& f) {
  static_assert(sizeof(boost::context::fiber) == sizeof(void*), "boost::context::fiber holds one fcontext_t");
  void* at = nullptr;
  std::memcpy(&at, static_cast<const void*>(&f), sizeof at);
  return static_cast<std::byte*>(at);
}

}  // namespace

pe_fibers::pe_fibers(pe_table& states, entry run, std::int64_t stack_bytes, int shared_stacks)
    : states_(states),
      run_(std::move(run)),
      fibers_(states.held().size()),
      callers_(states.held().size()),
      caller_stacks_(states.held().size()),
      // No more shared stacks than PEs (and none when shared_stacks is 0).
      shared_count_(std::min(static_cast<std::size_t>(std::max(shared_stacks, 0)), std::max<std::size_t>(states.held().size(), 1))),
      shared_(shared_count_ > 0 ? std::make_unique<shared_stack[]>(shared_count_) : nullptr),
      saved_(shared_count_ > 0 ? states.held().size() : 0),
      stacks_(shared_count_ > 0 ? shared_count_ : std::max<std::size_t>(states.held().size(), 1), static_cast<std::size_t>(stack_bytes)) {}

void pe_fibers::unwind_all() {
  // Not Boost's unwinding on fiber destruction: its switch into the fiber cannot be announced to ASan.
  unwinding_ = true;
  for (std::size_t i = 0; i < fibers_.size(); ++i) {
    if (!fibers_[i]) continue;
    if (!shared_) {
      switch_to(i);
      continue;
    }
    auto& st = shared_[stack_of(i)];
    std::lock_guard<std::mutex> turn(st.turn);
    take_stack(st, i);
    switch_to(i);
    // A fiber its program kept alive (it swallowed the unwind) is ended by Boost's destructor,
    // which jumps into it: here, while its frames are on the stack, not by clear() below.
    fibers_[i] = {};
    st.occupant = -1;
  }
  fibers_.clear();
  callers_.clear();
  saved_.clear();
}

void pe_fibers::start(std::size_t index) {
  forget_stack_poison({stacks_.lowest(stack_of(index)), stacks_.stack_bytes()});
  fibers_[index] = boost::context::fiber(
      std::allocator_arg, pool_stack_allocator{&stacks_, stack_of(index)},
      [this, index](boost::context::fiber&& caller) {
        caller_stacks_[index] = after_switch(nullptr);
        callers_[index] = std::move(caller);
        pe_state& s = states_.held()[index];
        try {
          run_(s);
          s.status = pe_status::finished;
        } catch (const pe_fibers::unwind&) {  // torn down while blocked: the run is over
        } catch (const std::exception& e) {
          s.status = pe_status::failed;
          s.failure = e.what();
        }
        before_switch(nullptr, caller_stacks_[index]);  // this stack ends here
        return std::move(callers_[index]);
      });
}

void pe_fibers::resume_shared(std::size_t index) {
  auto& st = shared_[stack_of(index)];
  std::lock_guard<std::mutex> turn(st.turn);
  take_stack(st, index);
  run_slice(index);
  if (!fibers_[index]) {  // it ended: its frames are gone, and so is its claim on the stack
    st.occupant = -1;
    saved_[index] = {};
  }
}

void pe_fibers::take_stack(shared_stack& st, std::size_t index) {
  const auto me = static_cast<std::int64_t>(index);
  if (st.occupant == me) return;
  if (st.occupant >= 0) save_frames(static_cast<std::size_t>(st.occupant));
  if (fibers_[index]) restore_frames(index);
  st.occupant = me;
}

void pe_fibers::save_frames(std::size_t index) {
  std::byte* top = stacks_.top(stack_of(index));
  std::byte* low = saved_context(fibers_[index]);
  if (low < stacks_.lowest(stack_of(index)) || low >= top)
    throw std::logic_error("a suspended PE's context lies outside its shared stack");
  const auto size = static_cast<std::uint32_t>(top - low);
  auto& frames = saved_[index];
  if (frames.capacity < size || frames.capacity > 2 * size + 4096) {  // grown, or long past a deep call
    frames.bytes = std::make_unique_for_overwrite<std::byte[]>(size);
    frames.capacity = size;
  }
  forget_stack_poison({low, size});  // its frames' redzones (ASan only): they are read whole here
  std::memcpy(frames.bytes.get(), low, size);
  frames.size = size;
}

void pe_fibers::restore_frames(std::size_t index) {
  const auto& frames = saved_[index];
  std::byte* top = stacks_.top(stack_of(index));
  forget_stack_poison({top - frames.size, frames.size});  // the frames of the PE that was there
  std::memcpy(top - frames.size, frames.bytes.get(), frames.size);
}

}  // namespace weft::detail
