#pragma once
// The spelling tables moved to weft_base (the runtime's machine.cpp parses pin and sharing
// policies with them too); this stub keeps link_model.cpp's include working.
#include "weft/detail/spellings.hpp"
