#pragma once
// A machine = topology + routing + link model; `run` executes a PE program on it.

#include <functional>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "weft/link_model.hpp"
#include "weft/pe.hpp"
#include "weft/report.hpp"
#include "weft/topology.hpp"

namespace weft {

/// A PE program: one blocking-style function run by every PE.
using program = std::function<void(pe&)>;

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

struct run_options {
  int workers = 0;                     ///< worker threads; 0 = the host's core count
  pin_policy pin = pin_policy::none;
  sharing_policy sharing = sharing_policy::adaptive;
  bool trace = false;                  ///< record PE spans and link occupancy for --trace
  std::int64_t stack_bytes = 64 * 1024;  ///< per-PE fiber stack (raise with --stack-size)
  std::vector<node_id> node_of_rank;   ///< PE→node mapping; empty = PE i on node i
  std::string program_name = "program";
};

class machine {
 public:
  /// Builds from a topology spec ("torus:8x8", "ring:16", ...); `routing` empty = the
  /// topology's default. Throws std::invalid_argument on a bad spec.
  explicit machine(std::string_view topology_spec, link_model model = {}, std::string_view routing = {});
  /// Builds from a topology and a routing made elsewhere (a family or routing of one's own).
  machine(std::shared_ptr<const topology> topo, std::shared_ptr<const weft::routing> routing, link_model model = {});

  const topology& topo() const { return *topology_; }
  const weft::routing& route() const { return *routing_; }
  const link_model& model() const { return model_; }
  void set_model(const link_model& m) {
    m.validate();
    model_ = m;
  }

  /// Runs `prog` on `procs` PEs and returns the report (never throws for a deadlock or a
  /// failing PE program: the report says so). Throws std::invalid_argument for bad options.
  report run(int procs, const program& prog, const run_options& options = {}) const;

 private:
  std::shared_ptr<const topology> topology_;
  std::shared_ptr<const weft::routing> routing_;
  link_model model_;
};

}  // namespace weft
