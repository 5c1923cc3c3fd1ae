#include "weft/topo/cdg.hpp"

#include <algorithm>
#include <stdexcept>

namespace weft::topo {

namespace {

/// Dependency edges kept as one bit set per channel over the channels leaving the link's head
/// node: dependencies only ever go from a link into a link out of its head.
class dependency_sets {
 public:
  dependency_sets(const topology& t, int vcs) : topo_(t), vcs_(vcs) {
    slot_.assign(t.links().size(), 0);
    std::size_t max_out = 1;
    for (node_id v = 0; v < t.node_count(); ++v) {
      auto out = t.out_links(v);
      for (std::size_t i = 0; i < out.size(); ++i) slot_[static_cast<std::size_t>(out[i])] = static_cast<std::int32_t>(i);
      max_out = std::max(max_out, out.size());
    }
    words_ = (max_out * static_cast<std::size_t>(vcs) + 63) / 64;
    bits_.assign(t.links().size() * static_cast<std::size_t>(vcs) * words_, 0);
    used_.assign(t.links().size() * static_cast<std::size_t>(vcs), 0);
  }
  std::size_t index(channel c) const { return static_cast<std::size_t>(c.link) * static_cast<std::size_t>(vcs_) + static_cast<std::size_t>(c.vc); }
  void use(channel c) { used_[index(c)] = 1; }
  void add(channel from, channel to) {
    auto bit = static_cast<std::size_t>(slot_[static_cast<std::size_t>(to.link)]) * static_cast<std::size_t>(vcs_) + static_cast<std::size_t>(to.vc);
    auto& word = bits_[index(from) * words_ + bit / 64];
    auto mask = std::uint64_t{1} << (bit % 64);
    if (!(word & mask)) {
      word |= mask;
      ++edges_;
    }
  }
  /// Successors of channel `c`, decoded from its bit set.
  template <class F>
  void for_each_successor(channel c, F&& f) const {
    auto head = topo_.link_at(c.link).to;
    auto out = topo_.out_links(head);
    const auto* w = &bits_[index(c) * words_];
    for (std::size_t i = 0; i < words_; ++i)
      for (std::uint64_t bits = w[i]; bits; bits &= bits - 1) {
        auto bit = i * 64 + static_cast<std::size_t>(__builtin_ctzll(bits));
        f(channel{out[bit / static_cast<std::size_t>(vcs_)], static_cast<int>(bit % static_cast<std::size_t>(vcs_))});
      }
  }
  std::int64_t edges() const { return edges_; }
  std::int64_t used() const { return std::count(used_.begin(), used_.end(), 1); }
  std::size_t channel_count() const { return used_.size(); }
  channel channel_at(std::size_t i) const { return {static_cast<link_id>(i / static_cast<std::size_t>(vcs_)), static_cast<int>(i % static_cast<std::size_t>(vcs_))}; }

 private:
  const topology& topo_;
  int vcs_;
  std::size_t words_ = 1;
  std::vector<std::int32_t> slot_;
  std::vector<std::uint64_t> bits_;
  std::vector<char> used_;
  std::int64_t edges_ = 0;
};

}  // namespace

cdg_result check_channel_dependencies(const topology& topo, const routing& r, std::int64_t pair_limit) {
  cdg_result result;
  const node_id c = topo.compute_nodes();
  result.pairs = static_cast<std::int64_t>(c) * (c - 1);
  if (result.pairs > pair_limit) {
    result.note = "not checked: " + std::to_string(result.pairs) + " pairs exceed the limit of " +
                  std::to_string(pair_limit) + "; check a smaller network of the same family";
    return result;
  }
  const int vcs = std::max(1, r.vc_classes());
  const bool escape_only = r.has_escape();
  result.escape_only = escape_only;
  dependency_sets deps(topo, vcs);
  // Per pair: a search over channel states reachable through any candidate.
  std::vector<std::int64_t> seen(deps.channel_count(), -1);
  std::vector<std::pair<channel, int>> stack;  // channel held, hops so far
  std::vector<hop> candidates;
  std::int64_t pair = 0;
  const int hop_limit = route_hop_limit(topo);
  for (node_id s = 0; s < c; ++s)
    for (node_id d = 0; d < c; ++d) {
      if (s == d) continue;
      ++pair;
      stack.clear();
      auto expand = [&](node_id at, const route_state& st, const channel* held) {
        candidates.clear();
        if (escape_only)
          candidates.push_back(r.first_hop(at, d, st));
        else
          r.next_hops(at, d, st, candidates);
        if (candidates.empty()) throw_no_next_hop(r, at, d);
        for (const auto& h : candidates) {
          channel next{h.link, std::clamp(h.vc, 0, vcs - 1)};
          deps.use(next);
          if (held) deps.add(*held, next);
          auto& mark = seen[deps.index(next)];
          if (mark != pair) {
            mark = pair;
            if (st.hops + 1 > hop_limit) throw_routing_loop(topo, r, s, d);
            stack.push_back({next, st.hops + 1});
          }
        }
      };
      expand(s, route_state{s, 0, 0, 0}, nullptr);
      while (!stack.empty()) {
        auto [held, hops] = stack.back();
        stack.pop_back();
        node_id at = topo.link_at(held.link).to;
        if (at == d) continue;
        expand(at, route_state{s, held.vc, hops, 0}, &held);
      }
    }
  result.checked = true;
  result.channels = deps.used();
  result.dependencies = deps.edges();
  // Iterative three-colour DFS; the grey path gives the cycle.
  const auto n = deps.channel_count();
  std::vector<char> colour(n, 0);
  std::vector<std::pair<std::size_t, std::vector<std::size_t>>> frames;
  for (std::size_t root = 0; root < n && result.cycle.empty(); ++root) {
    if (colour[root]) continue;
    auto successors = [&](std::size_t i) {
      std::vector<std::size_t> next;
      deps.for_each_successor(deps.channel_at(i), [&](channel ch) { next.push_back(deps.index(ch)); });
      return next;
    };
    colour[root] = 1;
    frames.push_back({root, successors(root)});
    while (!frames.empty() && result.cycle.empty()) {
      auto& [node, next] = frames.back();
      if (next.empty()) {
        colour[node] = 2;
        frames.pop_back();
        continue;
      }
      auto v = next.back();
      next.pop_back();
      if (colour[v] == 1) {  // back edge: the frames from v to node form the cycle
        std::size_t from = 0;
        while (frames[from].first != v) ++from;
        for (std::size_t i = from; i < frames.size(); ++i) result.cycle.push_back(deps.channel_at(frames[i].first));
        result.cycle.push_back(deps.channel_at(v));
      } else if (colour[v] == 0) {
        colour[v] = 1;
        frames.push_back({v, successors(v)});
      }
    }
    frames.clear();
  }
  result.acyclic = result.cycle.empty();
  result.cycle_text = describe_cycle(topo, result.cycle);
  return result;
}

std::string describe_cycle(const topology& topo, const std::vector<channel>& cycle) {
  std::string text;
  for (std::size_t i = 0; i < cycle.size(); ++i) {
    const auto& l = topo.link_at(cycle[i].link);
    if (i) text += ", ";
    text += std::to_string(l.from) + "->" + std::to_string(l.to) + " (vc " + std::to_string(cycle[i].vc) + ")";
  }
  return text;
}

}  // namespace weft::topo
