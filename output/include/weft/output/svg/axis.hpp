#pragma once
// Axes of a chart: which values are shown (the domain), where the ticks go and how they are
// labelled. Linear axes get "nice" ticks (1, 2 or 5 times a power of ten) and a domain widened
// to the ticks around the data, so the frame always starts and ends on a labelled value. Log
// axes tick at whole powers of their base (K = 1, 2, 4, ... for a reduction sweep).

#include <string>
#include <vector>

namespace weft::svg {

/// The tick step for about `count` ticks over `span`: 1, 2 or 5 times a power of ten.
double nice_step(double span, int count = 5);

/// Multiples of nice_step(hi - lo, count) from the one at or below `lo` to the one at or above
/// `hi`. Each tick is computed from whole numbers (3 * 1 / 10, never 0.1 + 0.1 + 0.1), so 0.3 is
/// 0.3. An empty or non-finite range is widened to one that is not ([lo, lo + 1], or [0, 1]).
std::vector<double> linear_ticks(double lo, double hi, int count = 5);

/// Whole powers of `base` from the one at or below `lo` to the one at or above `hi` (lo > 0),
/// every second, fourth, ... one when more than `most` would be drawn.
std::vector<double> log_ticks(double lo, double hi, double base, int most = 12);

/// A tick's label: whole numbers in full (65536, not 6.5536e+04), others with up to six
/// significant digits (0.02, 1.5e-07).
std::string tick_label(double v);

class axis {
 public:
  enum class scale { linear, logarithmic };

  /// A linear axis over the data range [lo, hi], widened to nice ticks.
  static axis linear(double lo, double hi, std::string title, int ticks = 5);
  /// A log axis over [lo, hi] (lo > 0; throws std::invalid_argument otherwise), widened to
  /// whole powers of `base`.
  static axis logarithmic(double lo, double hi, double base, std::string title, int most_ticks = 12);

  /// Where `v` lies on the axis: 0 at the low end, 1 at the high end (outside for values beyond).
  double fraction(double v) const;

  double low() const { return lo_; }
  double high() const { return hi_; }
  scale kind() const { return kind_; }
  const std::vector<double>& ticks() const { return ticks_; }
  const std::string& title() const { return title_; }

 private:
  axis(scale kind, std::vector<double> ticks, std::string title);
  scale kind_;
  std::vector<double> ticks_;
  double lo_, hi_;
  std::string title_;
};

}  // namespace weft::svg
