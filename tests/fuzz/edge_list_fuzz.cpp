// Fuzzes edge-list files ("file:PATH" topologies): the input is the file's text. Properties:
//   - reading either succeeds or throws std::invalid_argument (anything else is a finding);
//   - a graph that reads is well formed and strongly connected (topology_checks.hpp), every node
//     has a distinct name, and its spec is "file:PATH";
//   - written back as an edge list ("node NAME" lines, then "A -> B" per link) it reads into the
//     same graph;
//   - shortest-path routing (the default for files) reaches every destination.
#include <cstdint>
#include <filesystem>
#include <fstream>
#include <string>
#include <unistd.h>

#include "topology_checks.hpp"
#include "weft/topo/edge_list.hpp"

namespace {

// In $TMPDIR (run.sh points it at /dev/shm when it can: every input is written to a file).
std::string scratch(const char* what) {
  return (std::filesystem::temp_directory_path() /
          ("weft_fuzz_" + std::to_string(::getpid()) + "_" + what + ".edges")).string();
}

void write(const std::string& path, const char* data, std::size_t size) {
  std::ofstream out(path, std::ios::binary | std::ios::trunc);
  out.write(data, static_cast<std::streamsize>(size));
}

const weft::topology_registry& topologies() {
  static const weft::topology_registry r = [] {
    weft::topology_registry t;
    weft::register_builtin_topologies(t);
    return t;
  }();
  return r;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size > 4096) return -1;
  static const std::string path = scratch("input"), copy = scratch("copy");
  write(path, reinterpret_cast<const char*>(data), size);
  std::unique_ptr<weft::topology> topo;
  try {
    topo = topologies().make("file:" + path);
  } catch (const std::invalid_argument&) {
    return 0;
  }
  using weft::fuzz::fail;
  weft::fuzz::check_structure(*topo);
  if (topo->spec() != "file:" + path) fail("spec is not file:PATH", topo->spec());
  const auto& graph = dynamic_cast<const weft::topo::edge_list&>(*topo);
  std::set<std::string> names;
  std::string text;
  for (weft::node_id v = 0; v < graph.node_count(); ++v) {
    if (!names.insert(graph.name(v)).second) fail("two nodes share a name", graph.name(v));
    text += "node " + graph.name(v) + "\n";
  }
  for (const auto& l : graph.links()) text += graph.name(l.from) + " -> " + graph.name(l.to) + "\n";
  write(copy, text.data(), text.size());
  auto again = weft::topo::edge_list::read(copy);
  if (again->node_count() != graph.node_count() || again->links().size() != graph.links().size())
    fail("written back, the graph reads differently", text);
  for (std::size_t i = 0; i < graph.links().size(); ++i)
    if (again->links()[i].from != graph.links()[i].from || again->links()[i].to != graph.links()[i].to)
      fail("written back, the links read differently", text);
  if (graph.node_count() <= 256) {
    weft::routing_registry routings;
    weft::register_builtin_routings(routings);
    weft::fuzz::check_routes(graph, *routings.make(graph.default_routing(), graph));
  }
  return 0;
}
