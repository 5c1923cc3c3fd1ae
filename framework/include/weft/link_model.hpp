#pragma once
// Until November 2026 the cost model was weft::link_model in this header; it is weft::cost_model in
// weft/cost_model.hpp (it holds the host's costs as well as the links'). Kept for programs
// written against the old name.
#include "weft/cost_model.hpp"
