#pragma once
// The communication of one iteration of the NAS CG kernel (NPB 3.x cg.f, conj_grad), as a log
// built in memory: tasks on a ROWS x COLS grid, task = row * COLS + col. Per task:
//   - the row sum by recursive doubling: for d = COLS/2, COLS/4, ..., 1:
//       irecv(partner), send(partner), wait   with partner = row * COLS + (col XOR d);
//   - the transpose exchange: irecv(t), send(t), wait with t = exchange_partner(task).
// Every message is `bytes` long (the paper uses one size for all, §4.2). Seed 004 §5.5: on 8x4 and
// 8x8 grids this is 4 CCS (3 steps of recursive doubling + the transpose).

#include <cstdint>

#include "weft/mapping/comm_log.hpp"

namespace weft::mapping {

/// NPB's exch_proc: the transpose partner on a square grid (row <-> col), and for COLS = 2 * ROWS
/// 2 * ((me/2 mod ROWS) * ROWS + me/2/ROWS) + me mod 2. Diagonal tasks exchange with themselves.
/// Throws std::invalid_argument for other shapes or a COLS that is not a power of two.
int nas_cg_exchange_partner(int rows, int cols, int task);

/// The log of one CG iteration (see above).
comm_log nas_cg_log(int rows, int cols, std::int64_t bytes);

}  // namespace weft::mapping
