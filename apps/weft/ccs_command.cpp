// weft ccs LOG [--json FILE] [--machine SPEC [--routing R] [--bandwidth BW] [--placement FILE]]
// Reads a communication log (JSON Lines, docs/mapping.md), prints its Concurrent Communication
// Sets (seed 004, Fig. 2) and, given a machine, the objectives of a placement: the tasks placed
// in order (task i on node i), or as --placement's mapping file says. The work lives in
// algorithms/mapping/.
//
//   log ──read──> calls per PE ──Fig. 2──> CCS 0, CCS 1, ... ──routes──> hop-bytes, TAHB, RMATT-O2F, TAC3
#include <CLI/CLI.hpp>
#include <cstdio>
#include <iostream>
#include <memory>
#include <nlohmann/json.hpp>
#include <optional>
#include <stdexcept>
#include <string>

#include "cli_output.hpp"
#include "commands.hpp"
#include "weft/mapping/ccs.hpp"
#include "weft/mapping/objectives.hpp"
#include "weft/presets/preset.hpp"
#include "weft/units.hpp"

namespace weft::cli {

namespace {

struct ccs_options {
  std::string log, json, machine, routing, bandwidth, placement_file;
  bool verbose = false;  ///< every message of every set, not the first few
};

// Messages a set's line shows without --verbose: an all-to-all's one set of 240 messages made a
// line of 3,000 characters; the rest are counted, and --json holds them all.
constexpr std::size_t shown_messages = 8;

// Exact sizes where they are whole KiB or MiB ("1MiB", "48KiB", "100B"): the sets are read by eye.
std::string exact_bytes(std::int64_t b) {
  if (b > 0 && b % (1 << 20) == 0) return std::to_string(b >> 20) + "MiB";
  if (b > 0 && b % (1 << 10) == 0) return std::to_string(b >> 10) + "KiB";
  return std::to_string(b) + "B";
}

// RMATT-O2F is bytes^2 * hops: a double, printed whole rather than as 9.14794e+14.
std::string fixed_text(double x) {
  char buf[64];
  std::snprintf(buf, sizeof buf, "%.0f", x);
  return buf;
}

// Refused before anything is read: machine options given without a machine.
void check_machine_options(const ccs_options& o) {
  if (o.machine.empty() && (!o.routing.empty() || !o.bandwidth.empty() || !o.placement_file.empty()))
    throw std::invalid_argument(std::string(!o.placement_file.empty() ? "--placement" : o.routing.empty() ? "--bandwidth" : "--routing") +
                                " needs --machine");
}

// The placement to score: --placement's file (one task per node, every task placed: as weft map
// --out writes) or task i on node i; either is checked against the machine.
mapping::placement read_placement(const ccs_options& o, int tasks, const mapping::machine_routes& machine) {
  if (o.placement_file.empty()) {
    mapping::placement where = mapping::identity_placement(tasks);
    mapping::check_placement(where, tasks, machine);
    return where;
  }
  mapping::placement where = presets::read_mapping_file(o.placement_file);
  if (static_cast<int>(where.size()) != tasks)
    throw std::invalid_argument("--placement " + o.placement_file + " places " + std::to_string(where.size()) +
                                " tasks; the log has " + std::to_string(tasks));
  try {
    mapping::check_placement(where, tasks, machine);
  } catch (const std::invalid_argument& e) {
    throw std::invalid_argument("--placement " + o.placement_file + ": " + e.what());
  }
  return where;
}

// Prints the sets, one line each (its first messages, or all with --verbose), and a summary;
// fills the JSON's "sets" (every message) and counts.
void print_sets(const ccs_options& o, const mapping::comm_log& log, const mapping::ccs_result& sets, nlohmann::json& j) {
  std::size_t calls = 0, messages = 0, largest = 0;
  std::int64_t bytes = 0;
  for (const auto& pe : log.pes) calls += pe.size();
  j["log"] = o.log;
  j["tasks"] = sets.tasks;
  j["calls"] = calls;
  j["rounds"] = sets.rounds;
  j["sets"] = nlohmann::json::array();
  std::cout << "weft ccs: " << o.log << ", " << sets.tasks << " PEs, " << calls << " point-to-point calls, " << sets.sets.size()
            << (sets.sets.size() == 1 ? " concurrent communication set in " : " concurrent communication sets in ") << sets.rounds << " rounds (Fig. 2)\n";
  for (std::size_t k = 0; k < sets.sets.size(); ++k) {
    const auto& s = sets.sets[k];
    std::cout << "CCS " << k << ": " << s.messages.size() << (s.messages.size() == 1 ? " message: " : " messages: ");
    nlohmann::json js{{"ccs", k}, {"round", s.round}, {"messages", nlohmann::json::array()}};
    for (std::size_t i = 0; i < s.messages.size(); ++i) {
      const auto& m = s.messages[i];
      if (o.verbose || i < shown_messages) std::cout << (i ? ", " : "") << m.src << "->" << m.dst << " " << exact_bytes(m.bytes);
      js["messages"].push_back({{"src", m.src}, {"dst", m.dst}, {"bytes", m.bytes}});
      bytes += m.bytes;
    }
    if (!o.verbose && s.messages.size() > shown_messages)
      std::cout << ", ... and " << s.messages.size() - shown_messages << " more (every message: --json FILE or --verbose)";
    std::cout << "\n";
    messages += s.messages.size();
    largest = std::max(largest, s.messages.size());
    j["sets"].push_back(std::move(js));
  }
  std::cout << "summary: " << sets.sets.size() << (sets.sets.size() == 1 ? " set, " : " sets, ") << messages << " messages, "
            << format_bytes(bytes) << "; largest set " << largest << " messages\n";
}

// Prints the placement's objectives on the machine; fills the JSON's "objectives".
void print_objectives(const ccs_options& o, const mapping::machine_routes& machine, const mapping::objective_values& v,
                      vtime tac3_time, nlohmann::json& j) {
  std::cout << "objectives on " << machine.description()
            << (o.placement_file.empty() ? ", task i on node i" : ", placement " + o.placement_file) << ":\n"
            << "  hop-bytes   " << v.hop_bytes << "\n"
            << "  TAHB        " << v.tahb << "\n"
            << "  max link    " << v.max_link_bytes << " bytes\n"
            << "  RMATT-O2F   " << fixed_text(v.rmatt_o2f) << " (TAHB x max link)\n"
            << "  TAC3        " << format_time(tac3_time) << " at " << (o.bandwidth.empty() ? "5GB/s" : o.bandwidth)
            << " (" << v.tac3_bytes << " bytes x collisions); collisions per set:";
  for (int c : v.coll_per_ccs) std::cout << " " << c;
  std::cout << "\n";
  j["objectives"] = {{"machine", machine.description()},
                     {"placement", o.placement_file.empty() ? "identity" : o.placement_file},
                     {"hop_bytes", v.hop_bytes},
                     {"tahb", v.tahb},
                     {"max_link_bytes", v.max_link_bytes},
                     {"rmatt_o2f", v.rmatt_o2f},
                     {"tac3_bytes", v.tac3_bytes},
                     {"tac3_ps", tac3_time.ps},
                     {"tac3_per_ccs", v.tac3_per_ccs},
                     {"coll_per_ccs", v.coll_per_ccs}};
}

int run(const ccs_options& o) {
  check_machine_options(o);
  check_outputs({{"--json", o.json}}, {{"the communication log", o.log}, {"--placement", o.placement_file}});
  const byte_time per_byte = parse_bandwidth(o.bandwidth.empty() ? "5GB/s" : o.bandwidth, "--bandwidth");
  if (per_byte.is_zero()) throw std::invalid_argument("--bandwidth must be finite for TAC3");
  const auto log = mapping::read_comm_log_file(o.log);
  const auto sets = mapping::extract_ccs(log);
  std::optional<mapping::machine_routes> machine;
  mapping::placement where;
  if (!o.machine.empty()) {  // refused before anything is printed
    machine.emplace(mapping::machine_routes::from_spec(o.machine, o.routing));
    where = read_placement(o, sets.tasks, *machine);
  }

  // Before any output, so that a refusal is one line: objectives that would wrap (the
  // evaluator checks) and a TAC3 time past the virtual clock (tac3() checks).
  std::optional<mapping::objective_values> values;
  vtime tac3_time{};
  if (machine) {
    mapping::objective_evaluator eval(sets, *machine);
    values = eval.evaluate(where);
    tac3_time = values->tac3(per_byte);
  }

  nlohmann::json j;
  print_sets(o, log, sets, j);
  if (machine) print_objectives(o, *machine, *values, tac3_time, j);
  write_file(o.json, "--json", "communication sets, JSON", [&](std::ostream& out) { out << j.dump(2) << "\n"; });
  return 0;
}

}  // namespace

command_runner add_ccs_command(CLI::App& app) {
  auto options = std::make_shared<ccs_options>();
  auto* sub = app.add_subcommand("ccs", "extract the Concurrent Communication Sets of a communication log "
                                        "(Morie & Nanri, Fig. 2) and score a placement (task i on node i, or --placement) on a machine");
  sub->add_option("log", options->log, "communication log (JSON Lines, as written by --comm-log)")->required();
  sub->add_option("--json", options->json, "write the sets (and objectives) as JSON to FILE");
  sub->add_option("--machine,-m", options->machine, "topology spec to score on, e.g. tofu:1x2x4, torus:4x4 (task i on node i)");
  sub->add_option("--routing,-r", options->routing, "static routing name[:args] (default: the family's own)");
  sub->add_option("--bandwidth", options->bandwidth, "link bandwidth B for TAC3 (default 5GB/s, the FX10's)");
  sub->add_option("--placement", options->placement_file,
                  "score this placement instead of task i on node i: a mapping file (line i: the node of task i), "
                  "as weft map --out writes");
  sub->add_flag("--verbose,-v", options->verbose,
                "list every message of every set (without it, a set's line shows its first " + std::to_string(shown_messages) +
                    " and counts the rest)");
  sub->footer("Docs: docs/mapping.md");
  return [sub, options] { return sub->parsed() ? run(*options) : -1; };
}

}  // namespace weft::cli
