#pragma once
// The built-in PE programs of `weft run`, selected by name through a registry.
//
//   pingpong   0 <-> 1, `iterations` round trips of `bytes`
//   ring       a token travels 0 -> 1 -> ... -> P-1 -> 0, `iterations` laps
//   alltoall   every PE sends `bytes` to every other PE (isend/irecv, wait_all)
//   deadlock   every PE receives from its right neighbour before sending: a deliberate deadlock
//   overflow   recurses until its fiber stack overflows (to show the report)
//   nas-cg     one NAS CG iteration's communication per --iterations (seed 004): PEs on NPB's
//              ROWS x COLS grid (P a power of two, COLS = ROWS or 2 ROWS), recursive doubling along
//              each row, then the transpose exchange (docs/mapping.md)
//   sigint     a ring that PE 0 interrupts with SIGINT after `iterations` laps (tests the CLI's interrupt)
//
// Payloads are `bytes` modelled but at most real_payload_max real bytes: a pattern of the source
// and the iteration that the receiver checks, together with the modelled size. A 1 GiB message
// costs the network model 1 GiB and the host 64 bytes.

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "weft/named_registry.hpp"
#include "weft/program.hpp"
#include "weft/run_budget.hpp"

namespace weft::programs {

struct params {
  std::int64_t bytes = 8;  ///< modelled payload size (real: up to real_payload_max of it)
  int iterations = 1;
  /// nas-cg: a barrier at the head of each of its communication sets (seed 004's "TAC3 with a
  /// barrier per CCS"), so messages of one set never meet those of the next.
  bool barrier_per_ccs = false;
  /// nas-cg: each exchange first trades a zero-byte ready message with its partner, so its data
  /// leaves only once the partner's receive is posted: MPI's rendezvous protocol for large
  /// messages, which keeps a PE from running ahead into the next set (docs/mapping.md).
  bool rendezvous = false;
};

/// Real bytes a built-in program sends per message, at most: what its receivers check.
inline constexpr std::int64_t real_payload_max = 64;

struct entry {
  std::string name;
  std::string help;
  program (*make)(const params&);
  /// What the program keeps in flight on `procs` PEs, for the memory estimate.
  traffic_hint (*traffic)(const params&, int procs) = nullptr;
  int min_procs = 1;  ///< fewer PEs is an argument error, refused before the run
  bool sized = true;  ///< uses params::bytes and params::iterations (the demos of failure do not)
  /// Any other rule on the PE count: empty if `procs` is fine, else what is allowed. Null: none.
  std::string (*procs_rule)(int procs) = nullptr;
};

class registry {
 public:
  void add(entry e) { entries_.add(std::move(e)); }
  /// Throws std::invalid_argument for bad params or an unknown name (listing the known ones).
  program make(std::string_view name, const params& p) const;
  /// Throws std::invalid_argument for an unknown name (listing the known ones).
  const entry& find(std::string_view name) const { return entries_.find(name); }
  /// Throws std::invalid_argument "<name> needs at least N PEs (--procs P)" if `procs` is too few.
  void check_procs(std::string_view name, int procs) const;
  const std::vector<entry>& entries() const { return entries_.entries(); }
  /// The traffic of program `name` (which make() has accepted) on `procs` PEs.
  traffic_hint traffic(std::string_view name, const params& p, int procs) const;

 private:
  named_registry<entry> entries_{"program"};
};

void register_builtin_programs(registry& r);

/// A program as the command line names it: NAME, or NAME:ARGS for a program that takes them.
/// `nas-cg:ROWSxCOLS` names NPB CG's process grid, which fixes the PE count (seed 004: 8x8 for 64
/// tasks, 4x8 — the paper's "8x4" — for 32). Throws std::invalid_argument naming what is allowed.
struct program_choice {
  std::string name;  ///< the registry's name
  int procs = 0;     ///< the PE count the arguments fix; 0: any
};
program_choice parse_program_choice(std::string_view text);
/// The PE count to run: the choice's, or --procs (`given`: whether it was on the command line),
/// or 0 for the machine's default. Throws when --procs contradicts the choice.
int choose_procs(const program_choice& choice, const std::string& text, bool given, int procs);

/// Refuses params::barrier_per_ccs and params::rendezvous for a program other than nas-cg.
void check_nas_cg_only(const program_choice& choice, const params& p);

/// NPB CG's process grid for `procs` PEs: ROWS = 2^floor(log2(P) / 2), COLS = P / ROWS.
int nas_cg_rows(int procs);

program pingpong(const params& p);
program ring(const params& p);
program alltoall(const params& p);
program deadlock(const params& p);
program overflow(const params& p);
program sigint(const params& p);
program nas_cg(const params& p);

}  // namespace weft::programs
