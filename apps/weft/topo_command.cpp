// weft topo <spec> [--routing R] [--json FILE] [--dot FILE] [--svg FILE] [--list]
// Wires options to the topology library; the analysis itself lives in topologies/.
#include <CLI/CLI.hpp>
#include <fstream>
#include <iostream>
#include <nlohmann/json.hpp>
#include <stdexcept>

#include "cli_output.hpp"
#include "commands.hpp"
#include "run_control.hpp"
#include "weft/topo/analysis.hpp"
#include "weft/output/topology_drawing.hpp"
#include "weft/topology_budget.hpp"
#include "weft/topology_registry.hpp"
#include "weft/units.hpp"

namespace weft::cli {

namespace {

struct topo_options {
  std::string spec, routing, json, dot, svg, max_memory;
  bool list = false, no_deadlock = false;
};

nlohmann::json to_json(const topo::analysis& a, const topology& t) {
  nlohmann::json j;
  j["topology"] = a.spec;
  j["family"] = a.family;
  j["routing"] = a.routing;
  j["vc_classes"] = a.vc_classes;
  j["nodes"] = a.nodes;
  j["compute_nodes"] = a.compute_nodes;
  j["directed_links"] = a.links;
  j["degree"] = {{"min", a.min_degree}, {"max", a.max_degree}};
  j["distance"] = {{"diameter", a.diameter}, {"average", a.average_distance}, {"method", a.distance_method}};
  j["average_route_length"] = a.average_route_length;
  j["bisection"] = {{"lower", a.bisection_lower}, {"upper", a.bisection_upper}, {"method", a.bisection_method}};
  auto& load = j["all_to_all_load"];
  load = {{"max", a.max_load}, {"mean", a.mean_load}, {"method", a.load_method}};
  if (a.link_loads.size() <= 65536) {
    load["links"] = nlohmann::json::array();
    for (link_id l = 0; l < static_cast<link_id>(a.link_loads.size()); ++l) {
      const auto& lk = t.link_at(l);
      load["links"].push_back({{"from", lk.from}, {"to", lk.to}, {"dimension", lk.dimension},
                               {"direction", lk.direction}, {"load", a.link_loads[static_cast<std::size_t>(l)]}});
    }
  }
  auto& cdg = j["channel_dependencies"];
  cdg = {{"checked", a.deadlock.checked}, {"acyclic", a.deadlock.acyclic}, {"channels", a.deadlock.channels},
         {"dependencies", a.deadlock.dependencies}, {"note", a.deadlock.note},
         {"escape_only", a.deadlock.escape_only}};
  cdg["cycle"] = nlohmann::json::array();
  for (const auto& c : a.deadlock.cycle)
    cdg["cycle"].push_back({{"from", t.link_at(c.link).from}, {"to", t.link_at(c.link).to}, {"vc", c.vc}});
  return j;
}

int run(const topo_options& o, std::size_t given) {
  topology_registry topologies;
  register_builtin_topologies(topologies);
  routing_registry routings;
  register_builtin_routings(routings);
  if (o.list) {
    if (given > 0) throw std::invalid_argument("--list prints the topology families and routings only; drop the other options");
    std::cout << "topologies:\n";
    for (const auto& e : topologies.entries()) std::cout << "  " << e.usage << "\n      " << e.help << "\n";
    std::cout << "routings:\n";
    for (const auto& e : routings.entries()) std::cout << "  " << e.name << "\n      " << e.help << "\n";
    return 0;
  }
  if (o.spec.empty()) throw std::invalid_argument("weft topo needs a topology spec, e.g. 'weft topo torus:8x8' (see --list)");
  // Refuse before building what would not fit: links, per-node lists, routing tables.
  check_topology_memory(topologies, o.spec, o.routing, parse_max_memory(o.max_memory));
  auto t = topologies.make(o.spec);
  auto r = routings.make(o.routing.empty() ? t->default_routing() : o.routing, *t);
  // Open every output first, so a bad path fails before a long analysis.
  std::vector<file_request> inputs;
  if (o.spec.rfind("file:", 0) == 0) inputs.emplace_back("the topology spec", o.spec.substr(5));
  check_outputs({{"--json", o.json}, {"--dot", o.dot}, {"--svg", o.svg}}, inputs);
  topo::analysis_options options;
  options.check_deadlock = !o.no_deadlock;
  auto a = topo::analyse(*t, *r, options);
  topo::print_table(std::cout, a);
  write_file(o.json, "--json", "topology analysis, JSON", [&](std::ostream& out) { out << to_json(a, *t).dump(2) << "\n"; });
  write_file(o.dot, "--dot", "topology, Graphviz", [&](std::ostream& out) { topo::write_dot(out, *t, &a.link_loads); });
  write_file(o.svg, "--svg", "topology drawing", [&](std::ostream& out) { topo::write_svg(out, *t); });
  return 0;
}

}  // namespace

command_runner add_topo_command(CLI::App& app) {
  auto options = std::make_shared<topo_options>();
  auto* sub = app.add_subcommand("topo", "analyse a topology and its routing: size, degree, distances, bisection, "
                                         "all-to-all link load, channel-dependency deadlock check");
  sub->add_option("spec", options->spec, "topology spec, e.g. torus:8x8, srt1d:5,5, illiac:64, tree:2,3, file:g.txt");
  sub->add_option("--routing,-r", options->routing, "routing name[:args] (default: the family's own)");
  sub->add_option("--json", options->json, "write the analysis as JSON to FILE");
  sub->add_option("--dot", options->dot, "write a Graphviz drawing to FILE (edges labelled with load)");
  sub->add_option("--svg", options->svg, "write an SVG drawing to FILE");
  sub->add_flag("--list", options->list, "list the topology families and routings");
  sub->add_option("--max-memory", options->max_memory,
                  "refuse a topology whose estimated memory exceeds this (e.g. 8GiB; default: half the physical memory)");
  sub->add_flag("--no-deadlock-check", options->no_deadlock, "skip the channel-dependency check");
  sub->footer("Docs: docs/topologies.md");
  return [sub, options] { return sub->parsed() ? run(*options, typed_options_except(*sub, "--list")) : -1; };
}

}  // namespace weft::cli
