#pragma once
// Simulated annealing for task placement (seed 004 §5.3, issue 14 §4). docs/mapping.md, section
// "Search", states the schedule, the normalization, the moves and the incremental update.
//
//   T = T0; while T > T_end: { trials_per_temperature moves; T *= cooling }
//   move: task a, node n != π(a) drawn uniformly; n's task b (if any) takes π(a), a takes n
//   accept if Δ <= 0, else with probability exp(-(Δ / cost(start)) / T)
//
// incremental_cost keeps, per CCS, the messages' per-link counts (TAC3) and, over the whole log,
// the bytes per link (max link of RMATT-O2F), and updates them on a move by removing and adding
// the routes of the messages of the moved tasks only. Its cost equals objective_evaluator's on the
// same placement, exactly (tests/mapping/anneal_test.cpp checks it after every move).

#include <atomic>
#include <cstdint>
#include <random>
#include <string>
#include <string_view>
#include <vector>

#include "weft/mapping/objectives.hpp"

namespace weft::mapping {

/// The objective the search minimizes.
enum class objective_kind {
  hop_bytes,  ///< hop-bytes = TAHB (the same number, docs/mapping.md §3)
  rmatt_o2f,  ///< TAHB × max link bytes
  tac3,       ///< TAC3 × B
};

/// "hop-bytes", "tahb", "rmatt-o2f", "tac3"; throws std::invalid_argument naming the known ones.
objective_kind parse_objective(std::string_view name);
std::string to_string(objective_kind k);

/// The objective of a placement, kept up to date move by move.
class incremental_cost {
 public:
  /// Keeps references: `sets` and `machine` must outlive it. Starts at `start` (checked).
  incremental_cost(const ccs_result& sets, const machine_routes& machine, objective_kind kind, const placement& start);

  /// Moves task `a` to node `n`; the task on `n`, if any, moves to a's old node. Returns the new
  /// cost. Applying the same move again (with the two nodes exchanged) restores the state exactly.
  double move(int a, node_id n);
  double cost() const;  ///< the objective as a double (exact for integer objectives below 2^53)
  /// What the search compares: cost() plus, for TAC3, a tie-break below one TAC3 step.
  /// TAC3 alone is a plateau (a move rarely changes a set's largest count), so the search would
  /// wander blind and end with collisions (0 runs in 10 collision-free on NAS CG 8x8 in the
  /// paper's job 1, seed 1; 10 in 10 with the tie-break; anneal_options::tie_break = false, weft
  /// map --search tac3-only, searches on TAC3 alone). The tie-break adds the excess collisions,
  /// Σ over sets and links of max(count − 1, 0), which falls with every message taken off a
  /// shared link, and the crowded links, Σ over sets of the links at the set's largest count,
  /// which at one message per link are the links used, so shorter routes win among
  /// collision-free placements. Both are at most messages × diameter, and the weight keeps
  /// their sum below TAC3's smallest step (the gcd of the message sizes), so a lower TAC3 always wins.
  double guide() const { return cost() + tie_weight_ * static_cast<double>(excess_ + crowd_); }
  std::int64_t excess_collisions() const { return excess_; }
  std::int64_t crowded_links() const { return crowd_; }

  std::int64_t tahb() const { return tahb_; }
  std::int64_t max_link_bytes() const;
  std::int64_t tac3_bytes() const { return tac3_; }
  const std::vector<std::int64_t>& tac3_per_ccs() const { return term_; }

  const placement& where() const { return pi_; }
  int task_on(node_id n) const { return owner_[static_cast<std::size_t>(n)]; }  ///< -1: free
  int tasks() const { return static_cast<int>(pi_.size()); }
  int nodes() const { return static_cast<int>(owner_.size()); }

 private:
  struct msg {
    int set, src, dst;
    std::int64_t bytes;
  };
  void route_tac3(const msg& m, int delta);
  void recompute_term(int set);
  std::int64_t crowd_of(int set) const;
  void touch(int task);

  const machine_routes& machine_;
  objective_kind kind_;
  int links_ = 0;
  placement pi_;
  std::vector<int> owner_;
  // TAHB / max link: the aggregated graph, per task the edges touching it.
  std::vector<message> graph_;
  std::vector<std::vector<int>> task_edges_;
  std::vector<std::int64_t> link_bytes_;
  mutable std::int64_t max_link_ = 0;
  mutable bool max_stale_ = false;
  std::int64_t tahb_ = 0;
  // TAC3: every message with its set, per task the messages touching it, per set per link the
  // count, per set a histogram of the counts (sets whose messages all have one size: term =
  // bytes × max count) or a full recount (mixed sizes).
  std::vector<msg> msgs_;
  std::vector<std::vector<int>> task_msgs_;
  std::vector<int> set_begin_;             // messages of set s: msgs_[set_begin_[s] .. set_begin_[s+1])
  std::vector<std::int64_t> uniform_bytes_;  // per set: the one size, or -1
  std::vector<int> count_;                 // set * links_ + link
  std::vector<int> hist_;                  // hist_begin_[s] + c: links of set s with count c
  std::vector<int> hist_begin_;
  std::vector<int> max_count_;
  std::vector<std::int64_t> term_;
  std::int64_t tac3_ = 0;
  std::int64_t excess_ = 0;     // Σ over sets and links of max(count − 1, 0) (guide())
  std::int64_t crowd_ = 0;      // Σ over sets of the links at the set's largest count (guide())
  double tie_weight_ = 0;       // gcd of the message sizes / (2 (messages × diameter + 1))
  // Scratch for one move.
  std::vector<int> stamp_msg_, stamp_edge_, stamp_set_;
  int stamp_ = 0;
  std::vector<int> touched_msgs_, touched_edges_, touched_sets_;
};

/// The paper's schedule (§5.3: initial temperature 10, final 1e-8, 2,500 trials per temperature,
/// cooling factor 0.9): 197 temperatures, 492,500 trials.
struct anneal_schedule {
  double t0 = 10;
  double t_end = 1e-8;
  int trials_per_temperature = 2500;
  double cooling = 0.9;
};

struct anneal_options {
  objective_kind objective = objective_kind::tac3;
  /// TAC3 only: compare incremental_cost::guide() (TAC3 plus its tie-break, weft's default) or
  /// TAC3 alone (false: the paper's search, seed 004 §5.3). Other objectives have no tie-break.
  bool tie_break = true;
  anneal_schedule schedule;
  std::uint64_t seed = 1;
  placement start;  ///< empty: identity (task i on node i)
  /// Once true (Ctrl-C), anneal_runs starts no further run and returns no result; null: never.
  const std::atomic<bool>* stop = nullptr;
};

struct anneal_result {
  placement best;
  double best_cost = 0;     ///< the objective of `best` (not normalized)
  double start_cost = 0;    ///< the objective of the start, the normalization of Δ
  std::int64_t trials = 0;
  std::int64_t accepted = 0;
  bool operator==(const anneal_result&) const = default;
};

/// One annealing run. Same inputs and seed: the same result bit for bit (own integer → double and
/// bounded-integer conversions of std::mt19937_64, no std:: distributions).
anneal_result anneal(const ccs_result& sets, const machine_routes& machine, const anneal_options& options);

/// `runs` independent runs, run r seeded with derive_seed(options.seed, r), spread over `threads`
/// worker threads (0: std::thread::hardware_concurrency). Result r is the same whatever `threads`.
/// Empty when options.stop was set before the last run finished.
std::vector<anneal_result> anneal_runs(const ccs_result& sets, const machine_routes& machine, const anneal_options& options,
                                       int runs, int threads = 0);
/// splitmix64 of seed and run index: the seed of run `run`.
std::uint64_t derive_seed(std::uint64_t seed, int run);

/// Uniform double in [0, 1) from the top 53 bits; uniform integer in [0, n) by multiply-shift with
/// rejection (Lemire). Defined here so every platform draws the same numbers.
double to_unit(std::uint64_t bits);
std::uint64_t draw_below(std::mt19937_64& g, std::uint64_t n);

}  // namespace weft::mapping
