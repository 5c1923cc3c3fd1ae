// The registry of networks: one registration line per network, and the doors the rest of weft
// goes through (make, validate, check, describe) so that nothing outside networks/<name>/ names
// a network.
#include "weft/detail/network_registry.hpp"

#include <algorithm>
#include <charconv>
#include <memory>
#include <stdexcept>

#include "flit/flit_network.hpp"
#include "ideal/ideal_network.hpp"
#include "message/message_network.hpp"

namespace weft::detail {

void register_builtin_networks(network_registry& registry) {
  registry.add({.name = "message",
                .summary = "message-level links: FIFO per link, alpha + tau per byte + hop latency, packets of --mtu",
                .make = &make_message_network,
                .contention_free = "ideal"});
  registry.add({.name = "flit",
                .summary = "flit-level wormhole routers: virtual channels, credits, --vcs --buffer --cycle ...",
                .make = [](const network_setup& s) { return std::make_unique<flit::flit_network>(s); },
                .check = &flit::flit_network::check,
                .validate = &flit::flit_network::validate,
                .describe = &flit::flit_network::describe,
                .contention_free = flit::flit_network::no_contention_free,
                .ignores_link_costs = flit::flit_network::ignores_link_costs,
                .own_options = flit::flit_network::own_options(),
                .own_options_are = flit::flit_network::own_options_are,
                .params = flit::flit_network::parameters(),
                .buffer_slots = &flit::flit_network::buffer_slots,
                .read_parameters = &flit::flit_network::read_parameters});
  registry.add({.name = "ideal",
                .summary = "the message network with links that never queue: each message's zero-load time (--contention)",
                .make = &make_ideal_network,
                .contention_free = "ideal"});
}

const network_registry& builtin_networks() {
  static const network_registry registry = [] {
    network_registry r("network");
    register_builtin_networks(r);
    return r;
  }();
  return registry;
}

std::string known_networks() { return builtin_networks().known(); }

const std::string& default_network() { return builtin_networks().entries().front().name; }

const network_entry& network_of(const wire_model& wire) {
  return wire.network.empty() ? builtin_networks().entries().front() : builtin_networks().find(wire.network);
}

void validate_network(const wire_model& wire) {
  const auto& entry = network_of(wire);
  // A parameter this network does not declare is refused, naming the network that owns it.
  for (const auto& [name, value] : wire.params.values) {
    const auto declared = [&](const network_entry& e) {
      return std::any_of(e.params.begin(), e.params.end(), [&](const network_parameter& p) { return p.name == name; });
    };
    if (declared(entry)) continue;
    const network_parameter probe{.name = name};
    const auto* owner = owner_of_option(probe.option());
    throw std::invalid_argument(probe.option() + " has no meaning with --network " + entry.name +
                                (owner ? " (" + owner->own_options_are + ": add --network " + owner->name + ")"
                                       : " (no network has a parameter " + name + ")"));
  }
  for (const auto& p : entry.params) check_in_range(p.option(), entry.param(wire, p.name), p.lo, p.hi, p.too_low, p.too_high);
  if (entry.validate) entry.validate(wire);
}

void check_in_range(std::string_view option, std::int64_t value, std::int64_t lo, std::int64_t hi,
                    std::string_view too_low, std::string_view too_high) {
  // Each side of the range says what it bounds: "--vcs 65" once read "needs at least 1".
  if (value < lo || value > hi)
    throw std::invalid_argument(std::string(option) + " " + std::to_string(value) + ": " +
                                std::string(value < lo ? too_low : too_high) + " (allowed " + std::to_string(lo) +
                                ".." + std::to_string(hi) + ")");
}

void check_network(const routing& routes, const wire_model& wire) {
  if (const auto& entry = network_of(wire); entry.check) entry.check(routes, wire);
}

std::unique_ptr<network> make_network(const network_setup& setup) {
  return network_of(setup.wire).make(setup);
}

std::string contention_free_network(const wire_model& wire) {
  const auto& entry = network_of(wire);
  if (entry.contention_free.empty() || entry.contention_free.starts_with("no "))
    throw std::invalid_argument("--contention: network " + entry.name + " has " +
                                (entry.contention_free.empty() ? "no contention-free reference" : entry.contention_free));
  return entry.contention_free;
}

std::string network_parameter::option() const {
  std::string flag = "--" + name;
  std::replace(flag.begin(), flag.end(), '_', '-');
  return flag;
}

std::int64_t network_parameter::value_of(std::string_view text, std::string_view where) const {
  const std::string quoted = std::string(where) + " '" + std::string(text) + "'";
  if (!words.empty()) {
    for (std::size_t i = 0; i < words.size(); ++i)
      if (text == words[i]) return static_cast<std::int64_t>(i);
    std::string allowed;
    for (std::size_t i = 0; i < words.size(); ++i)
      allowed += (i == 0 ? "" : i + 1 == words.size() ? " or " : ", ") + words[i];
    throw std::invalid_argument(quoted + " is not " + allowed);
  }
  std::int64_t value = 0;
  const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (text.empty() || ec != std::errc{} || end != text.data() + text.size())
    throw std::invalid_argument(quoted + " is not a whole number");
  return value;
}

std::string network_parameter::text_of(std::int64_t value) const {
  if (value >= 0 && static_cast<std::size_t>(value) < words.size()) return words[static_cast<std::size_t>(value)];
  return std::to_string(value);
}

std::int64_t network_entry::param(const wire_model& wire, std::string_view key) const {
  for (const auto& p : params)
    if (p.name == key) return wire.params.get(key, p.fallback);
  throw std::logic_error("network " + name + " declares no parameter " + std::string(key));
}

const network_entry* owner_of_option(std::string_view option) {
  for (const auto& entry : builtin_networks().entries()) {
    if (std::find(entry.own_options.begin(), entry.own_options.end(), option) != entry.own_options.end()) return &entry;
    for (const auto& p : entry.params)
      if (p.option() == option) return &entry;
  }
  return nullptr;
}

std::int64_t network_buffer_slots(const wire_model& wire, std::int64_t nodes, std::int64_t links) {
  const auto& entry = network_of(wire);
  return entry.buffer_slots ? entry.buffer_slots(wire, nodes, links) : 0;
}

std::string describe_model(const cost_model& model, bool ticks) {
  const auto& entry = network_of(model);
  if (entry.describe) return entry.describe(model, ticks);
  // The default network (the first registered) goes unnamed, as it always has in reports.
  const bool named = !model.network.empty() && model.network != default_network();
  return model.describe(ticks) + (named ? ", network " + model.network : "");
}

std::vector<network_parameter_value> network_parameters_of(const wire_model& wire, const topology& topo) {
  const auto& entry = network_of(wire);
  if (entry.read_parameters) return entry.read_parameters(wire, topo);
  std::vector<network_parameter_value> values;
  for (const auto& p : entry.params) values.push_back({p.name, p.unit, entry.param(wire, p.name)});
  return values;
}

}  // namespace weft::detail
