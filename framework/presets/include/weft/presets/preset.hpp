#pragma once
// Machine presets: a named machine (topology, routing, link model, default PE count and named
// rank->node mappings) described in a TOML data file, e.g. framework/presets/ha-pacs-tca.toml.
// Keys: name, topology (required), summary, routing, network (the link model's network: message),
// procs, a [link] table (the cost_model's
// fields, values as text with units: alpha = "1.5us", bandwidth = "3.5GB/s") and a [mappings]
// table of node-id arrays. Any other key is an error, so a misspelling cannot pass unnoticed.
//
//   auto p = weft::presets::load("ha-pacs-tca");          // or a path to a .toml file
//   weft::machine m(p.topology, p.model, p.routing);      // weft/machine.hpp (weft_runtime)
//   weft::run_options opt;
//   opt.node_of_rank = weft::presets::mapping_for(&p, "fig11", p.procs, m.topo().node_count());
//   auto report = m.run(p.procs, program, opt);

#include <filesystem>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "weft/cost_model.hpp"
#include "weft/topology.hpp"

namespace weft::presets {

struct preset {
  std::string name;         ///< what `--machine` selects
  std::string summary;      ///< one line for `weft machines`
  std::string topology;     ///< a topology spec ("torus:2x8")
  std::string routing;      ///< empty: the topology's own
  cost_model model;
  int procs = 0;            ///< PEs of a full-machine run (the compute nodes); 0 if not given
  std::vector<std::pair<std::string, std::vector<node_id>>> mappings;  ///< named rank->node maps
  std::string source;       ///< the file it came from
};

/// Folders searched for `<name>.toml`: $WEFT_PRESET_PATH (colon-separated), then
/// share/weft/presets beside the installed library (docs/install.md).
std::vector<std::filesystem::path> search_path();
/// Every preset found on the search path, by name (the first of a name wins).
std::vector<preset> list();
/// True if `spec` names a preset on the search path or is a path ending in ".toml".
bool is_preset(std::string_view spec);
/// A preset by name or path; an unknown name throws std::invalid_argument listing the known ones.
preset load(std::string_view name_or_path);
/// Parses preset text (`source` names it in errors); throws std::invalid_argument naming the
/// source, the line where the TOML parser knows it, and the field (unknown keys included).
preset parse(std::string_view toml_text, const std::string& source);

/// A rank->node mapping for `procs` PEs: "identity" or "" (returns an empty vector: PE i on
/// node i), a name from the preset's [mappings], or "file:PATH" / the path of an existing file
/// (node ids separated by blanks, commas or newlines, '#' comments). Named and file mappings
/// give their first `procs` entries (all of them when procs <= 0) and every one must be below
/// `nodes`. `p` may be null (then only identity and files). Throws std::invalid_argument naming
/// the mapping: too few entries, an id outside the machine, or an unknown name (listing the
/// known ones).
std::vector<node_id> mapping_for(const preset* p, std::string_view spec, int procs, node_id nodes);
/// Reads a mapping file (see mapping_for): node ids 0 .. 2^31-1; anything else is an error
/// naming the file, the line and the word.
std::vector<node_id> read_mapping_file(const std::filesystem::path& file);

}  // namespace weft::presets
