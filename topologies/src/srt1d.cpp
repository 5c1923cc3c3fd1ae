#include "weft/topo/srt1d.hpp"

namespace weft::topo {

namespace {
std::string checked(std::string spec, int n, int T) {
  check_srt_parameters(spec, n, T, 0, 24);
  return spec;
}
}  // namespace

srt1d::srt1d(std::string spec, int n, int T) : srt_network(checked(std::move(spec), n, T), 1, n, T, 0) { build(); }

}  // namespace weft::topo
