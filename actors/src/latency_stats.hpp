#pragma once
// Measured message latencies of a wall-clock run (send to delivery at the receiver's worker),
// summed per worker without sharing a cache line, merged once at the end.

#include <algorithm>
#include <bit>
#include <cstdint>
#include <string>
#include <vector>

#include "weft/units.hpp"

namespace weft::detail {

class latency_stats {
 public:
  void add(vtime latency) {
    const std::int64_t ps = std::max<std::int64_t>(latency.ps, 0);  // the clock is monotonic; be safe
    if (count_ == 0 || ps < min_) min_ = ps;
    max_ = std::max(max_, ps);
    sum_ += static_cast<double>(ps);
    ++count_;
    // Bucket 0 counts under 1 ns, bucket i counts [2^(i-1), 2^i) ns.
    const auto bucket = static_cast<std::size_t>(std::bit_width(static_cast<std::uint64_t>(ps / 1000)));
    if (histogram_.size() <= bucket) histogram_.resize(bucket + 1, 0);
    ++histogram_[bucket];
  }
  void merge(const latency_stats& o) {
    if (o.count_ == 0) return;
    if (count_ == 0 || o.min_ < min_) min_ = o.min_;
    max_ = std::max(max_, o.max_);
    sum_ += o.sum_;
    count_ += o.count_;
    if (histogram_.size() < o.histogram_.size()) histogram_.resize(o.histogram_.size(), 0);
    for (std::size_t i = 0; i < o.histogram_.size(); ++i) histogram_[i] += o.histogram_[i];
  }
  std::uint64_t count() const { return count_; }
  vtime min() const { return {min_}; }
  vtime max() const { return {max_}; }
  vtime mean() const { return {count_ ? static_cast<std::int64_t>(sum_ / static_cast<double>(count_)) : 0}; }
  /// The upper edge of the histogram bucket that holds the median (an estimate within 2x).
  vtime median_bound() const {
    std::uint64_t seen = 0;
    for (std::size_t i = 0; i < histogram_.size(); ++i)
      if ((seen += histogram_[i]) * 2 >= count_) return vtime::ns(std::int64_t{1} << i);
    return {};
  }
  const std::vector<std::uint64_t>& histogram() const { return histogram_; }

 private:
  std::uint64_t count_ = 0;
  std::int64_t min_ = 0, max_ = 0;
  double sum_ = 0;
  std::vector<std::uint64_t> histogram_;
};

}  // namespace weft::detail
