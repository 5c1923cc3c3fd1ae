#include "calibrated_preset.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cctype>
#include <sstream>
#include <stdexcept>
#include <toml++/toml.h>

#include "weft/machine.hpp"
#include "weft/presets/preset.hpp"

namespace weft::cli {

fit fit_model(const std::vector<std::int64_t>& sizes, const std::vector<vtime>& t) {
  double sw = 0, sx = 0, sy = 0, sxx = 0, sxy = 0;
  for (std::size_t i = 0; i < sizes.size(); ++i) {
    const double x = static_cast<double>(sizes[i]), y = std::max(1.0, static_cast<double>(t[i].ps));
    const double w = 1 / (y * y);
    sw += w, sx += w * x, sy += w * y, sxx += w * x * x, sxy += w * x * y;
  }
  fit f;
  const double d = sw * sxx - sx * sx;
  if (d > 0) {
    f.tau_ps_per_byte = (sw * sxy - sx * sy) / d;
    f.alpha_ps = (sy - f.tau_ps_per_byte * sx) / sw;
  }
  if (f.alpha_ps < 0 || d <= 0) {
    f.alpha_ps = 0;
    f.tau_ps_per_byte = sxx > 0 ? sxy / sxx : 0;
  }
  f.tau_ps_per_byte = std::max(0.0, f.tau_ps_per_byte);
  return f;
}

std::string calibrated_preset_text(const calibration& c, const fit& f, const std::string& name, int nodes) {
  const double gbps = f.tau_ps_per_byte > 0 ? 1e3 / f.tau_ps_per_byte : 0;  // bytes/ps x 1e12 / 1e9
  std::string out = fmt::format(
      "# Calibrated by `weft calibrate --backend mpi` on {}, {}: one-way time between\n"
      "# ranks 0 and 1 (half a ping-pong round trip, {} round trips after {} warm-up), fitted by\n"
      "# time = alpha + bytes / bandwidth on one hop of the message network (least squares on the\n"
      "# relative error, every size alike).\n"
      "#\n#  {:>10} {:>14} {:>14}\n",
      c.hosts, c.date, c.iterations, c.warmup, "bytes", "measured(us)", "model(us)");
  for (std::size_t i = 0; i < c.sizes.size() && i < c.one_way.size(); ++i)
    out += fmt::format("#  {:>10} {:>14.3f} {:>14.3f}\n", c.sizes[i], c.one_way[i].micros(), f.at(c.sizes[i]) * 1e-6);
  toml::table link{{"alpha", fmt::format("{:.0f}ps", f.alpha_ps)}};
  if (gbps > 0) link.insert("bandwidth", fmt::format("{:.4g}GB/s", gbps));
  toml::table preset{{"name", name},
                     {"summary", fmt::format("calibrated on {}: {:.3f} us, {:.3g} GB/s (MPI ping-pong)", c.hosts,
                                             f.alpha_ps * 1e-6, gbps)},
                     {"topology", fmt::format("full:{}", nodes)},
                     {"procs", nodes},
                     {"link", std::move(link)}};
  std::ostringstream text;
  text << toml::toml_formatter(preset) << "\n";
  return out + text.str();
}

void check_preset_name(const std::string& name) {
  const bool word = !name.empty() && std::all_of(name.begin(), name.end(), [](unsigned char c) {
    return std::isalnum(c) || c == '-' || c == '_' || c == '.';
  });
  if (!word || name.ends_with(".toml"))
    throw std::invalid_argument("--name '" + name + "': a preset name is letters, digits, '-', '_' and '.', not ending in "
                                ".toml (weft run -m NAME selects it)");
}

void check_preset_loads(const std::string& text) {
  const auto p = presets::parse(text, "the preset calibrate would write");
  run_options defaults;  // the default --max-memory, as 'weft run -m FILE' without options
  try {
    check_memory_before_building(p.topology, p.routing, p.model, p.procs, defaults);
  } catch (const std::invalid_argument& e) {
    throw std::invalid_argument("the preset calibrate would write (" + std::to_string(p.procs) + " PEs on " + p.topology +
                                ") would be refused by 'weft run': " + e.what() + "; lower --nodes");
  }
}

}  // namespace weft::cli
