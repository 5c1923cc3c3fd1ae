// The one place that lists the built-in families and routings.
#include <algorithm>
#include <charconv>
#include <cmath>
#include <stdexcept>

#include "weft/topo/dimension_order.hpp"
#include "weft/topo/edge_list.hpp"
#include "weft/topo/fat_tree.hpp"
#include "weft/topo/fibonacci_tree.hpp"
#include "weft/topo/fully_connected.hpp"
#include "weft/topo/illiac.hpp"
#include "weft/topo/kary_ncube.hpp"
#include "weft/topo/rooted_tree.hpp"
#include "weft/topo/shortest_path.hpp"
#include "weft/topo/srt1d.hpp"
#include "weft/topo/srt2d.hpp"
#include "weft/topo/srt_routing.hpp"
#include "weft/topo/tree_routing.hpp"
#include "weft/topology_registry.hpp"

namespace weft {

namespace {

int parse_int(std::string_view family, std::string_view part, std::string_view usage) {
  int value = 0;
  auto [end, ec] = std::from_chars(part.data(), part.data() + part.size(), value);
  if (part.empty() || ec != std::errc{} || end != part.data() + part.size())
    throw std::invalid_argument(std::string(family) + ": '" + std::string(part) + "' is not an integer (usage " +
                                std::string(usage) + ")");
  return value;
}

int parse_count(std::string_view family, std::string_view args) {
  int value = parse_int(family, args, std::string(family) + ":N");
  if (value < 1)
    throw std::invalid_argument(std::string(family) + ": node count " + std::to_string(value) +
                                " must be a positive integer (e.g. " + std::string(family) + ":16)");
  return value;
}

/// "5,2,1" -> {5, 2, 1}; exactly `min`..`max` values.
std::vector<int> parse_list(std::string_view family, std::string_view args, std::size_t min, std::size_t max,
                            std::string_view usage) {
  std::vector<int> values;
  std::size_t pos = 0;
  while (true) {
    auto comma = args.find(',', pos);
    values.push_back(parse_int(family, args.substr(pos, comma == args.npos ? args.npos : comma - pos), usage));
    if (comma == args.npos) break;
    pos = comma + 1;
  }
  if (values.size() < min || values.size() > max)
    throw std::invalid_argument(std::string(family) + ": '" + std::string(args) + "' has " +
                                std::to_string(values.size()) + " values (usage " + std::string(usage) + ")");
  return values;
}

std::unique_ptr<topology> make_grid(std::string_view family, std::string_view args, bool wrap) {
  auto shape = topo::parse_shape(args, family);
  std::vector<bool> wraps(shape.size(), wrap);
  return std::make_unique<topo::kary_ncube>(std::string(family) + ":" + std::string(args),
                                            std::string(family), std::move(shape), std::move(wraps));
}

int exact_root(int p) {
  int q = 1;
  while (q * q < p) ++q;
  return q * q == p ? q : -1;
}

template <class T>
const T& need(const topology& t, std::string_view routing, std::string_view what) {
  auto* p = dynamic_cast<const T*>(&t);
  if (!p)
    throw std::invalid_argument("routing " + std::string(routing) + " needs " + std::string(what) + ", not '" +
                                t.spec() + "'");
  return *p;
}


using size_pair = std::pair<std::int64_t, std::int64_t>;

/// {nodes, nodes * links_per_node}, saturating far below overflow.
size_pair sized(double nodes, double links_per_node) {
  constexpr double cap = 1e18;
  auto clamp = [](double x) { return static_cast<std::int64_t>(x < cap ? x : cap); };
  return {clamp(nodes), clamp(nodes * links_per_node)};
}

size_pair grid_size(std::string_view shape_text, std::string_view family) {
  auto shape = topo::parse_shape(shape_text, family);
  double nodes = 1;
  for (int k : shape) nodes *= k;
  return sized(nodes, 2.0 * static_cast<double>(shape.size()));
}

/// Where "KxK:WRAPS" splits; refused when the letters are missing (the size and the factory
/// must refuse alike, the size being asked first).
std::size_t kncube_wraps_colon(std::string_view a) {
  const auto colon = a.rfind(':');
  if (colon == a.npos)
    throw std::invalid_argument("kncube: '" + std::string(a) +
                                "' lacks the wraparound letters (usage kncube:4x4x2:ttm, t = torus, m = mesh)");
  return colon;
}

double power_of_two(int n) { return n < 0 ? 0 : std::ldexp(1.0, std::min(n, 62)); }

}  // namespace

void register_builtin_topologies(topology_registry& registry) {
  registry.add({"ring", "ring:N", "bidirectional ring of N nodes", [](std::string_view a) {
                  int n = parse_count("ring", a);
                  return std::make_unique<topo::kary_ncube>("ring:" + std::string(a), "ring",
                                                            std::vector<int>{n}, std::vector<bool>{true});
                }, {"ring:2", "ring:7", "ring:8"}, [](std::string_view a) { return sized(parse_count("ring", a), 2); }});
  registry.add({"mesh", "mesh:KxK[x...]", "k-ary n-dimensional mesh (no wraparound)",
                [](std::string_view a) { return make_grid("mesh", a, false); }, {"mesh:4x3", "mesh:3x3x3", "mesh:1x5"}, [](std::string_view a) { return grid_size(a, "mesh"); }});
  registry.add({"torus", "torus:KxK[x...]", "k-ary n-dimensional torus (wraparound on every axis)",
                [](std::string_view a) { return make_grid("torus", a, true); }, {"torus:4x4", "torus:5x4", "torus:2x2", "torus:3x2x2"}, [](std::string_view a) { return grid_size(a, "torus"); }});
  registry.add({"kncube", "kncube:KxK[x...]:WRAPS", "k-ary n-cube with wraparound per axis, t or m each (kncube:4x2x8x2x3x2:tttmtm)",
                [](std::string_view a) -> std::unique_ptr<topology> {
                  const auto colon = kncube_wraps_colon(a);
                  auto shape = topo::parse_shape(a.substr(0, colon), "kncube");
                  auto wraps = topo::parse_wraps(a.substr(colon + 1), shape.size(), "kncube");
                  return std::make_unique<topo::kary_ncube>("kncube:" + std::string(a), "kncube", std::move(shape),
                                                            std::move(wraps));
                }, {"kncube:4x2x3x2x3x2:tttmtm", "kncube:3x3:tm"}, [](std::string_view a) { return grid_size(a.substr(0, kncube_wraps_colon(a)), "kncube"); }});
  registry.add({"tofu", "tofu[:XxYxZ[@MXxMYxMZ]]",
                "Tofu 6D mesh/torus XYZABC, ABC = 2x3x2 (A, C mesh; X, Y, Z, B torus), routed X,Y,Z,A,C,B; default 4x2x8; "
                "@MXxMYxMZ: a job's sub-allocation inside that machine, whose X, Y, Z wrap only where they span it",
                [](std::string_view a) -> std::unique_ptr<topology> {
                  const std::string_view whole = a.empty() ? "4x2x8" : a;
                  const auto at = whole.find('@');
                  auto three = [&](std::string_view text) {
                    auto xyz = topo::parse_shape(text, "tofu");
                    if (xyz.size() != 3)
                      throw std::invalid_argument("tofu: '" + std::string(text) + "' must give three sizes XxYxZ (e.g. tofu:4x2x8)");
                    return xyz;
                  };
                  const auto xyz = three(whole.substr(0, at));
                  // A torus axis of the machine stays a ring in a job only when the job spans it
                  // (FX10 allocations: the links that close a shorter segment lead outside the job).
                  std::vector<bool> wraps{true, true, true, false, true, false};
                  if (at != whole.npos) {
                    const auto machine = three(whole.substr(at + 1));
                    for (std::size_t d = 0; d < 3; ++d) {
                      if (xyz[d] > machine[d])
                        throw std::invalid_argument("tofu:" + std::string(whole) + ": the job's " + "XYZ"[d] + " size " +
                                                    std::to_string(xyz[d]) + " exceeds the machine's " +
                                                    std::to_string(machine[d]));
                      wraps[d] = xyz[d] == machine[d];
                    }
                  }
                  std::vector<int> shape{xyz[0], xyz[1], xyz[2], 2, 3, 2};
                  return std::make_unique<topo::kary_ncube>("tofu:" + std::string(whole), "tofu", std::move(shape),
                                                            std::move(wraps), "dimension-order:XYZACB");
                }, {"tofu:2x2x2", "tofu:1x2x4@4x2x8"}, [](std::string_view a) {
                  const std::string_view whole = a.empty() ? "4x2x8" : a;
                  return sized(static_cast<double>(grid_size(whole.substr(0, whole.find('@')), "tofu").first) * 12, 12);
                }});
  // The dimension's range is checked before the memory estimate too: hypercube:63 names the range.
  auto hypercube_dimension = [](std::string_view a) {
    int n = parse_int("hypercube", a, "hypercube:n");
    if (n < 1 || n > 24)
      throw std::invalid_argument("hypercube: dimension " + std::to_string(n) + " must be between 1 and 24");
    return n;
  };
  registry.add({"hypercube", "hypercube:n", "binary n-cube of 2^n nodes (e-cube routing)",
                [hypercube_dimension](std::string_view a) -> std::unique_ptr<topology> {
                  const int n = hypercube_dimension(a);
                  return std::make_unique<topo::kary_ncube>("hypercube:" + std::string(a), "hypercube",
                                                            std::vector<int>(static_cast<std::size_t>(n), 2),
                                                            std::vector<bool>(static_cast<std::size_t>(n), false), "e-cube");
                }, {"hypercube:1", "hypercube:4", "hypercube:6"}, [hypercube_dimension](std::string_view a) { const int n = hypercube_dimension(a); return sized(power_of_two(n), n); }});
  registry.add({"pax", "pax:P", "PAX-128 style 2D torus of P = q*q PEs, row-major numbering (Nakano & Tsuda)",
                [](std::string_view a) -> std::unique_ptr<topology> {
                  int p = parse_count("pax", a);
                  int q = exact_root(p);
                  if (q < 2)
                    throw std::invalid_argument("pax: PE count " + std::to_string(p) + " must be a perfect square q*q with q >= 2 (e.g. pax:64)");
                  return std::make_unique<topo::kary_ncube>("pax:" + std::string(a), "pax", std::vector<int>{q, q},
                                                            std::vector<bool>{true, true});
                }, {"pax:16", "pax:64"}, [](std::string_view a) { return sized(parse_count("pax", a), 4); }});
  registry.add({"illiac", "illiac:P", "Illiac IV propagating wraparound: i <-> i±1, i±sqrt(P) mod P (Nakano & Tsuda)",
                [](std::string_view a) -> std::unique_ptr<topology> {
                  return std::make_unique<topo::illiac>("illiac:" + std::string(a), parse_count("illiac", a));
                }, {"illiac:16", "illiac:64"}, [](std::string_view a) { return sized(parse_count("illiac", a), 4); }});
  registry.add({"full", "full:N", "fully connected graph of N nodes", [](std::string_view a) {
                  return std::make_unique<topo::fully_connected>("full:" + std::string(a),
                                                                 parse_count("full", a));
                }, {"full:2", "full:9"}, [](std::string_view a) { double n = parse_count("full", a); return sized(n, n - 1); }});
  registry.add({"srt1d", "srt1d:n,T", "1D Shifted Recursive Torus of 2^n nodes; T = n basic, n-2 LongSpan, n-3 ShortSpan (Kawai, Inoguchi & Horiguchi)",
                [](std::string_view a) -> std::unique_ptr<topology> {
                  auto v = parse_list("srt1d", a, 2, 2, "srt1d:n,T");
                  return std::make_unique<topo::srt1d>("srt1d:" + std::string(a), v[0], v[1]);
                }, {"srt1d:5,5", "srt1d:5,3", "srt1d:5,2", "srt1d:4,1"}, [](std::string_view a) { return sized(power_of_two(parse_list("srt1d", a, 2, 2, "srt1d:n,T")[0]), 4); }});
  registry.add({"srt2d", "srt2d:n,T,sx", "2D Shifted Recursive Torus of 2^n x 2^n nodes, rows shifted by s_x (Kawai, Inoguchi & Horiguchi)",
                [](std::string_view a) -> std::unique_ptr<topology> {
                  auto v = parse_list("srt2d", a, 3, 3, "srt2d:n,T,sx");
                  return std::make_unique<topo::srt2d>("srt2d:" + std::string(a), v[0], v[1], v[2]);
                }, {"srt2d:3,2,1", "srt2d:3,3,0"}, [](std::string_view a) { return sized(power_of_two(2 * parse_list("srt2d", a, 3, 3, "srt2d:n,T,sx")[0]), 8); }});
  registry.add({"fib", "fib:h[,m,n,i]", "generalized Fibonacci tree T'_h for delay m, compute n, arity i (default 1,1,2; Nonomura, Kurino & Fukazawa)",
                [](std::string_view a) -> std::unique_ptr<topology> {
                  auto v = parse_list("fib", a, 1, 4, "fib:h or fib:h,m,n,i");
                  if (v.size() != 1 && v.size() != 4)
                    throw std::invalid_argument("fib: '" + std::string(a) + "' needs 1 or 4 values (fib:h or fib:h,m,n,i)");
                  if (v.size() == 1) v = {v[0], 1, 1, 2};
                  return std::make_unique<topo::fibonacci_tree>("fib:" + std::string(a), v[0], v[1], v[2], v[3]);
                }, {"fib:9", "fib:12,2,1,3"}});
  registry.add({"tree", "tree:f1[,f2,...]", "switch tree: root with f1 children, each with f2, ...; leaves are the compute nodes (tree:2,3 = Morie & Nanri's)",
                [](std::string_view a) -> std::unique_ptr<topology> {
                  auto v = parse_list("tree", a, 1, 16, "tree:f1,f2,...");
                  return std::make_unique<topo::switch_tree>("tree:" + std::string(a), std::move(v));
                }, {"tree:2,3", "tree:3,2,2", "tree:1"}});
  registry.add({"fattree", "fattree:k,n", "fat tree as a k-ary n-tree: k^n compute nodes, n switch layers, full bisection",
                [](std::string_view a) -> std::unique_ptr<topology> {
                  auto v = parse_list("fattree", a, 2, 2, "fattree:k,n");
                  return std::make_unique<topo::fat_tree>("fattree:" + std::string(a), v[0], v[1]);
                }, {"fattree:2,3", "fattree:3,3", "fattree:4,1"}});
  registry.add({"file", "file:PATH", "graph from an edge-list file (see docs/topologies.md)",
                [](std::string_view a) -> std::unique_ptr<topology> { return topo::edge_list::read(std::string(a)); }, {}});
}

void register_builtin_routings(routing_registry& registry) {
  registry.add({"dimension-order", "dimension-order routing on a mesh/torus (axis order optional: dimension-order:1,0 or :XYZACB)",
                [](const topology& t, std::string_view args) -> std::unique_ptr<routing> {
                  const auto& cube = need<topo::kary_ncube>(t, "dimension-order", "a mesh/torus/ring/kncube");
                  return std::make_unique<topo::dimension_order>(
                      cube, topo::parse_axis_order(args, static_cast<int>(cube.shape().size())));
                }});
  registry.add({"dateline", "dimension order with 2 dateline VC classes per torus axis (deadlock-free on tori)",
                [](const topology& t, std::string_view args) -> std::unique_ptr<routing> {
                  const auto& cube = need<topo::kary_ncube>(t, "dateline", "a mesh/torus/ring/kncube");
                  return std::make_unique<topo::dimension_order>(
                      cube, topo::parse_axis_order(args, static_cast<int>(cube.shape().size())),
                      topo::dimension_order::mode::dateline, "dateline");
                }});
  registry.add({"booksim-dim-order",
                "BookSim2's dim_order on a torus: a tie split per packet, 2 VC classes chosen per axis as BookSim's "
                "dim_order_torus (for runs beside BookSim2; docs/traffic.md)",
                [](const topology& t, std::string_view args) -> std::unique_ptr<routing> {
                  const auto& cube = need<topo::kary_ncube>(t, "booksim-dim-order", "a mesh/torus/ring/kncube");
                  return std::make_unique<topo::dimension_order>(
                      cube, topo::parse_axis_order(args, static_cast<int>(cube.shape().size())),
                      topo::dimension_order::mode::booksim_dateline, "booksim-dim-order");
                }});
  registry.add({"minimal-adaptive",
                "minimal adaptive on a mesh/torus/hypercube: any productive axis, the least loaded at each hop; "
                "escape = dimension order (dateline on tori), Duato",
                [](const topology& t, std::string_view args) -> std::unique_ptr<routing> {
                  const auto& cube = need<topo::kary_ncube>(t, "minimal-adaptive", "a mesh/torus/ring/kncube/hypercube");
                  return std::make_unique<topo::dimension_order>(
                      cube, topo::parse_axis_order(args, static_cast<int>(cube.shape().size())),
                      topo::dimension_order::mode::minimal_adaptive, "minimal-adaptive");
                }});
  registry.add({"e-cube", "e-cube routing on a hypercube (lowest differing bit first)",
                [](const topology& t, std::string_view) -> std::unique_ptr<routing> {
                  const auto& cube = need<topo::kary_ncube>(t, "e-cube", "a hypercube");
                  for (int k : cube.shape())
                    if (k != 2) throw std::invalid_argument("routing e-cube needs a hypercube, not '" + t.spec() + "'");
                  return std::make_unique<topo::dimension_order>(cube, std::vector<int>{}, topo::dimension_order::mode::deterministic,
                                                                 "e-cube");
                }});
  registry.add({"shortest-path", "table-based shortest paths for any graph (lowest neighbour id breaks ties)",
                [](const topology& t, std::string_view) -> std::unique_ptr<routing> {
                  return std::make_unique<topo::shortest_path>(t);
                }});
  registry.add({"direct", "one hop straight to the destination (fully connected graphs)",
                [](const topology& t, std::string_view) -> std::unique_ptr<routing> {
                  return std::make_unique<topo::direct_routing>(t);  // refuses graphs that are not complete
                }});
  registry.add({"tree", "up to the nearest common ancestor, then down (tree, fib; d-mod-k on fattree)",
                [](const topology& t, std::string_view) -> std::unique_ptr<routing> {
                  return std::make_unique<topo::tree_routing>(t);
                }});
  auto srt = [](topo::srt_routing::mode m, const char* name) {
    return [m, name](const topology& t, std::string_view args) -> std::unique_ptr<routing> {
      const auto& net = need<topo::srt_network>(t, name, "an srt1d or srt2d topology");
      int vcs = args.empty() ? 2 : parse_int(name, args, std::string(name) + "[:VCS]");
      return std::make_unique<topo::srt_routing>(net, m, vcs);
    };
  };
  registry.add({"srt-recursive", "SRT recursive routing (FindMedLevel, monotonic, no VCs)",
                srt(topo::srt_routing::mode::recursive, "srt-recursive")});
  registry.add({"srt-dlf", "SRT deadlock-free recursive routing, VC class +1 at the wrap (srt-dlf[:VCS], default 2)",
                srt(topo::srt_routing::mode::dlf, "srt-dlf")});
  registry.add({"srt-adp", "SRT adaptive: DLF plus same-dimension detours under the Leapable condition (srt-adp[:VCS])",
                srt(topo::srt_routing::mode::adp, "srt-adp")});
}

}  // namespace weft
