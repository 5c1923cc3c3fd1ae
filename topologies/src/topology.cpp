#include "weft/topology.hpp"

#include <algorithm>
#include <cstdint>
#include <numeric>
#include <stdexcept>
#include <string>

namespace weft {

topology::topology(std::string spec, node_id node_count)
    : spec_(std::move(spec)), node_count_(node_count) {}

void topology::add_link(node_id from, node_id to, int dimension, int direction) {
  if (from == to) return;
  if (building_out_.empty()) building_out_.resize(static_cast<std::size_t>(node_count_));
  auto& mine = building_out_[static_cast<std::size_t>(from)];
  for (link_id l : mine)
    if (links_[static_cast<std::size_t>(l)].to == to) return;  // parallel duplicates merge
  mine.push_back(static_cast<link_id>(links_.size()));
  links_.push_back({from, to, dimension, direction});
}

void topology::add_new_link(node_id from, node_id to, int dimension, int direction) {
  if (from == to) return;
  if (building_out_.empty()) building_out_.resize(static_cast<std::size_t>(node_count_));
  building_out_[static_cast<std::size_t>(from)].push_back(static_cast<link_id>(links_.size()));
  links_.push_back({from, to, dimension, direction});
}

void topology::add_edge(node_id a, node_id b, int dimension) {
  add_link(a, b, dimension, +1);
  add_link(b, a, dimension, -1);
}

void topology::finalize() {
  building_out_.clear();
  building_out_.shrink_to_fit();
  // Counting sort by source keeps each node's links in insertion order.
  out_begin_.assign(static_cast<std::size_t>(node_count_) + 1, 0);
  for (const auto& l : links_) ++out_begin_[static_cast<std::size_t>(l.from) + 1];
  std::partial_sum(out_begin_.begin(), out_begin_.end(), out_begin_.begin());
  out_ids_.resize(links_.size());
  auto fill = out_begin_;
  for (std::size_t i = 0; i < links_.size(); ++i)
    out_ids_[static_cast<std::size_t>(fill[static_cast<std::size_t>(links_[i].from)]++)] =
        static_cast<link_id>(i);
}

int topology::route_hop_bound() const {
  return static_cast<int>(std::min<std::int64_t>(4 * std::int64_t{node_count_} + 16, INT32_MAX));
}

std::span<const link_id> topology::out_links(node_id n) const {
  auto b = static_cast<std::size_t>(out_begin_[static_cast<std::size_t>(n)]);
  auto e = static_cast<std::size_t>(out_begin_[static_cast<std::size_t>(n) + 1]);
  return {out_ids_.data() + b, e - b};
}

std::optional<link_id> topology::find_link(node_id from, node_id to) const {
  for (link_id l : out_links(from))
    if (links_[static_cast<std::size_t>(l)].to == to) return l;
  return std::nullopt;
}

void throw_no_next_hop(const routing& r, node_id at, node_id dst) {
  throw std::runtime_error("routing " + r.name() + " has no next hop from node " + std::to_string(at) + " to " +
                           std::to_string(dst));
}

void throw_routing_loop(const topology& topo, const routing& r, node_id src, node_id dst) {
  throw std::runtime_error("routing " + r.name() + " on " + topo.spec() + " loops: the route from node " +
                           std::to_string(src) + " to node " + std::to_string(dst) + " crossed more than " +
                           std::to_string(route_hop_limit(topo)) + " links without arriving");
}

std::vector<hop> route_path(const topology& topo, const routing& r, node_id src, node_id dst) {
  std::vector<hop> path;
  walk_route(topo, r, src, dst, [&](const hop& h) { path.push_back(h); });
  return path;
}

}  // namespace weft
