#include "weft/mapping/anneal.hpp"

#include <algorithm>
#include <cmath>
#include <numeric>
#include <stdexcept>

namespace weft::mapping {

objective_kind parse_objective(std::string_view name) {
  if (name == "hop-bytes" || name == "tahb") return objective_kind::hop_bytes;
  if (name == "rmatt-o2f") return objective_kind::rmatt_o2f;
  if (name == "tac3") return objective_kind::tac3;
  throw std::invalid_argument("unknown objective '" + std::string(name) + "' (known: hop-bytes, tahb, rmatt-o2f, tac3)");
}

std::string to_string(objective_kind k) {
  switch (k) {
    case objective_kind::hop_bytes: return "hop-bytes";
    case objective_kind::rmatt_o2f: return "rmatt-o2f";
    case objective_kind::tac3: return "tac3";
  }
  return "?";
}

namespace {
std::size_t sz(int i) { return static_cast<std::size_t>(i); }
}  // namespace

incremental_cost::incremental_cost(const ccs_result& sets, const machine_routes& machine, objective_kind kind, const placement& start)
    : machine_(machine), kind_(kind), links_(machine.links()), pi_(start) {
  check_placement(start, sets.tasks, machine);
  check_objective_range(sets, machine);
  owner_.assign(sz(machine.nodes()), -1);
  for (int t = 0; t < sets.tasks; ++t) owner_[sz(pi_[sz(t)])] = t;

  if (kind_ != objective_kind::tac3) {
    graph_ = communication_graph(sets);
    task_edges_.resize(sz(sets.tasks));
    for (int e = 0; e < static_cast<int>(graph_.size()); ++e) {
      const auto& m = graph_[sz(e)];
      task_edges_[sz(m.src)].push_back(e);
      if (m.dst != m.src) task_edges_[sz(m.dst)].push_back(e);
    }
    if (kind_ == objective_kind::rmatt_o2f) link_bytes_.assign(sz(links_), 0);
    for (const auto& m : graph_) {
      auto r = machine_.route(pi_[sz(m.src)], pi_[sz(m.dst)]);
      tahb_ += static_cast<std::int64_t>(r.size()) * m.bytes;
      if (kind_ == objective_kind::rmatt_o2f)
        for (link_id l : r) max_link_ = std::max(max_link_, link_bytes_[sz(l)] += m.bytes);
    }
    stamp_edge_.assign(graph_.size(), 0);
  } else {
    const int nsets = static_cast<int>(sets.sets.size());
    task_msgs_.resize(sz(sets.tasks));
    count_.assign(sz(nsets) * sz(links_), 0);
    max_count_.assign(sz(nsets), 0);
    term_.assign(sz(nsets), 0);
    for (int s = 0; s < nsets; ++s) {
      const auto& set = sets.sets[sz(s)];
      set_begin_.push_back(static_cast<int>(msgs_.size()));
      std::int64_t uniform = set.messages.empty() ? 0 : set.messages.front().bytes;
      for (const auto& m : set.messages) {
        const int id = static_cast<int>(msgs_.size());
        msgs_.push_back({s, m.src, m.dst, m.bytes});
        task_msgs_[sz(m.src)].push_back(id);
        if (m.dst != m.src) task_msgs_[sz(m.dst)].push_back(id);
        if (m.bytes != uniform) uniform = -1;
      }
      uniform_bytes_.push_back(uniform);
      // Counts on a link of set s never exceed its message count.
      hist_begin_.push_back(static_cast<int>(hist_.size()));
      hist_.resize(hist_.size() + set.messages.size() + 1, 0);
      hist_[sz(hist_begin_.back())] = links_;
    }
    set_begin_.push_back(static_cast<int>(msgs_.size()));
    for (const auto& m : msgs_) route_tac3(m, +1);
    // TAC3 = Σ bytes × count, so two placements' TAC3 differ by a multiple of the sizes' gcd:
    // the smallest step (with one size, that size; 1000 and 1001 bytes can differ by 1).
    std::int64_t step = 0;
    for (const auto& m : msgs_) step = std::gcd(step, m.bytes);
    // excess and crowd are each at most Σ over messages of their route's length.
    const int diameter = machine_.diameter();
    tie_weight_ = static_cast<double>(step) / (2 * (static_cast<double>(msgs_.size()) * diameter + 1));
    for (int s = 0; s < nsets; ++s) {
      recompute_term(s);
      tac3_ += term_[sz(s)];
      crowd_ += crowd_of(s);
    }
    stamp_msg_.assign(msgs_.size(), 0);
    stamp_set_.assign(sz(nsets), 0);
  }
}

void incremental_cost::route_tac3(const msg& m, int delta) {
  const std::size_t base = sz(m.set) * sz(links_);
  int* hist = hist_.data() + hist_begin_[sz(m.set)];
  int& top = max_count_[sz(m.set)];
  for (link_id l : machine_.route(pi_[sz(m.src)], pi_[sz(m.dst)])) {
    int& c = count_[base + sz(l)];
    --hist[c];
    if (delta > 0 ? c >= 1 : c >= 2) excess_ += delta;
    c += delta;
    ++hist[c];
    if (c > top) top = c;
    else if (hist[top] == 0) --top;  // a count only moves by one: the next lower one is occupied
  }
}

std::int64_t incremental_cost::crowd_of(int s) const {
  const int top = max_count_[sz(s)];
  return top > 0 ? hist_[sz(hist_begin_[sz(s)] + top)] : 0;
}

void incremental_cost::recompute_term(int s) {
  if (uniform_bytes_[sz(s)] >= 0) {
    // One size for the whole set: the largest coll of any message is the largest count on any
    // link (a link with count c > 0 carries a message whose coll is then >= c).
    term_[sz(s)] = uniform_bytes_[sz(s)] * max_count_[sz(s)];
    return;
  }
  const std::size_t base = sz(s) * sz(links_);
  std::int64_t term = 0;
  for (int i = set_begin_[sz(s)]; i < set_begin_[sz(s) + 1]; ++i) {
    const auto& m = msgs_[sz(i)];
    int coll = 0;
    for (link_id l : machine_.route(pi_[sz(m.src)], pi_[sz(m.dst)])) coll = std::max(coll, count_[base + sz(l)]);
    term = std::max(term, m.bytes * coll);
  }
  term_[sz(s)] = term;
}

void incremental_cost::touch(int task) {
  if (kind_ == objective_kind::tac3) {
    for (int i : task_msgs_[sz(task)])
      if (stamp_msg_[sz(i)] != stamp_) {
        stamp_msg_[sz(i)] = stamp_;
        touched_msgs_.push_back(i);
        const int s = msgs_[sz(i)].set;
        if (stamp_set_[sz(s)] != stamp_) {
          stamp_set_[sz(s)] = stamp_;
          touched_sets_.push_back(s);
        }
      }
  } else {
    for (int e : task_edges_[sz(task)])
      if (stamp_edge_[sz(e)] != stamp_) {
        stamp_edge_[sz(e)] = stamp_;
        touched_edges_.push_back(e);
      }
  }
}

double incremental_cost::move(int a, node_id n) {
  const node_id from = pi_[sz(a)];
  if (n == from) return cost();
  const int b = owner_[sz(n)];
  ++stamp_;
  touched_msgs_.clear();
  touched_edges_.clear();
  touched_sets_.clear();
  touch(a);
  if (b >= 0) touch(b);

  // Take the moved tasks' messages off their old routes, move, put them on the new ones.
  auto edges = [&](int sign) {
    for (int e : touched_edges_) {
      const auto& m = graph_[sz(e)];
      auto r = machine_.route(pi_[sz(m.src)], pi_[sz(m.dst)]);
      tahb_ += sign * static_cast<std::int64_t>(r.size()) * m.bytes;
      if (kind_ != objective_kind::rmatt_o2f) continue;
      for (link_id l : r) {
        auto& v = link_bytes_[sz(l)];
        if (sign < 0) {
          if (v == max_link_) max_stale_ = true;
          v -= m.bytes;
        } else {
          v += m.bytes;
          if (!max_stale_ && v > max_link_) max_link_ = v;
        }
      }
    }
  };
  for (int s : touched_sets_) crowd_ -= crowd_of(s);
  for (int i : touched_msgs_) route_tac3(msgs_[sz(i)], -1);
  edges(-1);
  pi_[sz(a)] = n;
  owner_[sz(n)] = a;
  owner_[sz(from)] = b;
  if (b >= 0) pi_[sz(b)] = from;
  for (int i : touched_msgs_) route_tac3(msgs_[sz(i)], +1);
  edges(+1);
  for (int s : touched_sets_) {
    tac3_ -= term_[sz(s)];
    recompute_term(s);
    tac3_ += term_[sz(s)];
    crowd_ += crowd_of(s);
  }
  return cost();
}

std::int64_t incremental_cost::max_link_bytes() const {
  if (max_stale_) {
    max_link_ = link_bytes_.empty() ? 0 : *std::max_element(link_bytes_.begin(), link_bytes_.end());
    max_stale_ = false;
  }
  return max_link_;
}

double incremental_cost::cost() const {
  switch (kind_) {
    case objective_kind::hop_bytes: return static_cast<double>(tahb_);
    case objective_kind::rmatt_o2f: return static_cast<double>(tahb_) * static_cast<double>(max_link_bytes());
    case objective_kind::tac3: return static_cast<double>(tac3_);
  }
  return 0;
}

double to_unit(std::uint64_t bits) { return static_cast<double>(bits >> 11) * 0x1.0p-53; }

std::uint64_t draw_below(std::mt19937_64& g, std::uint64_t n) {
  // Lemire's multiply-shift: the high word of x * n is uniform in [0, n) once the low word's
  // biased range [0, 2^64 mod n) is rejected.
  unsigned __int128 m = static_cast<unsigned __int128>(g()) * n;
  auto low = static_cast<std::uint64_t>(m);
  if (low < n) {
    const std::uint64_t threshold = (0 - n) % n;
    while (low < threshold) {
      m = static_cast<unsigned __int128>(g()) * n;
      low = static_cast<std::uint64_t>(m);
    }
  }
  return static_cast<std::uint64_t>(m >> 64);
}

anneal_result anneal(const ccs_result& sets, const machine_routes& machine, const anneal_options& options) {
  const auto& s = options.schedule;
  if (!(s.t0 > 0) || !(s.t_end > 0) || !(s.cooling > 0 && s.cooling < 1) || s.trials_per_temperature < 0)
    throw std::invalid_argument("anneal: the schedule needs T0 > 0, T_end > 0, 0 < cooling < 1 and trials >= 0 (got T0 " +
                                std::to_string(s.t0) + ", T_end " + std::to_string(s.t_end) + ", cooling " +
                                std::to_string(s.cooling) + ", trials " + std::to_string(s.trials_per_temperature) + ")");
  const placement start = options.start.empty() ? identity_placement(sets.tasks) : options.start;
  incremental_cost state(sets, machine, options.objective, start);
  anneal_result r;
  r.best = start;
  r.start_cost = r.best_cost = state.cost();
  const int tasks = sets.tasks, nodes = machine.nodes();
  if (tasks == 0 || nodes < 2) return r;
  // Δ is divided by the start's cost so that T0 = 10 means the same on every log and machine:
  // at T0 a move that doubles the cost is still accepted with probability e^-0.1.
  const double norm = r.start_cost > 0 ? r.start_cost : 1.0;
  std::mt19937_64 g(options.seed);
  // What the search compares: TAC3 with its tie-break, or (tie_break off) the objective alone.
  auto compared = [&] { return options.tie_break ? state.guide() : state.cost(); };
  double current = compared(), best_guide = current;
  for (double t = s.t0; t > s.t_end; t *= s.cooling)
    for (int i = 0; i < s.trials_per_temperature; ++i) {
      const int a = static_cast<int>(draw_below(g, static_cast<std::uint64_t>(tasks)));
      const node_id from = state.where()[sz(a)];
      auto n = static_cast<node_id>(draw_below(g, static_cast<std::uint64_t>(nodes - 1)));
      if (n >= from) ++n;  // any node but a's own: a swap if occupied, a move if free
      state.move(a, n);
      const double c = compared();
      ++r.trials;
      const double delta = c - current;
      if (delta <= 0 || to_unit(g()) < std::exp(-(delta / norm) / t)) {
        current = c;
        ++r.accepted;
        if (c < best_guide) {
          best_guide = c;
          r.best_cost = state.cost();
          r.best = state.where();
        }
      } else {
        state.move(a, from);
      }
    }
  return r;
}

}  // namespace weft::mapping
