#include "weft/reduction/plan.hpp"

#include <algorithm>
#include <stdexcept>
#include <string>

namespace weft::reduction {

std::vector<node_id> plan::node_of_rank() const {
  std::vector<node_id> nodes;
  nodes.reserve(pes.size());
  for (const auto& pe : pes) nodes.push_back(pe.node);
  return nodes;
}

namespace {

// Children before parents: an explicit post-order, so deep trees (a list, for huge m) cannot
// overflow the host stack.
std::vector<int> post_order(const plan& p) {
  std::vector<int> order;
  order.reserve(p.pes.size());
  std::vector<std::pair<int, std::size_t>> stack{{0, 0}};  // rank, next source to expand
  std::vector<std::vector<int>> kids(p.pes.size());
  for (std::size_t r = 0; r < p.pes.size(); ++r)
    for (const auto& op : p.pes[r].ops)
      for (const auto& s : op)
        if (s.what == source::kind::child) kids[r].push_back(static_cast<int>(s.index));
  while (!stack.empty()) {
    auto& [rank, next] = stack.back();
    const auto& k = kids[static_cast<std::size_t>(rank)];
    if (next < k.size()) {
      stack.push_back({k[next++], 0});
    } else {
      order.push_back(rank);
      stack.pop_back();
    }
  }
  return order;
}

}  // namespace

void check_plan(const plan& p) {
  auto fail = [&](const std::string& what) {
    throw std::logic_error(p.tree + " plan for K = " + std::to_string(p.items) + ": " + what);
  };
  if (p.pes.empty()) fail("no PEs");
  if (p.pes[0].parent != -1) fail("rank 0 is not the root");
  std::vector<int> claimed(p.pes.size(), 0);
  for (std::size_t r = 0; r < p.pes.size(); ++r) {
    const auto& pe = p.pes[r];
    if (pe.ops.empty() || pe.ops[0].empty()) fail("PE " + std::to_string(r) + " has nothing to combine");
    for (std::size_t o = 0; o < pe.ops.size(); ++o) {
      const std::size_t values = pe.ops[o].size() + (o == 0 ? 0 : 1);
      if (pe.ops[o].empty() || values > static_cast<std::size_t>(p.arity))
        fail("PE " + std::to_string(r) + " operation " + std::to_string(o) + " combines " + std::to_string(values) +
             " values (1.." + std::to_string(p.arity) + " allowed)");
      for (const auto& s : pe.ops[o]) {
        if (s.what != source::kind::child) continue;
        if (s.index <= 0 || s.index >= static_cast<std::int64_t>(p.pes.size())) fail("bad child rank");
        if (p.pes[static_cast<std::size_t>(s.index)].parent != static_cast<int>(r))
          fail("PE " + std::to_string(s.index) + " is used by PE " + std::to_string(r) + " but sends elsewhere");
        ++claimed[static_cast<std::size_t>(s.index)];
      }
    }
  }
  for (std::size_t r = 1; r < p.pes.size(); ++r)
    if (claimed[r] != 1) fail("PE " + std::to_string(r) + " is used " + std::to_string(claimed[r]) + " times");
  // In-order walk: items must come out as 0, 1, 2, ...
  std::int64_t next = 0;
  std::vector<std::pair<int, std::pair<std::size_t, std::size_t>>> stack{{0, {0, 0}}};
  while (!stack.empty()) {
    auto& [rank, pos] = stack.back();
    const auto& ops = p.pes[static_cast<std::size_t>(rank)].ops;
    if (pos.first == ops.size()) {
      stack.pop_back();
      continue;
    }
    const source s = ops[pos.first][pos.second];
    if (++pos.second == ops[pos.first].size()) {
      ++pos.first;
      pos.second = 0;
    }
    if (s.what == source::kind::child) {
      stack.push_back({static_cast<int>(s.index), {0, 0}});
    } else if (s.index != next++) {
      fail("item " + std::to_string(s.index) + " is out of order (expected " + std::to_string(next - 1) + ")");
    }
  }
  if (next != p.items) fail("covers " + std::to_string(next) + " items");
}

std::vector<std::vector<op_span>> schedule(const plan& p, std::int64_t m, std::int64_t n) {
  std::vector<std::vector<op_span>> spans(p.pes.size());
  auto ready = [&](std::int64_t rank) {
    const auto& s = spans[static_cast<std::size_t>(rank)];
    return s.empty() ? std::int64_t{0} : s.back().end;
  };
  for (int rank : post_order(p)) {
    std::int64_t clock = 0;
    const auto& ops = p.pes[static_cast<std::size_t>(rank)].ops;
    auto& mine = spans[static_cast<std::size_t>(rank)];
    for (std::size_t o = 0; o < ops.size(); ++o) {
      for (const auto& s : ops[o])
        if (s.what == source::kind::child) clock = std::max(clock, ready(s.index) + m);
      const std::int64_t start = clock;
      if (ops[o].size() + (o == 0 ? 0 : 1) >= 2) clock += n;
      mine.push_back({start, clock});
    }
  }
  return spans;
}

std::vector<std::int64_t> ready_times(const plan& p, std::int64_t m, std::int64_t n) {
  auto spans = schedule(p, m, n);
  std::vector<std::int64_t> ready(p.pes.size(), 0);
  for (std::size_t r = 0; r < spans.size(); ++r)
    if (!spans[r].empty()) ready[r] = spans[r].back().end;
  return ready;
}

std::int64_t predict_steps(const plan& p, std::int64_t m, std::int64_t n) { return ready_times(p, m, n).at(0); }

}  // namespace weft::reduction
