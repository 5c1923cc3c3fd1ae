#pragma once
// A network that measures packet latency itself (the flit network) reports its queueing and
// in-network means in the report's "network" section (report::network_json). Read them when
// the report has that section; the message network has none, and then there is no split.
// Written against any report type so that this file builds before and after the field exists.

#include <optional>
#include <string>
#include <utility>

namespace weft::traffic::detail {

/// {queueing, network} mean latency in cycles, from a network section's JSON text.
std::optional<std::pair<double, double>> latency_split(const std::string& network_json);

template <class Report>
std::optional<std::pair<double, double>> latency_split_of(const Report& r) {
  if constexpr (requires { r.network_json; })
    return latency_split(r.network_json);
  else
    return std::nullopt;
}

}  // namespace weft::traffic::detail
