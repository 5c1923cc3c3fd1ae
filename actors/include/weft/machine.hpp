#pragma once
// A machine = topology + routing + link model; `run` executes a PE program on it. Part of the
// runtime library (weft_runtime), which defines run() in src/runtime.cpp.

#include <atomic>
#include <cstddef>
#include <cstring>
#include <functional>
#include <memory>
#include <span>
#include <string>
#include <string_view>
#include <type_traits>
#include <vector>

#include "weft/cost_model.hpp"
#include "weft/pe.hpp"
#include "weft/program.hpp"
#include "weft/report.hpp"
#include "weft/run_budget.hpp"
#include "weft/topology.hpp"

namespace weft {

namespace detail {
class rank_link;
}

/// How PE actors are placed on host cores (see docs/model.md, "Placement").
enum class pin_policy { none, compact, scatter };
pin_policy parse_pin_policy(std::string_view text);
std::string to_string(pin_policy p);

/// Whether a phase's work (engine windows, PE slices) is shared with helper workers:
/// `adaptive` times both ways and takes the faster (docs/model.md, "PEs, fibers and placement"); `always` and
/// `never` fix it (for benchmarks); `alternate` switches every phase (for tests: results
/// must not change). Only wall-clock time ever depends on it.
enum class sharing_policy { adaptive, always, never, alternate };
sharing_policy parse_sharing_policy(std::string_view text);
std::string to_string(sharing_policy p);

/// Where a run's times come from (docs/model.md, "Clocks"). `virtual_time` (the default): the
/// engine's modelled, deterministic clock. `wall`: the host's own, measured: every message is
/// delivered as soon as it is sent, across moodycamel queues between pinned workers, and no link
/// or host cost is applied; the report says `"clock": "wall"`, `"deterministic": false`.
enum class clock_mode { virtual_time, wall };
clock_mode parse_clock_mode(std::string_view text);
std::string to_string(clock_mode c);

/// How far a run has come, for a progress display (host facts: wall time, counts so far).
struct run_progress {
  double wall_seconds = 0;
  vtime reached{};               ///< latest message arrival so far
  std::uint64_t events = 0;      ///< engine events committed
  std::uint64_t delivered = 0;   ///< messages delivered
  bool finished = false;         ///< the last call: the run has ended (clear the display)
};

/// What a PE program leaves outside the report, per PE (coll's per-PE times, cg's rows of the
/// solution), for a distributed run (run_options::ranks), where each PE runs in one process and
/// every process needs every PE's after the run: pack(pe, out) appends what PE `pe` left here,
/// unpack(pe, bytes) stores another process's. Unset: nothing to share.
struct pe_results {
  std::function<void(int pe, std::vector<std::byte>& out)> pack;
  std::function<void(int pe, std::span<const std::byte> bytes)> unpack;
};

/// pe_results for a vector indexed by PE of plain values (T trivially copyable).
template <class T>
pe_results share_per_pe(std::vector<T>& per_pe) {
  static_assert(std::is_trivially_copyable_v<T>);
  return {[&per_pe](int pe, std::vector<std::byte>& out) {
            const auto* p = reinterpret_cast<const std::byte*>(&per_pe[static_cast<std::size_t>(pe)]);
            out.insert(out.end(), p, p + sizeof(T));
          },
          [&per_pe](int pe, std::span<const std::byte> bytes) {
            std::memcpy(&per_pe[static_cast<std::size_t>(pe)], bytes.data(), sizeof(T));
          }};
}

struct run_options {
  int workers = 0;                     ///< worker threads; 0 = the host's core count
  pin_policy pin = pin_policy::none;
  sharing_policy sharing = sharing_policy::adaptive;
  clock_mode clock = clock_mode::virtual_time;
  bool trace = false;                  ///< record PE spans and link occupancy for --trace
  bool record_messages = false;        ///< list every message received in report.trace.messages
  bool record_calls = false;           ///< log every PE's communication calls in report.calls (--comm-log)
  std::int64_t stack_bytes = 64 * 1024;  ///< per-PE fiber stack (raise with --stack-size)
  /// PEs take turns on a few fiber stacks, a blocked PE's frames copied out to the heap (about
  /// 1 KiB against a 4 KiB page of its own stack; each switch copies them): --stacks shared.
  /// Virtual clock only. Never changes a result.
  bool shared_stacks = false;
  std::vector<node_id> node_of_rank;   ///< PE→node mapping; empty = PE i on node i
  /// How the nodes are split among the engine's partitions (one per worker): each node's
  /// partition for `parts` of them. Empty: contiguous blocks of node ids. Never changes a result.
  std::function<std::vector<int>(int parts)> partition;
  std::string partition_name = "blocks";  ///< what `partition` is, for the report's host section
  std::string program_name = "program";
  /// Refuse the run (std::invalid_argument, before anything is built) when its memory
  /// estimate (weft/run_budget.hpp) exceeds this; -1: default_memory_limit(); 0: no limit.
  std::int64_t max_memory_bytes = -1;
  traffic_hint traffic;  ///< what the program keeps in flight, for the estimate
  /// Checked at every phase boundary: once true, the run stops there and its report says
  /// `interrupted` (the CLI sets it from SIGINT). Null: never stopped.
  const std::atomic<bool>* stop = nullptr;
  /// Called between phases at most every 1/4 s of wall time, and once with `finished` at the
  /// end; on the thread that runs the engine, so it must be quick.
  std::function<void(const run_progress&)> progress;
  /// A distributed run (--engine mpi, docs/distributed.md): this process is one rank of the
  /// emulation and holds the nodes of one partition, with their PEs; run() is then collective,
  /// and only rank 0's report is whole. Null: the whole machine in this process.
  detail::rank_link* ranks = nullptr;
  /// In a distributed run, what each PE left outside the report, shared with every process.
  pe_results results;
};

/// Refuses (std::invalid_argument) shared stacks on the wall clock, where PEs run at once and would
/// wait for each other's stacks. machine::run checks it; a command may check it before any output.
void check_stack_choice(const run_options& options);

/// The memory checks, made from the topology spec's size before anything is built (a
/// hypercube:24 took a minute to build before check_run could refuse it): the topology itself
/// ("topology SPEC needs about X GiB, more than --max-memory Y GiB", as 'weft topo' says), then
/// the run of `procs` PEs as check_run estimates it (`procs` 0: the machine's network state
/// alone). A family without a size (a file, the trees) is checked on its PEs alone here, and in
/// full by check_run once built.
/// Throws std::invalid_argument; the limit is options.max_memory_bytes.
void check_memory_before_building(std::string_view topology_spec, std::string_view routing, const cost_model& model,
                                  int procs, const run_options& options);

class machine {
 public:
  /// Builds from a topology spec ("torus:8x8", "ring:16", ...); `routing` empty = the
  /// topology's default. Throws std::invalid_argument on a bad spec.
  explicit machine(std::string_view topology_spec, cost_model model = {}, std::string_view routing = {});
  /// Builds from a topology and a routing made elsewhere (a family or routing of one's own).
  machine(std::shared_ptr<const topology> topo, std::shared_ptr<const weft::routing> routing, cost_model model = {});

  const topology& topo() const { return *topology_; }
  const weft::routing& route() const { return *routing_; }
  const cost_model& model() const { return model_; }
  /// Throws std::invalid_argument, as the constructor, when `m` is out of range or its network
  /// cannot run this machine's routing.
  void set_model(const cost_model& m);

  /// Runs `prog` on `procs` PEs and returns the report (never throws for a deadlock or a
  /// failing PE program: the report says so). Throws std::invalid_argument for bad options.
  report run(int procs, const program& prog, const run_options& options = {}) const;
  /// The checks run() makes before it starts (PE count and mapping, workers, stack size, the
  /// memory estimate against --max-memory), for callers that want them before printing anything.
  void check_run(int procs, const run_options& options = {}) const;

 private:
  std::shared_ptr<const topology> topology_;
  std::shared_ptr<const weft::routing> routing_;
  cost_model model_;
};

}  // namespace weft
