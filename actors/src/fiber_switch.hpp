#pragma once
// Tells AddressSanitizer about every switch between a thread's own stack and a PE fiber's stack.
// Without it ASan believes a thread never leaves its stack: an exception thrown on a fiber makes
// it warn and skip clearing the fiber's stack poison, which later shows up as false reports.
// In builds without ASan both calls compile to nothing.
//
//   thread side                                fiber side
//   void* save;                                (entry)  from = after_switch(nullptr)
//   before_switch(&save, pe_stack)  ------->   ... runs until it suspends ...
//                                              void* save;
//   after_switch(save)              <-------   before_switch(&save, from)   (nullptr when it ends)

#include <cstddef>

#if defined(__SANITIZE_ADDRESS__)
#define WEFT_ASAN_FIBERS 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define WEFT_ASAN_FIBERS 1
#endif
#endif

#ifdef WEFT_ASAN_FIBERS
#include <sanitizer/asan_interface.h>
#include <sanitizer/common_interface_defs.h>
#endif

namespace weft::detail {

/// A stack as ASan names it: its lowest address and size.
struct stack_bounds {
  const void* bottom = nullptr;
  std::size_t size = 0;
};

/// Call right before switching to stack `to`. `save` keeps this side's fake stack until the
/// switch back; nullptr when this side ends with the switch (a fiber returning).
inline void before_switch([[maybe_unused]] void** save, [[maybe_unused]] stack_bounds to) {
#ifdef WEFT_ASAN_FIBERS
  __sanitizer_start_switch_fiber(save, to.bottom, to.size);
#endif
}

/// Call before a fiber starts on `stack`: frames of an earlier fiber there (one that ended with a
/// switch, never returning, or a stack mapped again at an address used before) may have left
/// their redzones poisoned, which ASan would report against the new fiber's frames.
inline void forget_stack_poison([[maybe_unused]] stack_bounds stack) {
#ifdef WEFT_ASAN_FIBERS
  __asan_unpoison_memory_region(stack.bottom, stack.size);
#endif
}

/// Call first thing after a switch arrives; returns the stack it came from.
inline stack_bounds after_switch([[maybe_unused]] void* save) {
  stack_bounds from;
#ifdef WEFT_ASAN_FIBERS
  __sanitizer_finish_switch_fiber(save, &from.bottom, &from.size);
#endif
  return from;
}

}  // namespace weft::detail
