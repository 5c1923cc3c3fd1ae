#include "weft/topo/edge_list.hpp"

#include "weft/io/input_file.hpp"

#include <cctype>
#include <fstream>
#include <memory>
#include <sstream>
#include <stdexcept>
#include <unordered_map>
#include <unordered_set>

namespace weft::topo {

namespace {

bool valid_name(const std::string& s) {
  if (s.empty() || s == "->" || s == "node") return false;
  for (char c : s)
    if (!(std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '.' || c == '-' || c == ':')) return false;
  return true;
}

/// Nodes that cannot reach or be reached from node 0 (first one found), or -1.
node_id unreachable(const topology& t, bool reverse) {
  std::vector<std::vector<node_id>> in;
  if (reverse) {
    in.resize(static_cast<std::size_t>(t.node_count()));
    for (const auto& l : t.links()) in[static_cast<std::size_t>(l.to)].push_back(l.from);
  }
  std::vector<char> seen(static_cast<std::size_t>(t.node_count()), 0);
  std::vector<node_id> queue{0};
  seen[0] = 1;
  for (std::size_t h = 0; h < queue.size(); ++h) {
    auto visit = [&](node_id v) {
      if (!seen[static_cast<std::size_t>(v)]) {
        seen[static_cast<std::size_t>(v)] = 1;
        queue.push_back(v);
      }
    };
    if (reverse)
      for (node_id u : in[static_cast<std::size_t>(queue[h])]) visit(u);
    else
      for (link_id l : t.out_links(queue[h])) visit(t.link_at(l).to);
  }
  for (node_id v = 0; v < t.node_count(); ++v)
    if (!seen[static_cast<std::size_t>(v)]) return v;
  return -1;
}

}  // namespace

edge_list::edge_list(std::string spec, std::vector<std::string> names,
                     const std::vector<std::pair<node_id, node_id>>& links)
    : topology(std::move(spec), static_cast<node_id>(names.size())), names_(std::move(names)) {
  // Repeated edges merge (the first one stays); a hash set instead of add_link's scan of the
  // node's links keeps a hub with many neighbours linear.
  std::unordered_set<std::int64_t> seen;
  for (auto [a, b] : links)
    if (seen.insert(static_cast<std::int64_t>(a) << 32 | b).second) add_new_link(a, b);
  finalize();
}

std::unique_ptr<edge_list> edge_list::read(const std::string& path) {
  // A folder, a device or a missing file is named as such; lines may end in CRLF.
  auto in = io::open_input(path, "edge-list file");
  const std::string shown = io::printable(path);  // a file's bytes quoted below are escaped the same way
  std::vector<std::string> names;
  std::unordered_map<std::string, std::pair<node_id, int>> ids;  // name -> (id, line declared)
  std::vector<std::pair<node_id, node_id>> links;
  std::string line;
  int number = 0;
  auto where = [&] { return "edge-list file '" + shown + "' line " + std::to_string(number) + ": "; };
  auto lookup = [&](const std::string& name) {
    auto it = ids.find(name);
    if (it == ids.end())
      throw std::invalid_argument(where() + "node '" + io::printable(name) + "' is not declared (declare it first with 'node " + io::printable(name) + "')");
    return it->second.first;
  };
  while (io::read_line(in, line, "edge-list file '" + shown + "'")) {
    ++number;
    if (auto hash = line.find('#'); hash != std::string::npos) line.erase(hash);
    std::istringstream words(line);
    std::vector<std::string> w;
    for (std::string s; words >> s;) w.push_back(s);
    if (w.empty()) continue;
    if (w.size() == 2 && w[0] == "node") {
      if (!valid_name(w[1]))
        throw std::invalid_argument(where() + "bad node name '" + io::printable(w[1]) + "' (letters, digits, _ . - : only)");
      auto [it, fresh] = ids.emplace(w[1], std::pair{static_cast<node_id>(names.size()), number});
      if (!fresh)
        throw std::invalid_argument(where() + "node '" + w[1] + "' is declared twice (first on line " +
                                    std::to_string(it->second.second) + "); each node is declared once");
      names.push_back(w[1]);
    } else if ((w.size() == 2 || (w.size() == 3 && w[1] == "->")) && valid_name(w[0]) && valid_name(w.back())) {
      node_id a = lookup(w[0]), b = lookup(w.back());
      if (a == b) throw std::invalid_argument(where() + "self-loop at node '" + w[0] + "' (a link joins two different nodes)");
      links.push_back({a, b});
      if (w.size() == 2) links.push_back({b, a});
    } else {
      // "-m file:p.toml": file: names an edge list; a preset is named by its path alone.
      const bool toml = path.size() > 5 && path.compare(path.size() - 5, 5, ".toml") == 0;
      throw std::invalid_argument(where() + "cannot read '" + io::printable(line) +
                                  "' (expected 'node NAME', 'A B' for an edge or 'A -> B' for a one-way link)" +
                                  (toml ? "; 'file:' names an edge list: give a preset .toml without 'file:'" : ""));
    }
  }
  if (names.empty()) throw std::invalid_argument("edge-list file '" + shown + "' declares no nodes (expected lines 'node NAME')");
  std::unique_ptr<edge_list> graph(new edge_list("file:" + path, std::move(names), links));
  for (bool reverse : {false, true})
    if (node_id v = unreachable(*graph, reverse); v >= 0)
      throw std::invalid_argument("edge-list file '" + shown + "' is not connected: node '" + graph->name(v) +
                                  (reverse ? "' cannot reach node '" : "' cannot be reached from node '") +
                                  graph->name(0) + "' (every node must reach every other)");
  return graph;
}

}  // namespace weft::topo
