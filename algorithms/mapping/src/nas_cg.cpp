#include "weft/mapping/nas_cg.hpp"

#include <stdexcept>
#include <string>

namespace weft::mapping {

namespace {

void check_shape(int rows, int cols) {
  const bool pow2 = cols >= 1 && (cols & (cols - 1)) == 0;
  if (rows < 1 || !pow2 || (cols != rows && cols != 2 * rows))
    throw std::invalid_argument("NAS CG grid " + std::to_string(rows) + "x" + std::to_string(cols) +
                                ": COLS must be a power of two equal to ROWS or 2 * ROWS (NPB's shapes, e.g. 8x8, 4x8)");
}

}  // namespace

int nas_cg_exchange_partner(int rows, int cols, int task) {
  check_shape(rows, cols);
  if (cols == rows) return (task % rows) * rows + task / rows;
  return 2 * (((task / 2) % rows) * rows + task / 2 / rows) + task % 2;
}

comm_log nas_cg_log(int rows, int cols, std::int64_t bytes) {
  check_shape(rows, cols);
  comm_log_builder b(rows * cols, "nas-cg:" + std::to_string(rows) + "x" + std::to_string(cols));
  for (int task = 0; task < rows * cols; ++task) {
    const int row = task / cols, col = task % cols;
    for (int d = cols / 2; d >= 1; d /= 2) {
      const int partner = row * cols + (col ^ d);
      const int r = b.irecv(task, partner, bytes);
      b.send(task, partner, bytes);
      b.wait(task, r);
    }
    const int t = nas_cg_exchange_partner(rows, cols, task);
    const int r = b.irecv(task, t, bytes);
    b.send(task, t, bytes);
    b.wait(task, r);
  }
  return std::move(b).build();
}

}  // namespace weft::mapping
