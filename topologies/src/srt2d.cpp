#include "weft/topo/srt2d.hpp"

namespace weft::topo {

namespace {
std::string checked(std::string spec, int n, int T, int sx) {
  check_srt_parameters(spec, n, T, sx, 15);
  return spec;
}
}  // namespace

srt2d::srt2d(std::string spec, int n, int T, int sx)
    : srt_network(checked(std::move(spec), n, T, sx), 2, n, T, sx) {
  build();
}

}  // namespace weft::topo
