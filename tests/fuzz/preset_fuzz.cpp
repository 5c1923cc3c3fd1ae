// Fuzzes preset files (framework/presets/*.toml): the input is the file's text. Properties:
//   - parse() either returns a preset or throws std::invalid_argument naming the source;
//   - a preset that parses has a name and a topology, procs >= 1 when given, a link model that
//     validates, only known keys, and mapping ids equal to the numbers in the file;
//   - written back as TOML (times as ticks, sizes as bytes, exact times per byte) it parses into
//     the same preset.
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <optional>
#include <sstream>
#include <string>
#include <toml++/toml.h>

#include "weft/presets/preset.hpp"

namespace {

using namespace weft;

[[noreturn]] void fail(const char* what, std::string_view text) {
  std::fprintf(stderr, "property violated: %s\n--- input ---\n%.*s\n", what, static_cast<int>(text.size()), text.data());
  std::abort();
}

/// num/den ps as an exact decimal when den divides 10^6 (what the time-per-byte parser reads
/// back exactly); nullopt for fractions such as 1/3.5 GB/s.
std::optional<std::string> exact_decimal(const byte_time& t) {
  if (t.den <= 0 || 1000000 % t.den != 0) return std::nullopt;
  char buf[64];
  std::snprintf(buf, sizeof buf, "%lld.%06lld", static_cast<long long>(t.num / t.den),
                static_cast<long long>(t.num % t.den * (1000000 / t.den)));
  return buf;
}

std::string print(const presets::preset& p) {
  toml::table doc;
  doc.insert("name", p.name);
  doc.insert("summary", p.summary);
  doc.insert("topology", p.topology);
  doc.insert("routing", p.routing);
  if (p.procs > 0) doc.insert("procs", p.procs);
  toml::table link;
  const auto& m = p.model;
  for (auto [key, t] : {std::pair{"alpha", m.alpha}, {"hop_latency", m.hop_latency}, {"o_send", m.o_send},
                        {"o_recv", m.o_recv}, {"gap", m.gap}, {"poll", m.poll}, {"short_alpha", m.short_alpha},
                        {"eager_alpha", m.eager_alpha}, {"chain_alpha", m.chain_alpha}})
    link.insert(key, t.ps);
  for (auto [key, t] : {std::pair{"tau", m.tau}, {"short_tau", m.short_tau}, {"eager_tau", m.eager_tau}})
    if (auto d = exact_decimal(t)) link.insert(key, *d);
  link.insert("switching", to_string(m.mode));
  link.insert("ports", to_string(m.ports));
  link.insert("mtu", m.mtu);
  if (m.short_max >= 0) link.insert("short_max", m.short_max);
  if (m.eager_max >= 0) link.insert("eager_max", m.eager_max);
  char flops[64];
  std::snprintf(flops, sizeof flops, "%.17g", m.flops.per_second);
  link.insert("flops", flops);
  doc.insert("link", std::move(link));
  toml::table maps;
  for (const auto& [name, nodes] : p.mappings) {
    toml::array a;
    for (auto n : nodes) a.push_back(static_cast<std::int64_t>(n));
    maps.insert(name, std::move(a));
  }
  doc.insert("mappings", std::move(maps));
  std::ostringstream out;
  out << doc;
  return out.str();
}

bool same(const byte_time& a, const byte_time& b) { return a.num == b.num && a.den == b.den; }

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size > 4096) return -1;
  std::string_view text(reinterpret_cast<const char*>(data), size);
  presets::preset p;
  try {
    p = presets::parse(text, "fuzz.toml");
  } catch (const std::invalid_argument& e) {
    if (std::string_view(e.what()).substr(0, 9) != "fuzz.toml") fail("an error that does not start with the source", text);
    return 0;
  }
  if (p.name.empty() || p.topology.empty()) fail("a preset without a name or a topology", text);
  if (p.procs < 0) fail("negative procs", text);
  p.model.validate();  // parse() promised a valid model: a throw here escapes and is a finding
  if (!std::isfinite(p.model.flops.per_second)) fail("a flop rate that is not finite", text);

  // Mapping ids are the numbers in the file, not wrapped into node_id.
  auto doc = toml::parse(text, std::string_view("fuzz.toml"));
  for (const auto& [name, nodes] : p.mappings) {
    const auto* arr = doc["mappings"][name].as_array();
    if (!arr || arr->size() != nodes.size()) fail("a mapping of another length than in the file", text);
    for (std::size_t i = 0; i < nodes.size(); ++i)
      if ((*arr)[i].value_exact<std::int64_t>() != std::optional<std::int64_t>(nodes[i]))
        fail("a mapping id that is not the number in the file", text);
  }

  const std::string printed = print(p);
  presets::preset q;
  try {
    q = presets::parse(printed, "printed.toml");
  } catch (const std::invalid_argument& e) {
    std::fprintf(stderr, "%s\n%s\n", e.what(), printed.c_str());
    fail("the preset printed back does not parse", text);
  }
  const auto &a = p.model, &b = q.model;
  bool equal = p.name == q.name && p.summary == q.summary && p.topology == q.topology && p.routing == q.routing &&
               p.procs == q.procs && p.mappings == q.mappings && a.alpha == b.alpha && a.hop_latency == b.hop_latency &&
               a.o_send == b.o_send && a.o_recv == b.o_recv && a.gap == b.gap && a.poll == b.poll &&
               a.short_alpha == b.short_alpha && a.chain_alpha == b.chain_alpha && a.mode == b.mode &&
               a.ports == b.ports && a.mtu == b.mtu && a.short_max == b.short_max &&
               a.eager_alpha == b.eager_alpha && a.eager_max == b.eager_max &&
               a.flops.per_second == b.flops.per_second && (!exact_decimal(a.tau) || same(a.tau, b.tau)) &&
               (!exact_decimal(a.short_tau) || same(a.short_tau, b.short_tau)) &&
               (!exact_decimal(a.eager_tau) || same(a.eager_tau, b.eager_tau));
  if (!equal) {
    std::fprintf(stderr, "%s\n", printed.c_str());
    fail("the preset printed back parses into another preset", text);
  }
  return 0;
}
