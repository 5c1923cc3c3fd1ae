// The text report's lines that summarise host facts: they must say what is true, in plain words.
#define BOOST_TEST_MODULE report_text
#include <boost/test/unit_test.hpp>

#include <sstream>
#include <string>

#include "weft/output/report_writers.hpp"
#include "weft/report.hpp"

namespace {

std::string verbose_text(const weft::report& r) {
  std::ostringstream out;
  weft::output::write_text(out, r, 8, true);
  return out.str();
}

bool has(const std::string& text, const std::string& part) {
  BOOST_TEST_INFO("text: " << text);
  return text.find(part) != std::string::npos;
}

}  // namespace

// Not "(worker CPUs -1 -1)": -1 is the engine's "not bound", not a CPU.
BOOST_AUTO_TEST_CASE(workers_left_unpinned_are_said_to_be_so_not_printed_as_minus_one) {
  weft::report r;
  r.host.worker_cpus = {-1, -1};
  BOOST_TEST(has(verbose_text(r), "(workers not pinned)\n"));
  r.host.worker_cpus = {0, 1};
  BOOST_TEST(has(verbose_text(r), "(worker CPUs 0 1)\n"));
  r.host.worker_cpus = {3, -1};
  BOOST_TEST(has(verbose_text(r), "(worker CPUs 3 -)\n"));
}

// The median is a histogram bucket, [65.536, 131.072) us here; printed within min and max, it
// never reads as above the max (it used to: "median below 131.072 us, max 73.211 us").
BOOST_AUTO_TEST_CASE(the_wall_clock_median_stays_within_the_measured_min_and_max) {
  weft::report r;
  r.wall_clock = true;
  r.network.kind = "wall-clock";
  r.network.measured = weft::measured_latency_figures{10, 0, weft::vtime::ns(61543), weft::vtime::ns(67490),
                                                      weft::vtime::ns(131072), weft::vtime::ns(73211), {}};
  BOOST_TEST(has(verbose_text(r), "measured latency min 61.543 us, mean 67.490 us, median between 65.536 us and "
                                  "73.211 us, max 73.211 us"));
  r.network.measured->min = weft::vtime::ns(70000);  // the bucket's lower edge below the min
  BOOST_TEST(has(verbose_text(r), "median between 70.000 us and 73.211 us,"));
}
