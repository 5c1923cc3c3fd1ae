#include "weft/traffic/network_split.hpp"

#include <nlohmann/json.hpp>

namespace weft::traffic::detail {

std::optional<std::pair<double, double>> latency_split(const std::string& network_json) {
  if (network_json.empty()) return std::nullopt;
  const auto j = nlohmann::json::parse(network_json, nullptr, false);
  if (j.is_discarded() || !j.contains("latency")) return std::nullopt;
  const auto& l = j["latency"];
  if (!l.contains("queueing") || !l.contains("network")) return std::nullopt;
  const auto mean = [](const nlohmann::json& h) { return h.is_object() && h.contains("mean") && h["mean"].is_number() ? h["mean"].get<double>() : 0.0; };
  return std::pair{mean(l["queueing"]), mean(l["network"])};
}

}  // namespace weft::traffic::detail
