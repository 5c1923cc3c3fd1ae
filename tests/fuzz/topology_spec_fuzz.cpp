// Fuzzes topology specs ("torus:8x8", "srt1d:8,5", "fattree:4,2") and routing specs: the input is
// "TOPOLOGY" or "TOPOLOGY|ROUTING". Properties:
//   - make() either returns a topology or throws std::invalid_argument (anything else is a finding);
//   - a topology that parses is well formed (topology_checks.hpp) and within the documented limits;
//   - its spec() parses again into the same graph;
//   - the default (or the given) routing builds and routes compute nodes to their destination.
// "file:" specs are left to edge_list_fuzz (a spec here must not read the fuzzing machine's files).
#include <charconv>
#include <cstdint>
#include <stdexcept>
#include <string>
#include <string_view>

#include "topology_checks.hpp"
#include "weft/topo/fibonacci_tree.hpp"

namespace {

using namespace weft;

// Building a topology costs memory and time linear in its size; inputs that are valid but large
// are skipped so that the fuzzer spends its time on many small inputs (the size limits themselves
// are checked before anything is allocated, so huge specs are still run).
std::int64_t number(std::string_view digits) {
  std::int64_t v = 0;
  auto [end, ec] = std::from_chars(digits.data(), digits.data() + digits.size(), v);
  return ec == std::errc{} ? v : INT64_MAX;
}

bool too_large_to_build(std::string_view family, std::string_view args) {
  constexpr std::int64_t small = 1 << 12;
  std::vector<std::int64_t> nums;
  for (std::size_t i = 0; i < args.size();) {
    if (args[i] < '0' || args[i] > '9') {
      ++i;
      continue;
    }
    std::size_t j = i;
    while (j < args.size() && args[j] >= '0' && args[j] <= '9') ++j;
    nums.push_back(number(args.substr(i, j - i)));
    i = j;
  }
  if (nums.empty()) return false;
  auto product = [&](std::int64_t limit) {
    std::int64_t p = 1;
    for (auto v : nums) {
      if (v != 0 && p > limit / v) return limit + 1;
      p *= v;
    }
    return p;
  };
  const std::int64_t first = nums[0];
  if (family == "hypercube") return first > 12 && first <= 24;
  if (family == "srt1d") return first > 12 && first <= 30;
  if (family == "srt2d") return first > 6 && first <= 30;
  if (family == "fattree") {
    if (nums.size() < 2) return false;
    std::int64_t c = 1;
    for (std::int64_t i = 0; i < std::min<std::int64_t>(nums[1], 64) && c <= (1 << 20); ++i)
      c *= std::max<std::int64_t>(nums[0], 1);
    return c > small && c <= (1 << 20);
  }
  if (family == "fib") {
    // Heights above the limit are refused before the size is computed; below it, the size.
    std::vector<std::int64_t> v = nums.size() == 4 ? nums : std::vector<std::int64_t>{first, 1, 1, 2};
    if (nums.size() != 1 && nums.size() != 4) return false;
    for (auto x : v)
      if (x > topo::max_fibonacci_height) return false;
    auto n = topo::fibonacci_tree_size(static_cast<int>(v[0]), static_cast<int>(v[1]), static_cast<int>(v[2]),
                                       static_cast<int>(v[3]));
    return n > small && n <= (1 << 22);
  }
  if (family == "full") return first > 256 && first <= 8192;
  // Products of sizes: ring, mesh, torus, kncube, tofu, pax, illiac, tree.
  auto p = product(std::int64_t{1} << 40);
  if (family == "tofu") p *= 12;
  return p > small && p <= (std::int64_t{1} << 31);
}

const topology_registry& topologies() {
  static const topology_registry r = [] {
    topology_registry t;
    register_builtin_topologies(t);
    return t;
  }();
  return r;
}

const routing_registry& routings() {
  static const routing_registry r = [] {
    routing_registry t;
    register_builtin_routings(t);
    return t;
  }();
  return r;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size > 200) return -1;
  std::string_view input(reinterpret_cast<const char*>(data), size);
  auto bar = input.find('|');
  std::string_view spec = input.substr(0, bar);
  auto colon = spec.find(':');
  auto family = spec.substr(0, colon);
  if (family == "file") return -1;
  if (too_large_to_build(family, colon == spec.npos ? std::string_view{} : spec.substr(colon + 1))) return -1;

  std::unique_ptr<topology> topo;
  try {
    topo = topologies().make(spec);
  } catch (const std::invalid_argument&) {
    return 0;
  }
  weft::fuzz::check_structure(*topo);
  auto again = topologies().make(topo->spec());
  if (again->node_count() != topo->node_count() || again->links().size() != topo->links().size() ||
      again->compute_nodes() != topo->compute_nodes())
    weft::fuzz::fail("spec() does not parse back into the same graph", topo->spec());
  for (std::size_t i = 0; i < topo->links().size(); ++i) {
    const auto& a = topo->links()[i];
    const auto& b = again->links()[i];
    if (a.from != b.from || a.to != b.to) weft::fuzz::fail("spec() does not parse back into the same links", topo->spec());
  }

  if (topo->node_count() > 1024) return 0;  // routing tables are quadratic in nodes
  std::string routing_spec = bar == input.npos ? topo->default_routing() : std::string(input.substr(bar + 1));
  std::unique_ptr<routing> r;
  try {
    r = routings().make(routing_spec, *topo);
  } catch (const std::invalid_argument&) {
    if (bar == input.npos) weft::fuzz::fail("the default routing does not build", topo->spec());
    return 0;
  }
  weft::fuzz::check_routes(*topo, *r);
  return 0;
}
