#pragma once
// weft's SVG toolkit, which every picture is drawn with (issue 23 §4): the document writer
// (escaping, deterministic numbers), axes with nice ticks, line charts with legends, and the
// heat scale of heat maps. No picture needs gnuplot; the same data draws the same bytes.

#include "weft/output/svg/axis.hpp"
#include "weft/output/svg/chart.hpp"
#include "weft/output/svg/document.hpp"
#include "weft/output/svg/heat_scale.hpp"
