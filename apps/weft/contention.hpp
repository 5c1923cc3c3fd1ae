#pragma once
// `--contention` (weft run, weft coll): the same program on the machine's contention-free network
// (the registry's reference: `ideal` for `message`), beside the chosen one.

#include "weft/machine.hpp"

namespace weft::cli {

/// The machine `m` with its network swapped for its contention-free reference. Throws
/// std::invalid_argument in one line when there is none (the flit network) or when the clock
/// is the wall's (no link model, so no contention to measure).
machine contention_free_machine(const machine& m, const run_options& opt);

/// Runs `prog` on `reference` with `opt` stripped of every output, and stores its makespan, its
/// PEs' waits and its links' queueing in `r.contention`.
void measure_contention(report& r, const machine& reference, int procs, const program& prog, run_options opt);

}  // namespace weft::cli
