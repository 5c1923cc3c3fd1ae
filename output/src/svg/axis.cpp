#include "weft/output/svg/axis.hpp"

#include <fmt/format.h>

#include <cmath>
#include <stdexcept>

namespace weft::svg {

namespace {

// A range a chart can be drawn over: finite and not empty.
void make_drawable(double& lo, double& hi) {
  if (!std::isfinite(lo) || !std::isfinite(hi)) lo = 0, hi = 1;
  if (hi < lo) std::swap(lo, hi);
  // Widened by a step the doubles can tell apart: lo + 1 is lo itself from 2^53 on.
  if (hi == lo) hi = lo + std::max(1.0, std::abs(lo) * 1e-9);
}

// 10^k exactly for the exponents a chart meets (every power of ten up to 10^22 is a double).
double power_of_ten(int k) {
  double p = 1;
  for (int i = 0; i < (k < 0 ? -k : k); ++i) p *= 10;
  return p;
}

// log_base(v), exact for whole powers of 2 and 10 (std::log(8) / std::log(2) is not 3).
double log_in(double v, double base) {
  if (base == 2) return std::log2(v);
  if (base == 10) return std::log10(v);
  return std::log(v) / std::log(base);
}

// floor/ceil that forgive the last bit of a logarithm.
constexpr double slack = 1e-9;

}  // namespace

double nice_step(double span, int count) {
  const double raw = span / (count > 0 ? count : 1);
  const double magnitude = std::pow(10.0, std::floor(std::log10(raw)));
  for (double m : {1.0, 2.0, 5.0})
    if (m * magnitude >= raw * (1 - slack)) return m * magnitude;
  return 10 * magnitude;
}

std::vector<double> linear_ticks(double lo, double hi, int count) {
  make_drawable(lo, hi);
  // The step is m * 10^k with m in {1, 2, 5, 10}: ticks are n * m scaled by 10^k, whole
  // numbers multiplied or divided once, so each is the double nearest its decimal value.
  const double step = nice_step(hi - lo, count);
  const int k = static_cast<int>(std::floor(std::log10(step) + slack));
  const double scale = power_of_ten(k), m = std::round(k >= 0 ? step / scale : step * scale);
  auto value = [&](double n) { return k >= 0 ? n * m * scale : n * m / scale; };
  const double first = std::floor(lo / step + slack), last = std::ceil(hi / step - slack);
  std::vector<double> ticks;
  // n counts steps from lo; a range of many steps (a count far above what fits on an axis)
  // would never end, so the ticks stop at 1000.
  for (double n = first; n <= last && ticks.size() < 1000; ++n) ticks.push_back(value(n) == 0 ? 0.0 : value(n));
  return ticks;
}

std::vector<double> log_ticks(double lo, double hi, double base, int most) {
  if (!(lo > 0) || !(hi > 0) || !(base > 1))
    throw std::invalid_argument("svg: a log axis needs positive values and a base above 1");
  if (hi < lo) std::swap(lo, hi);
  const int first = static_cast<int>(std::floor(log_in(lo, base) + slack));
  int last = static_cast<int>(std::ceil(log_in(hi, base) - slack));
  if (last == first) ++last;
  int stride = 1;
  while ((last - first) / stride + 1 > (most > 1 ? most : 2)) stride *= 2;
  // The last power is kept so the axis ends on a labelled value: the range is widened to it.
  last = first + ((last - first + stride - 1) / stride) * stride;
  std::vector<double> ticks;
  for (int e = first; e <= last; e += stride) ticks.push_back(std::pow(base, e));
  return ticks;
}

std::string tick_label(double v) {
  if (v == std::floor(v) && std::fabs(v) < 1e15) return fmt::format("{:.0f}", v == 0 ? 0.0 : v);
  return fmt::format("{:g}", v);
}

axis::axis(scale kind, std::vector<double> ticks, std::string title)
    : kind_(kind), ticks_(std::move(ticks)), lo_(ticks_.front()), hi_(ticks_.back()), title_(std::move(title)) {}

axis axis::linear(double lo, double hi, std::string title, int ticks) {
  return axis(scale::linear, linear_ticks(lo, hi, ticks), std::move(title));
}

axis axis::logarithmic(double lo, double hi, double base, std::string title, int most_ticks) {
  return axis(scale::logarithmic, log_ticks(lo, hi, base, most_ticks), std::move(title));
}

double axis::fraction(double v) const {
  if (kind_ == scale::linear) return (v - lo_) / (hi_ - lo_);
  return std::log(v / lo_) / std::log(hi_ / lo_);
}

}  // namespace weft::svg
