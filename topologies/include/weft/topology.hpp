#pragma once
// The topology interface the network engine uses: a directed graph of nodes and links,
// plus routing functions that answer "which next hops, with which virtual-channel class".
// A topology knows nothing about time; the networks do. A network follows `first_hop` for a
// deterministic routing and chooses among `next_hops` at each node for an adaptive one, passing
// the VC class a packet arrived on in `route_state`; it stops a packet (an error naming source,
// destination and topology) once it has crossed `route_hop_limit` links without arriving.

#include <cstdint>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <vector>

namespace weft {

using node_id = std::int32_t;
using link_id = std::int32_t;

/// One directed link. `dimension` labels the axis (k-ary n-cube), the level (SRT, trees) or -1;
/// `direction` is +1 / -1 along that dimension, or 0 where it means nothing.
struct link {
  node_id from = 0;
  node_id to = 0;
  int dimension = -1;
  int direction = 0;
};

/// A candidate next hop: the link to take and the virtual-channel class to use on it.
struct hop {
  link_id link = -1;
  int vc = 0;
};

/// What a routing function may know about a packet besides where it is and where it goes.
struct route_state {
  node_id source = 0;
  int vc = 0;          ///< VC class of the link the packet arrived on (0 at injection; always 0 in the engine)
  int hops = 0;        ///< links crossed so far
  std::uint32_t flags = 0;  ///< routing-private bits (e.g. "detour taken")
};

/// A directed graph with optional coordinates. Built once; immutable afterwards.
class topology {
 public:
  virtual ~topology() = default;

  /// The family name ("torus", "srt1d", ...) and the canonical spec it was built from.
  virtual std::string family() const = 0;
  const std::string& spec() const { return spec_; }

  node_id node_count() const { return node_count_; }
  std::span<const link> links() const { return links_; }
  const link& link_at(link_id l) const { return links_[static_cast<std::size_t>(l)]; }
  /// Outgoing links of `n`, in the order they were added.
  std::span<const link_id> out_links(node_id n) const;
  /// The link from `from` to `to`, if the two are neighbours (first one added wins).
  std::optional<link_id> find_link(node_id from, node_id to) const;

  /// Coordinates of a node where the family has them (empty otherwise).
  virtual std::vector<int> coordinates(node_id) const { return {}; }
  /// Size along each axis for grid-like families (empty otherwise).
  virtual std::vector<int> shape() const { return {}; }
  /// Name of the routing used when the user names none.
  virtual std::string default_routing() const { return "shortest-path"; }

  /// Compute nodes (PEs) are numbered first, 0 .. compute_nodes()-1; any nodes after them are
  /// switches (trees, fat trees, edge lists with `switch` lines). Traffic analysis and PE
  /// placement use compute nodes only: PE i goes on compute node i unless a mapping says
  /// otherwise, and a mapping may not name a switch.
  virtual node_id compute_nodes() const { return node_count_; }
  /// Most links a route may cross under any routing valid for this family; a route still on
  /// its way after that many is a broken routing (a loop). Families with minimal routings give
  /// their diameter bound; the default, 4 * node_count() + 16 (capped at 2^31 - 1), leaves room
  /// for non-minimal and adaptive routes.
  virtual int route_hop_bound() const;
  /// True when every node looks the same (torus, hypercube, Illiac IV, full): distances from
  /// one node tell the whole story, which keeps the analysis of 65,536-node tori cheap.
  virtual bool vertex_transitive() const { return false; }
  /// For vertex-transitive families with a translation group: an id shared by exactly the links
  /// of one orbit under translation (e.g. axis and direction on a torus), else -1.
  virtual int link_orbit(link_id) const { return -1; }

 protected:
  topology(std::string spec, node_id node_count);
  /// Adds a directed link; self-loops are dropped and a second link between the same ordered
  /// pair of nodes is merged into the first (the papers' "merge duplicates").
  void add_link(node_id from, node_id to, int dimension = -1, int direction = 0);
  /// Adds a link the caller knows to be new (skips the O(degree) duplicate scan; dense families).
  void add_new_link(node_id from, node_id to, int dimension = -1, int direction = 0);
  /// Adds both directions of an undirected edge.
  void add_edge(node_id a, node_id b, int dimension = -1);
  /// Builds the adjacency index; call once at the end of a constructor.
  void finalize();

 private:
  std::string spec_;
  node_id node_count_;
  std::vector<link> links_;
  std::vector<std::int32_t> out_begin_;  // CSR over links_ sorted by source
  std::vector<link_id> out_ids_;
  std::vector<std::vector<link_id>> building_out_;  // only while constructing
};

/// A routing function: candidate next hops from `current` toward `dst` (never empty when
/// current != dst). Deterministic routings return exactly one candidate; adaptive ones return
/// several, best first.
class routing {
 public:
  virtual ~routing() = default;
  virtual std::string name() const = 0;
  virtual void next_hops(node_id current, node_id dst, const route_state& state,
                         std::vector<hop>& out) const = 0;
  /// The first candidate only: what a deterministic packet-level network follows. Routings on
  /// the hot path override it to skip building a candidate list.
  virtual hop first_hop(node_id current, node_id dst, const route_state& state) const {
    thread_local std::vector<hop> candidates;
    candidates.clear();
    next_hops(current, dst, state, candidates);
    return candidates.empty() ? hop{} : candidates.front();
  }
  /// True when next_hops may offer more than one candidate: a network then chooses among them
  /// at each router, from what it sees there (and messages between two PEs may take different
  /// paths). False: the first candidate is the route.
  virtual bool adaptive() const { return false; }
  /// True when the routing follows Duato's protocol: its first_hop alone (the escape channels) is
  /// a routing whose channel dependencies are acyclic, and its other candidates use VC classes of
  /// their own; a packet may always fall back on the escape. The deadlock check then examines the
  /// escape network, since the adaptive channels may form cycles without harm.
  virtual bool has_escape() const { return false; }
  /// False when next_hops reads only `current` and `dst`, never the route_state: a network may
  /// then keep its answers in a table, as a router does.
  virtual bool reads_state() const { return true; }
  /// Number of VC classes this routing needs (1 for VC-free routings).
  virtual int vc_classes() const { return 1; }
  /// True when the route from s+t to d+t is the route from s to d moved by t (for the
  /// topology's translation group, see topology::link_orbit); lets the analysis route from one
  /// source only on large symmetric networks.
  virtual bool translation_invariant() const { return false; }
};

/// A routing with exactly one candidate per hop: derived classes implement first_hop, and
/// next_hops returns that hop (nothing once the packet has arrived).
class deterministic_routing : public routing {
 public:
  void next_hops(node_id current, node_id dst, const route_state& state,
                 std::vector<hop>& out) const final {
    if (current != dst) out.push_back(first_hop(current, dst, state));
  }
  hop first_hop(node_id current, node_id dst, const route_state& state) const override = 0;
};

/// Errors of a broken routing function (they name the routing and the nodes).
[[noreturn]] void throw_no_next_hop(const routing& r, node_id at, node_id dst);
[[noreturn]] void throw_routing_loop(const topology& topo, const routing& r, node_id src, node_id dst);

/// Hops after which a route counts as a loop (walk_route, the channel-dependency check, the
/// engine): the topology's route_hop_bound().
inline int route_hop_limit(const topology& topo) { return topo.route_hop_bound(); }

/// Follows the first candidate from `src` to `dst`, calling `on_hop(hop)` for every link taken,
/// and returns the number of hops. Throws std::runtime_error on a loop or a dead end (a broken
/// routing function), so callers can trust the result.
template <class OnHop>
int walk_route(const topology& topo, const routing& r, node_id src, node_id dst, OnHop&& on_hop) {
  route_state state{src, 0, 0, 0};
  const int limit = route_hop_limit(topo);
  for (node_id at = src; at != dst;) {
    const hop h = r.first_hop(at, dst, state);
    if (h.link < 0) throw_no_next_hop(r, at, dst);
    on_hop(h);
    at = topo.link_at(h.link).to;
    state.vc = h.vc;
    if (++state.hops > limit) throw_routing_loop(topo, r, src, dst);
  }
  return state.hops;
}

/// The hops of the route from `src` to `dst` (see walk_route).
std::vector<hop> route_path(const topology& topo, const routing& routing, node_id src, node_id dst);

}  // namespace weft
