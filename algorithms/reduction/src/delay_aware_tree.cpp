#include "weft/reduction/delay_aware_tree.hpp"

#include <algorithm>

#include "capacity_search.hpp"

namespace weft::reduction {

namespace {

constexpr std::int64_t saturation = detail::capacity_cap;

std::int64_t saturating_add(std::int64_t a, std::int64_t k, std::int64_t b) {
  if (b > 0 && k > (saturation - a) / b) return saturation;
  return std::min(saturation, a + k * b);
}

std::size_t at(std::int64_t t) { return static_cast<std::size_t>(t); }

// Builds the first `budget` item slots of the full tree of height h, in order. The full tree is
// numbered like the topology library's fib:h,n,m,i: a PE's own chain first (its bottom node is
// created first and becomes the PE), then, level by level upward, its i−1 children per
// operation, each child subtree numbered in one block. Items come in the same order as nodes,
// so a prefix of the items is held by a prefix of the node ids: the kept PEs keep their full-tree
// ids and nothing past the last item needs building — memory stays O(K) even when the full tree
// is i times larger. Recursion depth is h/(n+m); a chain is a loop.
class prefix_builder {
 public:
  prefix_builder(std::int64_t m, std::int64_t n, int arity, std::int64_t budget)
      : m_(m), n_(n), arity_(arity), left_(budget) {}

  /// Builds the subtree of height t (requires items left); returns its node id.
  node_id build(std::int64_t t) {
    std::vector<std::int64_t> levels;
    std::int64_t bottom = t;
    while (bottom >= 2 * n_ + m_) {
      levels.push_back(bottom);
      bottom -= n_;
    }
    const auto id = next_node_++;
    std::vector<std::vector<source>> ops{{take_item()}};
    // Below 2n+m a child would only forward one item, so the chain takes local items.
    for (std::int64_t k = 0; k < bottom / n_ && left_ > 0; ++k) {
      std::vector<source> op;
      for (int c = 1; c < arity_ && left_ > 0; ++c) op.push_back(take_item());
      ops.push_back(std::move(op));
    }
    for (auto level = levels.rbegin(); level != levels.rend() && left_ > 0; ++level) {
      std::vector<source> op;
      for (int c = 1; c < arity_ && left_ > 0; ++c) {
        const std::int64_t first = next_item_, before = left_;
        const node_id sub = build(*level - n_ - m_);
        if (before - left_ == 1) {
          // Trimmed to one item, the child would only forward it: keep the item here.
          kept_.pop_back();
          op.push_back(source::item(first));
        } else {
          parent_of_.push_back({sub, id});
          op.push_back(source::child(sub));
        }
      }
      ops.push_back(std::move(op));
    }
    kept_.push_back({id, std::move(ops)});  // post-order: a trimmed child is the last entry
    return id;
  }

  /// The kept nodes become PEs in node order (the root, node 0, is rank 0).
  plan to_plan() {
    std::sort(kept_.begin(), kept_.end(), [](const auto& a, const auto& b) { return a.first < b.first; });
    plan p;
    auto rank_of = [&](node_id v) {
      auto it = std::lower_bound(kept_.begin(), kept_.end(), v, [](const auto& k, node_id x) { return k.first < x; });
      return static_cast<int>(it - kept_.begin());
    };
    for (const auto& [node, ops] : kept_) {
      pe_plan pe;
      pe.node = node;
      pe.ops = ops;
      for (auto& op : pe.ops)
        for (auto& s : op)
          if (s.what == source::kind::child) s.index = rank_of(static_cast<node_id>(s.index));
      p.pes.push_back(std::move(pe));
    }
    for (auto [child, parent] : parent_of_) p.pes[static_cast<std::size_t>(rank_of(child))].parent = rank_of(parent);
    return p;
  }

 private:
  source take_item() {
    --left_;
    return source::item(next_item_++);
  }

  std::int64_t m_, n_;
  int arity_;
  std::int64_t left_;
  std::int64_t next_item_ = 0;
  node_id next_node_ = 0;
  std::vector<std::pair<node_id, std::vector<std::vector<source>>>> kept_;  // post-order until to_plan
  std::vector<std::pair<node_id, node_id>> parent_of_;                     // child, parent
};

}  // namespace

std::vector<std::int64_t> delay_aware_capacity(std::int64_t t_max, std::int64_t m, std::int64_t n, int arity) {
  std::vector<std::int64_t> f(at(t_max) + 1, 1);
  for (std::int64_t t = n; t <= t_max; ++t) {
    const std::int64_t other = t - n - m >= n ? f[at(t - n - m)] : 1;
    f[at(t)] = saturating_add(f[at(t - n)], arity - 1, other);
  }
  return f;
}

std::vector<std::int64_t> delay_aware_pe_count(std::int64_t t_max, std::int64_t m, std::int64_t n, int arity) {
  std::vector<std::int64_t> q(at(t_max) + 1, 1);
  for (std::int64_t t = 2 * n + m; t <= t_max; ++t) q[at(t)] = saturating_add(q[at(t - n)], arity - 1, q[at(t - n - m)]);
  return q;
}

std::int64_t delay_aware_height(std::int64_t items, std::int64_t m, std::int64_t n, int arity) {
  // F grows at least by i−1 every n steps, so the search ends.
  return detail::first_time_reaching(items, 2 * (n + m),
                                     [&](std::int64_t t_max) { return delay_aware_capacity(t_max, m, n, arity); });
}

std::string delay_aware_topology(std::int64_t height, std::int64_t m, std::int64_t n, int arity) {
  return "fib:" + std::to_string(std::max(height, n)) + "," + std::to_string(n) + "," + std::to_string(m) + "," +
         std::to_string(arity);
}

plan build_delay_aware_plan(const params& prm) {
  prm.validate();
  const std::int64_t h = delay_aware_height(prm.items, prm.m, prm.n, prm.arity);
  prefix_builder builder(prm.m, prm.n, prm.arity, prm.items);
  builder.build(h);
  plan p = builder.to_plan();
  p.tree = "delay-aware";
  p.machine = delay_aware_topology(h, prm.m, prm.n, prm.arity);
  p.items = prm.items;
  p.arity = prm.arity;
  p.promised = h;
  return p;
}

}  // namespace weft::reduction
