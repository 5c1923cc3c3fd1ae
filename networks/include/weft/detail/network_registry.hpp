#pragma once
// The only door to the networks: each registers its name, what it makes, what it checks of a
// machine, and how the machine's wire reads under it. Nothing outside networks/<name>/ names a
// network; the runtime asks this registry for the network of a run and hands it to the engine.

#include <functional>
#include <memory>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "weft/detail/network.hpp"
#include "weft/cost_model.hpp"
#include "weft/named_registry.hpp"
#include "weft/report.hpp"

namespace weft::detail {

/// One of a network's own parameters: an integer, set with --NAME (underscores as dashes) or a
/// preset's [link] key NAME, stored in wire_model::params.
struct network_parameter {
  std::string name = {};     ///< "router_delay": the preset key; the option is --router-delay
  std::string unit = {};     ///< "cycles", for --help
  std::int64_t fallback = 0; ///< the default
  std::int64_t lo = 0, hi = 0;  ///< the allowed range
  std::string help = {};     ///< one line for --help
  std::string too_low = {}, too_high = {};  ///< what each side of the range bounds, for the refusal
  /// Names for its values (value i is words[i], e.g. --router weft|booksim); empty: a number.
  std::vector<std::string> words = {};
  /// "--router-delay": the option that sets it.
  std::string option() const;
  /// The value `text` gives it: one of its words, else a whole number; throws
  /// std::invalid_argument naming `where` (the option, or a preset's key) and what is allowed.
  std::int64_t value_of(std::string_view text, std::string_view where) const;
  /// How a value reads: its word, else the number.
  std::string text_of(std::int64_t value) const;
};

struct network_entry {
  std::string name;
  std::string summary;  ///< one line for `--help` and docs
  std::function<std::unique_ptr<network>(const network_setup&)> make;
  /// Throws std::invalid_argument when the network cannot run `routes` with `wire` (checked
  /// when a machine is built, before any run); may be empty.
  std::function<void(const routing& routes, const wire_model& wire)> check = {};
  /// Throws std::invalid_argument naming the first of the network's own parameters that is out
  /// of range (as its option: "--vcs 65: ..."); may be empty.
  std::function<void(const wire_model& wire)> validate = {};
  /// The one-line description of a machine's costs under this network; empty: the link
  /// model's own (cost_model::describe), which is what the message-level networks read.
  std::function<std::string(const cost_model& model, bool ticks)> describe = {};
  /// `--contention`: the network that runs the same machine with links that never queue, to
  /// measure this one against; or, when it starts with "no ", why there is none.
  std::string contention_free = {};
  /// Empty when the network reads the message-level link costs (α, τ, λ, switching, MTU,
  /// injection, short path, chain α); else why they have no meaning with it, for the refusal of
  /// one given with it ("the flit network's costs are --cycle, ...").
  std::string ignores_link_costs = {};
  /// The options only this network reads (its own parameters); given with another network they
  /// are refused, with `own_options_are` ("it sets the flit network's routers").
  std::vector<std::string> own_options = {};
  std::string own_options_are = {};
  /// Its own parameters: the registry adds their options to the command line, reads them from
  /// presets, checks their ranges and refuses them with any other network.
  std::vector<network_parameter> params = {};
  /// The value of its parameter `name` in `wire` (the declared default when not set).
  std::int64_t param(const wire_model& wire, std::string_view name) const;
  /// The buffer slots (flits) the network keeps for a machine of `nodes` and `links`, for the
  /// memory estimate before a run; empty: none (its links queue in lists that grow as needed).
  std::function<std::int64_t(const wire_model& wire, std::int64_t nodes, std::int64_t links)> buffer_slots = {};
  /// The parameters a run on `topo` reads and their values, when not every declared one at its
  /// value (the flit network's two routers read different ones); may be empty.
  std::function<std::vector<network_parameter_value>(const wire_model& wire, const topology& topo)> read_parameters = {};
};
using network_registry = named_registry<network_entry>;

/// Fills `registry` with weft's networks (registry.cpp: one line each).
void register_builtin_networks(network_registry& registry);
/// The built-in networks (the registry a run chooses from).
const network_registry& builtin_networks();
/// "message, flit, ...": the networks a link model may name, for help texts.
std::string known_networks();
/// The network of a machine that names none (the first registered: registry.cpp).
const std::string& default_network();
/// The entry of `wire.network` (the default network's when it names none); throws
/// std::invalid_argument naming the known ones when it is unknown.
const network_entry& network_of(const wire_model& wire);

/// Throws std::invalid_argument when `model.network` is unknown or its own parameters are out
/// of range ("unknown network 'x' (known: ...)", "--vcs 65: ...").
void validate_network(const wire_model& wire);
/// Throws std::invalid_argument "OPTION VALUE: TOO_LOW|TOO_HIGH (allowed LO..HI)" when `value`
/// is outside [lo, hi]: how every network's parameter is refused.
void check_in_range(std::string_view option, std::int64_t value, std::int64_t lo, std::int64_t hi,
                    std::string_view too_low, std::string_view too_high);
/// Throws std::invalid_argument when the network `wire.network` cannot run `routes`.
void check_network(const routing& routes, const wire_model& wire);
/// The network of one run of `pes` PEs, to hand to the engine.
std::unique_ptr<network> make_network(const network_setup& setup);
/// The network `--contention` runs beside `wire.network` (the contention-free one); throws
/// std::invalid_argument saying why when that network has none.
std::string contention_free_network(const wire_model& wire);
/// The network that declares `option` among its own_options or its parameters' options, or
/// nullptr (a shared option).
const network_entry* owner_of_option(std::string_view option);
/// network_entry::buffer_slots of the machine's network (0 when it keeps none).
std::int64_t network_buffer_slots(const wire_model& wire, std::int64_t nodes, std::int64_t links);
/// The network's own parameters a run on `topo` reads, as `wire` sets them (their defaults where
/// it does not), for the report.
std::vector<network_parameter_value> network_parameters_of(const wire_model& wire, const topology& topo);
/// "alpha=1us tau=... " as the machine's network reads it.
std::string describe_model(const cost_model& model, bool ticks = false);

}  // namespace weft::detail
