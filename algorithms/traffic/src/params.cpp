#include "weft/traffic/params.hpp"

#include <charconv>
#include <cmath>
#include <stdexcept>

namespace weft::traffic {

void packet_shape::validate() const {
  if (packet_flits < 1) throw std::invalid_argument("--packet-flits " + std::to_string(packet_flits) + " must be at least 1");
  if (flit_bytes < 1) throw std::invalid_argument("--flit-size " + std::to_string(flit_bytes) + " B must be at least 1 byte");
  if (packet_flits > (1 << 20) || flit_bytes > (std::int64_t{1} << 30) / packet_flits)
    throw std::invalid_argument("--packet-flits " + std::to_string(packet_flits) + " x --flit-size " +
                                std::to_string(flit_bytes) + " B is more than 1 GiB per packet");
  if (cycle.ps < 1) throw std::invalid_argument("--cycle must be more than 0");
}

void params::validate() const {
  shape.validate();
  if (cycles < 1) throw std::invalid_argument("--cycles " + std::to_string(cycles) + " must be at least 1");
  if (cycles > max_cycles) throw std::invalid_argument("--cycles " + std::to_string(cycles) + " is more than 10^9");
  if (warmup < 0 || warmup >= cycles)
    throw std::invalid_argument("--warmup " + std::to_string(warmup) + " must be in [0, --cycles " + std::to_string(cycles) +
                                ") (packets created after it are measured)");
  // Creation times and the drain after them must stay far below the clock's 2^63 ps.
  if (shape.cycle.ps > (std::int64_t{1} << 60) / cycles)
    throw std::invalid_argument("--cycles " + std::to_string(cycles) + " x --cycle " + format_time(shape.cycle) +
                                " passes the virtual clock (about 13 days at most)");
}

namespace {

double parse_load(const std::string& piece, const std::string& text) {
  double v = 0;
  auto [end, ec] = std::from_chars(piece.data(), piece.data() + piece.size(), v);
  if (piece.empty() || ec != std::errc{} || end != piece.data() + piece.size() || !std::isfinite(v))
    throw std::invalid_argument("--load '" + text + "': '" + piece +
                                "' is not a number (a load, LO:HI:STEP or a list, in flits/node/cycle)");
  return v;
}

void check_in_range(double v, const std::string& piece) {
  if (!(v > 0 && v <= 1))
    throw std::invalid_argument("--load " + piece + " is outside (0, 1] flits/node/cycle");
}

}  // namespace

std::vector<double> parse_loads(const std::string& text) {
  std::vector<std::string> pieces;
  char sep = text.find(':') != std::string::npos ? ':' : ',';
  for (std::size_t at = 0;;) {
    auto next = text.find(sep, at);
    pieces.push_back(text.substr(at, next - at));
    if (next == std::string::npos) break;
    at = next + 1;
  }
  std::vector<double> loads;
  if (sep == ',') {
    for (const auto& p : pieces) {
      loads.push_back(parse_load(p, text));
      check_in_range(loads.back(), p);
    }
    return loads;
  }
  if (pieces.size() != 3)
    throw std::invalid_argument("--load '" + text + "' is not a range LO:HI:STEP (e.g. 0.01:0.15:0.01)");
  const double lo = parse_load(pieces[0], text), hi = parse_load(pieces[1], text), step = parse_load(pieces[2], text);
  check_in_range(lo, pieces[0]);
  check_in_range(hi, pieces[1]);
  if (lo > hi) throw std::invalid_argument("--load '" + text + "': LO " + pieces[0] + " is above HI " + pieces[1]);
  if (!(step > 0)) throw std::invalid_argument("--load '" + text + "': STEP " + pieces[2] + " must be more than 0");
  // Counted once, with a tolerance, so 0.01:0.15:0.01 ends at 0.15 despite binary fractions;
  // each point is LO + i·STEP rounded to 12 digits, not a running sum.
  const double count = std::floor((hi - lo) / step + 1e-9) + 1;
  if (count > 1000) throw std::invalid_argument("--load '" + text + "' has more than 1000 points");
  for (int i = 0; i < static_cast<int>(count); ++i) loads.push_back(std::round((lo + i * step) * 1e12) / 1e12);
  return loads;
}

double parse_latency_threshold(const std::string& text) {
  double v = 0;
  auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), v);
  const bool whole = !text.empty() && end == text.data() + text.size();
  // A number out of a double's range (1e-400, 1e400) is a number: refused below as out of range.
  const bool out_of_range = whole && ec == std::errc::result_out_of_range;
  if (!out_of_range && (!whole || ec != std::errc{} || std::isnan(v)))
    throw std::invalid_argument("--latency-threshold '" + text +
                                "' is not a number (an average packet latency in cycles, above 0; default 500, as BookSim)");
  if (out_of_range || !(v > 0) || std::isinf(v))
    throw std::invalid_argument("--latency-threshold " + text + " must be a finite number of cycles above 0 (default 500, as BookSim)");
  return v;
}

}  // namespace weft::traffic
