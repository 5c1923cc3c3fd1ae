#pragma once
// The one header a PE program and its driver include.
#include "weft/cost_model.hpp"
#include "weft/machine.hpp"
#include "weft/pe.hpp"
#include "weft/report.hpp"
#include "weft/units.hpp"
