// Parsing a preset file. Every value a user types is text with its unit ("1.5us", "3.5GB/s"),
// parsed by weft's own unit parsers, so a preset reads like the command line it replaces.
#include "weft/presets/preset.hpp"

#include <stdexcept>
#include <toml++/toml.h>

namespace weft::presets {

namespace {

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

void read_link(const reader& r, link_model& m) {
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
  if (auto t = r.text("switching")) m.mode = parse_switching(*t);
  if (auto t = r.text("mtu")) m.mtu = parse_bytes(*t, r.where("mtu"));
  if (auto t = r.text("ports")) m.ports = parse_port_model(*t);
  if (auto t = r.text("flops")) m.flops = parse_flop_rate(*t, r.where("flops"));
  if (auto t = r.text("short_max")) m.short_max = parse_bytes(*t, r.where("short_max"));
  time("short_alpha", m.short_alpha);
  rate("short_tau", "short_bandwidth", m.short_tau);
  time("chain_alpha", m.chain_alpha);
}

}  // namespace

preset parse(std::string_view text, const std::string& source) {
  toml::table doc;
  try {
    doc = toml::parse(text, source);
  } catch (const toml::parse_error& e) {
    throw std::invalid_argument(source + ": " + std::string(e.description()));
  }
  reader top{doc, source, ""};
  preset p;
  p.source = source;
  p.name = top.required("name");
  p.summary = top.text("summary").value_or("");
  p.topology = top.required("topology");
  p.routing = top.text("routing").value_or("");
  if (auto procs = top.text("procs")) {
    try {
      p.procs = std::stoi(*procs);
    } catch (const std::exception&) {
      throw std::invalid_argument(top.where("procs") + " '" + *procs + "' is not a number");
    }
    if (p.procs < 1) throw std::invalid_argument(top.where("procs") + " must be at least 1");
  }
  if (const auto* link = doc["link"].as_table()) read_link(reader{*link, source, "link."}, p.model);
  if (const auto* maps = doc["mappings"].as_table()) {
    for (const auto& [key, node] : *maps) {
      const auto* arr = node.as_array();
      const std::string name(key.str());
      if (!arr) throw std::invalid_argument(source + ": mappings." + name + " must be an array of node ids");
      std::vector<node_id> nodes;
      for (const auto& v : *arr) {
        auto id = v.value_exact<std::int64_t>();
        if (!id || *id < 0) throw std::invalid_argument(source + ": mappings." + name + " holds a value that is not a node id");
        nodes.push_back(static_cast<node_id>(*id));
      }
      p.mappings.emplace_back(name, std::move(nodes));
    }
  }
  try {
    p.model.validate();
  } catch (const std::invalid_argument& e) {
    throw std::invalid_argument(source + ": " + e.what());
  }
  return p;
}

machine make_machine(const preset& p) { return machine(p.topology, p.model, p.routing); }

}  // namespace weft::presets
