// `weft run nas-cg:8x8`: a program's name with its arguments, and the PE count they fix.
#include <charconv>
#include <stdexcept>
#include <string>

#include "weft/programs/builtin.hpp"

namespace weft::programs {

namespace {

int parse_positive(std::string_view digits) {
  int v = 0;
  auto [end, ec] = std::from_chars(digits.data(), digits.data() + digits.size(), v);
  return ec == std::errc{} && end == digits.data() + digits.size() && v > 0 ? v : -1;
}

program_choice parse_nas_cg_grid(std::string_view text, std::string_view grid) {
  const auto x = grid.find('x');
  const int rows = x == std::string_view::npos ? -1 : parse_positive(grid.substr(0, x));
  const int cols = x == std::string_view::npos ? -1 : parse_positive(grid.substr(x + 1));
  if (rows < 1 || cols < 1 || rows > (1 << 15) || cols > (1 << 15))
    throw std::invalid_argument("program '" + std::string(text) + "': give NPB CG's grid as nas-cg:ROWSxCOLS, e.g. nas-cg:8x8");
  const int procs = rows * cols;
  if ((procs & (procs - 1)) != 0 || nas_cg_rows(procs) != rows) {
    std::string allowed = "NPB CG's grids have a power of two PEs and ROWS = COLS or 2 ROWS = COLS (8x8, 4x8, 4x4, ...)";
    if ((procs & (procs - 1)) == 0)
      allowed = "NPB CG's grid for " + std::to_string(procs) + " PEs is nas-cg:" + std::to_string(nas_cg_rows(procs)) + "x" +
                std::to_string(procs / nas_cg_rows(procs)) + " (ROWSxCOLS; the paper's \"8x4\" is nas-cg:4x8)";
    throw std::invalid_argument("program '" + std::string(text) + "': " + allowed);
  }
  return {"nas-cg", procs};
}

}  // namespace

program_choice parse_program_choice(std::string_view text) {
  const auto colon = text.find(':');
  if (colon == std::string_view::npos) return {std::string(text), 0};
  const auto name = text.substr(0, colon);
  if (name == "nas-cg") return parse_nas_cg_grid(text, text.substr(colon + 1));
  throw std::invalid_argument("program '" + std::string(text) + "': only nas-cg takes arguments (nas-cg:ROWSxCOLS)");
}

int choose_procs(const program_choice& choice, const std::string& text, bool given, int procs) {
  if (given && procs < 1) throw std::invalid_argument("--procs " + std::to_string(procs) + " must be at least 1");
  if (choice.procs == 0) return given ? procs : 0;
  if (given && procs != choice.procs)
    throw std::invalid_argument("--procs " + std::to_string(procs) + " contradicts " + text + ", which has " +
                                std::to_string(choice.procs) + " PEs (leave --procs out)");
  return choice.procs;
}

void check_nas_cg_only(const program_choice& choice, const params& p) {
  if (choice.name == "nas-cg") return;
  if (p.barrier_per_ccs)
    throw std::invalid_argument("--barrier-per-ccs: only nas-cg marks its communication sets (one per exchange step); " +
                                choice.name + " does not");
  if (p.rendezvous)
    throw std::invalid_argument("--rendezvous: only nas-cg trades ready messages before its data; " + choice.name + " does not");
}

}  // namespace weft::programs
