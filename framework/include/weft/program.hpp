#pragma once
// What a PE program is. Libraries that only define PE programs include this, not
// weft/machine.hpp (which belongs to the runtime library, weft_runtime).

#include <functional>

#include "weft/pe.hpp"

namespace weft {

/// A PE program: one blocking-style function run by every PE.
using program = std::function<void(pe&)>;

}  // namespace weft
