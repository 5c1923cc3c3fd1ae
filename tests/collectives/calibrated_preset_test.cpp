// What `weft calibrate` writes is a preset weft loads and runs: the text from a measurement goes
// through the same loader (presets::load from the written file) and machine as `weft run -m FILE`.
#define BOOST_TEST_MODULE calibrated preset
#include <boost/test/unit_test.hpp>

#include <cstdio>
#include <fstream>
#include <stdexcept>
#include <string>

#include "calibrated_preset.hpp"
#include "weft/machine.hpp"
#include "weft/presets/preset.hpp"

using weft::vtime;

namespace {

weft::cli::calibration measured(std::vector<vtime> one_way) {
  return {{8, 1024, 1 << 20}, std::move(one_way), 100, 10, "two hosts", "2026-11-25 17:00 UTC"};
}

std::string refusal(const std::string& text) {
  try {
    weft::cli::check_preset_loads(text);
  } catch (const std::invalid_argument& e) {
    return e.what();
  }
  return "loads";
}

}  // namespace

BOOST_AUTO_TEST_CASE(a_calibrated_preset_written_to_a_file_loads_and_runs_with_its_fitted_link) {
  const auto m = measured({vtime::ns(1500), vtime::ns(1700), vtime::us(170)});
  const auto f = weft::cli::fit_model(m.sizes, m.one_way);
  const std::string text = weft::cli::calibrated_preset_text(m, f, "my-cluster", 4);
  BOOST_TEST(refusal(text) == "loads");
  const std::string file = "calibrated_preset_test.toml";
  std::ofstream(file) << text;
  const auto p = weft::presets::load(file);
  BOOST_TEST(p.name == "my-cluster");
  BOOST_TEST(p.topology == "full:4");
  BOOST_TEST(p.procs == 4);
  BOOST_TEST(p.model.alpha.ps == static_cast<std::int64_t>(f.alpha_ps + 0.5));
  weft::machine built(p.topology, p.model, p.routing);
  BOOST_TEST(built.topo().compute_nodes() == 4);
  std::remove(file.c_str());
}

// The fit's extremes: a bandwidth so high that {:.4g} writes an exponent, and no slope at all
// (tau 0: no bandwidth line). Both still load.
BOOST_AUTO_TEST_CASE(extreme_fits_still_give_presets_that_load) {
  const auto fast = measured({vtime::ns(1000), vtime::ns(1000), vtime::ns(1010)});
  const auto f = weft::cli::fit_model(fast.sizes, fast.one_way);
  BOOST_TEST(f.tau_ps_per_byte < 0.1);  // > 10 TB/s: "1.05e+05GB/s"-style text
  BOOST_TEST(refusal(weft::cli::calibrated_preset_text(fast, f, "fast", 2)) == "loads");
  BOOST_TEST(refusal(weft::cli::calibrated_preset_text(fast, {}, "flat", 2)) == "loads");
}

BOOST_AUTO_TEST_CASE(a_preset_weft_would_refuse_is_refused_before_it_is_written) {
  const auto m = measured({vtime::ns(1500), vtime::ns(1700), vtime::us(170)});
  const std::string huge = refusal(weft::cli::calibrated_preset_text(m, {}, "huge", 1000000));
  BOOST_TEST(huge.starts_with("the preset calibrate would write (1000000 PEs on full:1000000) would be refused by "
                              "'weft run': topology full:1000000 needs about "),
             huge);
  BOOST_TEST(huge.ends_with("(raise it with --max-memory); lower --nodes"), huge);
  BOOST_CHECK_EXCEPTION(weft::cli::check_preset_name("a:b"), std::invalid_argument, [](const auto& e) {
    return std::string(e.what()) == "--name 'a:b': a preset name is letters, digits, '-', '_' and '.', not ending in "
                                    ".toml (weft run -m NAME selects it)";
  });
  BOOST_CHECK_THROW(weft::cli::check_preset_name("x.toml"), std::invalid_argument);
  BOOST_CHECK_NO_THROW(weft::cli::check_preset_name("ha-pacs_2.1"));
}
