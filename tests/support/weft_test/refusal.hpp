#pragma once
// Bad input is refused with std::invalid_argument and one clear message; tests compare that
// message exactly. `refusal(f)` is the message `f` throws, or "" when it throws nothing.

#include <stdexcept>
#include <string>

namespace weft_test {

template <class F>
std::string refusal(F&& f) {
  try {
    f();
  } catch (const std::invalid_argument& e) {
    return e.what();
  }
  return "";
}

}  // namespace weft_test
