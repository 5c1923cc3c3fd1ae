#pragma once
// The heat scale of weft's heat maps (`weft run --heatmap`): a white - yellow - dark red ramp
// for a value in [0, 1], and the legend bar that says what the colours mean. White is idle, so
// the links nobody used vanish into the background and the hot ones stand out.

#include <string>
#include <string_view>

#include "weft/output/svg/document.hpp"

namespace weft::svg {

/// "#rrggbb" for `h` in [0, 1] (clamped; NaN counts as 0): #ffffff at 0, #ffc800 at 0.5,
/// #a00000 at 1.
std::string heat_colour(double h);

/// The legend of a heat scale, 50 units high, its top left at (x, y): `label`, a bar of eleven
/// steps from 0 to 1, and `low` / `high` under its ends ("0%", "100%").
void draw_heat_legend(document& doc, double x, double y, std::string_view label, std::string_view low = "0%",
                      std::string_view high = "100%");

/// Height draw_heat_legend takes, for the caller to leave room for it.
inline constexpr double heat_legend_height = 50;

}  // namespace weft::svg
