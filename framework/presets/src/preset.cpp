// Parsing a preset file. Every value a user types is text with its unit ("1.5us", "3.5GB/s"),
// parsed by weft's own unit parsers, so a preset reads like the command line it replaces.
#include "weft/presets/preset.hpp"

#include <algorithm>
#include <charconv>
#include <limits>
#include <span>
#include <stdexcept>
#include <toml++/toml.h>

#include "weft/detail/network_registry.hpp"

namespace weft::presets {

namespace {

// Every key the format knows. Anything else is refused: a misspelled key ("alpah") would
// otherwise leave its parameter at the default, and the run would be silently wrong.
constexpr std::string_view top_keys[] = {"name", "summary", "topology", "routing", "network", "procs", "link", "mappings"};
constexpr std::string_view link_keys[] = {"alpha",     "tau",         "bandwidth",       "hop_latency", "o_send",
                                          "o_recv",    "gap",         "poll",            "switching",   "mtu", "injection",
                                          "ports",     "flops",       "short_max",       "short_alpha", "short_tau",
                                          "short_bandwidth", "eager_max", "eager_alpha", "eager_tau", "eager_bandwidth",
                                          "chain_alpha",
                                          // the compute device's kernel model (compute(kernel))
                                          "memory_bandwidth", "kernel_overhead",
                                          // the collective library's host costs
                                          "coll_call", "coll_recv", "reduce_tau",
                                          // the packet shape (the flit network's, weft traffic's)
                                          "flit_size", "packet_flits", "cycle"};
// ... and each network's own parameters, as the network registry declares them.

/// "file.toml:12: " for a node that knows where it came from, else "file.toml: ".
std::string at(const std::string& source, const toml::source_region& where) {
  if (where.begin.line == 0) return source + ": ";
  return source + ":" + std::to_string(where.begin.line) + ": ";
}

void refuse_unknown_keys(const toml::table& table, std::span<const std::string_view> known, const std::string& source,
                         std::string_view prefix) {
  for (const auto& [key, node] : table) {
    if (std::find(std::begin(known), std::end(known), key.str()) != std::end(known)) continue;
    std::string list;
    for (auto k : known) list += (list.empty() ? "" : ", ") + std::string(k);
    throw std::invalid_argument(at(source, key.source()) + "unknown key '" + std::string(prefix) +
                                std::string(key.str()) + "' (known" +
                                (prefix.empty() ? std::string() : " in [" + std::string(prefix.substr(0, prefix.size() - 1)) + "]") +
                                ": " + list + ")");
  }
}

/// The table under `key`, or nullptr when absent; any other kind of value is an error.
const toml::table* subtable(const toml::table& doc, std::string_view key, const std::string& source) {
  const auto* node = doc.get(key);
  if (!node) return nullptr;
  if (const auto* t = node->as_table()) return t;
  throw std::invalid_argument(at(source, node->source()) + std::string(key) + " must be a table ([" + std::string(key) + "])");
}

struct reader {
  const toml::table& table;
  const std::string& source;
  std::string prefix;

  std::string where(std::string_view key) const { return source + ": " + prefix + std::string(key); }

  // Strings and integers are both accepted (an integer is a tick count or a byte count).
  std::optional<std::string> text(std::string_view key) const {
    const auto* node = table.get(key);
    if (!node) return std::nullopt;
    if (auto s = node->value_exact<std::string>()) return *s;
    if (auto i = node->value_exact<std::int64_t>()) return std::to_string(*i);
    throw std::invalid_argument(where(key) + " must be a string or an integer");
  }
  std::string required(std::string_view key) const {
    auto t = text(key);
    if (!t) throw std::invalid_argument(where(key) + " is missing");
    return *t;
  }
};

void read_link(const reader& r, cost_model& m) {
  auto time = [&](std::string_view key, vtime& into) {
    if (auto t = r.text(key)) into = parse_time(*t, r.where(key));
  };
  auto rate = [&](std::string_view per_byte, std::string_view bandwidth, byte_time& into) {
    auto a = r.text(per_byte), b = r.text(bandwidth);
    if (a && b) throw std::invalid_argument(r.where(per_byte) + " and " + std::string(bandwidth) + " both given; give one");
    if (a) into = parse_byte_time(*a, r.where(per_byte));
    if (b) into = parse_bandwidth(*b, r.where(bandwidth));
  };
  time("alpha", m.alpha);
  rate("tau", "bandwidth", m.tau);
  time("hop_latency", m.hop_latency);
  time("o_send", m.o_send);
  time("o_recv", m.o_recv);
  time("gap", m.gap);
  time("poll", m.poll);
  // These parsers name the key ("ports 'x' is not valid"); the file and table go in front.
  auto spelled = [&](std::string_view key, auto parse, auto& into) {
    auto t = r.text(key);
    if (!t) return;
    try {
      into = parse(*t);
    } catch (const std::invalid_argument& e) {
      throw std::invalid_argument(r.source + ": " + r.prefix + e.what());
    }
  };
  spelled("switching", parse_switching, m.mode);
  if (auto t = r.text("mtu")) m.mtu = parse_bytes(*t, r.where("mtu"));
  spelled("injection", parse_injection, m.inject);
  spelled("ports", parse_port_model, m.ports);
  if (auto t = r.text("flops")) m.flops = parse_flop_rate(*t, r.where("flops"));
  if (auto t = r.text("memory_bandwidth")) m.memory_time = parse_bandwidth(*t, r.where("memory_bandwidth"));
  time("kernel_overhead", m.kernel_overhead);
  if (auto t = r.text("short_max")) m.short_max = parse_bytes(*t, r.where("short_max"));
  time("short_alpha", m.short_alpha);
  rate("short_tau", "short_bandwidth", m.short_tau);
  if (auto t = r.text("eager_max")) m.eager_max = parse_bytes(*t, r.where("eager_max"));
  time("eager_alpha", m.eager_alpha);
  rate("eager_tau", "eager_bandwidth", m.eager_tau);
  time("chain_alpha", m.chain_alpha);
  time("coll_call", m.coll_call);
  time("coll_recv", m.coll_recv);
  if (auto t = r.text("reduce_tau")) m.reduce_tau = parse_byte_time(*t, r.where("reduce_tau"));
  auto count = [&](std::string_view key, int& into) {
    auto t = r.text(key);
    if (!t) return;
    auto [end, ec] = std::from_chars(t->data(), t->data() + t->size(), into);
    if (ec != std::errc{} || end != t->data() + t->size())
      throw std::invalid_argument(r.where(key) + " '" + *t + "' is not a whole number");
  };
  count("packet_flits", m.flit.packet_flits);
  // Each network's own parameters, checked against the chosen network when the model is.
  for (const auto& entry : detail::builtin_networks().entries())
    for (const auto& p : entry.params) {
      if (auto t = r.text(p.name)) m.params.set(p.name, p.value_of(*t, r.where(p.name)));
    }
  if (auto t = r.text("flit_size")) m.flit.flit_bytes = parse_bytes(*t, r.where("flit_size"));
  time("cycle", m.flit.cycle);
}

}  // namespace

preset parse(std::string_view text, const std::string& source) {
  toml::table doc;
  try {
    doc = toml::parse(text, source);
  } catch (const toml::parse_error& e) {
    throw std::invalid_argument(at(source, e.source()) + std::string(e.description()));
  }
  refuse_unknown_keys(doc, top_keys, source, "");
  reader top{doc, source, ""};
  preset p;
  p.source = source;
  p.name = top.required("name");
  if (p.name.empty()) throw std::invalid_argument(top.where("name") + " is empty");
  p.summary = top.text("summary").value_or("");
  p.topology = top.required("topology");
  if (p.topology.empty()) throw std::invalid_argument(top.where("topology") + " is empty");
  p.routing = top.text("routing").value_or("");
  if (auto network = top.text("network")) {
    if (network->empty()) throw std::invalid_argument(top.where("network") + " is empty");
    p.model.network = *network;  // checked with the rest of the model below
  } else {
    p.model.network = detail::default_network();  // a preset names its network, as a machine does
  }
  if (auto procs = top.text("procs")) {
    // The whole text must be the number: "16abc" is not 16.
    auto [end, ec] = std::from_chars(procs->data(), procs->data() + procs->size(), p.procs);
    if (procs->empty() || ec != std::errc{} || end != procs->data() + procs->size())
      throw std::invalid_argument(top.where("procs") + " '" + *procs + "' is not a whole number of PEs");
    if (p.procs < 1) throw std::invalid_argument(top.where("procs") + " must be at least 1");
  }
  if (const auto* link = subtable(doc, "link", source)) {
    std::vector<std::string_view> keys(std::begin(link_keys), std::end(link_keys));
    for (const auto& entry : detail::builtin_networks().entries())
      for (const auto& param : entry.params) keys.push_back(param.name);
    refuse_unknown_keys(*link, keys, source, "link.");
    read_link(reader{*link, source, "link."}, p.model);
  }
  if (const auto* maps = subtable(doc, "mappings", source)) {
    for (const auto& [key, node] : *maps) {
      const auto* arr = node.as_array();
      const std::string name(key.str());
      if (!arr) throw std::invalid_argument(source + ": mappings." + name + " must be an array of node ids");
      std::vector<node_id> nodes;
      for (const auto& v : *arr) {
        auto id = v.value_exact<std::int64_t>();
        if (!id || *id < 0 || *id > std::numeric_limits<node_id>::max()) throw std::invalid_argument(source + ": mappings." + name + " holds a value that is not a node id");
        nodes.push_back(static_cast<node_id>(*id));
      }
      p.mappings.emplace_back(name, std::move(nodes));
    }
  }
  try {
    detail::validate_network(p.model.wire());  // the network's own parameters, then the shared ones
    p.model.validate();
  } catch (const std::invalid_argument& e) {
    // The flit checks name the command-line option ("--vcs 65: ..."); here the value came from
    // the preset's key, so the message names that (link.vcs), not an option nobody typed.
    std::string what = e.what();
    if (what.starts_with("--")) {
      const auto end = std::min(what.find(' '), what.size());
      std::string key = what.substr(2, end - 2);
      std::replace(key.begin(), key.end(), '-', '_');
      what = "link." + key + what.substr(end);
    }
    throw std::invalid_argument(source + ": " + what);
  }
  return p;
}

}  // namespace weft::presets
