#include "pe_fibers.hpp"

#include <stdexcept>
#include <utility>

namespace weft::detail {

pe_fibers::pe_fibers(std::span<pe_state> states, entry run, std::int64_t stack_bytes)
    : states_(states),
      run_(std::move(run)),
      fibers_(states.size()),
      callers_(states.size()),
      caller_stacks_(states.size()),
      stacks_(states.size(), static_cast<std::size_t>(stack_bytes)) {}

void pe_fibers::unwind_all() {
  // Not Boost's unwinding on fiber destruction: its switch into the fiber cannot be announced to ASan.
  unwinding_ = true;
  for (std::size_t i = 0; i < fibers_.size(); ++i)
    if (fibers_[i]) switch_to(i);
  fibers_.clear();
  callers_.clear();
}

void pe_fibers::start(std::size_t index) {
  forget_stack_poison({stacks_.lowest(index), stacks_.stack_bytes()});
  fibers_[index] = boost::context::fiber(
      std::allocator_arg, pool_stack_allocator{&stacks_, index}, [this, index](boost::context::fiber&& caller) {
        caller_stacks_[index] = after_switch(nullptr);
        callers_[index] = std::move(caller);
        pe_state& s = states_[index];
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

}  // namespace weft::detail
