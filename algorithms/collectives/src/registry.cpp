#include "weft/coll/registry.hpp"

#include <array>
#include <bit>
#include <stdexcept>
#include <string>

#include "algorithms.hpp"
#include "weft/named_registry.hpp"

namespace weft::coll {

namespace {

using detail::call;
using op = operation;

constexpr std::array<operation_entry, 7> operation_table{{
    {op::broadcast, "broadcast", "root's data to every member"},
    {op::scatter, "scatter", "root's P blocks, block i to member i"},
    {op::gather, "gather", "every member's block to the root"},
    {op::reduce, "reduce", "element-wise reduction to the root"},
    {op::allgather, "allgather", "every member's block to every member"},
    {op::allreduce, "allreduce", "element-wise reduction to every member"},
    {op::barrier, "barrier", "returns when every member has entered"},
}};

// Grouped by operation, in the order of `operation`, so algorithms(op) is a contiguous slice.
constexpr std::array<algorithm_entry, 15> algorithm_table{{
    {op::broadcast, "binomial", "log2 P steps, the set of senders doubles each step", detail::broadcast_binomial},
    {op::broadcast, "scatter-allgather", "chained scatter of P pieces, then ring allgather (large data)",
     detail::broadcast_scatter_allgather},
    {op::scatter, "chained", "root sends block i to member i, all in one chained batch (one start-up)",
     detail::scatter_chained},
    {op::scatter, "linear", "root sends block i to member i, one start-up each", detail::scatter_linear},
    {op::gather, "linear", "every member sends its block to the root", detail::gather_linear},
    {op::reduce, "gather-reduce", "linear gather, then the root reduces in rank order", detail::reduce_gather},
    {op::reduce, "binomial", "binomial tree, partial results combined on the way up", detail::reduce_binomial},
    {op::reduce, "knomial", "radix-4 k-nomial tree: each parent takes 3 children per level (MVAPICH2's)",
     detail::reduce_knomial},
    {op::allgather, "recursive-doubling", "log2 P exchanges with partner rank XOR 2^k, data doubling",
     detail::allgather_recursive_doubling},
    {op::allgather, "ring", "P-1 steps, each member passes one block to its right neighbour", detail::allgather_ring},
    {op::allgather, "bruck", "ceil(log2 P) steps with partners rank -/+ 2^k, then a local rotation",
     detail::allgather_bruck},
    {op::allreduce, "dissemination", "log2 P steps: send to rank+2^k, receive from rank-2^k",
     detail::allreduce_dissemination},
    {op::allreduce, "recursive-doubling", "log2 P exchanges with partner rank XOR 2^k",
     detail::allreduce_recursive_doubling},
    {op::allreduce, "ring", "ring reduce-scatter, then ring allgather (large data)", detail::allreduce_ring},
    {op::barrier, "dissemination", "ceil(log2 P) rounds of empty messages to rank+2^k", detail::barrier_dissemination},
}};

// The backend's own collective (MPI's), in the order of `operation`. Kept out of
// algorithm_table: it is not an algorithm weft models, so algorithms(op) and the emulator's
// test matrix do not list it; find_algorithm accepts it by name.
constexpr std::array<algorithm_entry, 7> native_table{{
    {op::broadcast, "native", "the MPI library's own (MPI_Bcast); --backend mpi only", detail::native_broadcast},
    {op::scatter, "native", "the MPI library's own (MPI_Scatter); --backend mpi only", detail::native_scatter},
    {op::gather, "native", "the MPI library's own (MPI_Gather); --backend mpi only", detail::native_gather},
    {op::reduce, "native", "the MPI library's own (MPI_Reduce); --backend mpi only", detail::native_reduce},
    {op::allgather, "native", "the MPI library's own (MPI_Allgather); --backend mpi only", detail::native_allgather},
    {op::allreduce, "native", "the MPI library's own (MPI_Allreduce); --backend mpi only", detail::native_allreduce},
    {op::barrier, "native", "the MPI library's own (MPI_Barrier); --backend mpi only", detail::native_barrier},
}};

}  // namespace

std::span<const operation_entry> operations() { return operation_table; }

operation parse_operation(std::string_view name) {
  for (const auto& e : operation_table)
    if (e.name == name) return e.op;
  throw std::invalid_argument("unknown collective '" + std::string(name) + "' (known: " + known_names(operation_table) +
                              ")");
}

std::string_view to_string(operation o) { return operation_table[static_cast<std::size_t>(o)].name; }

bool has_root(operation o) {
  return o == operation::broadcast || o == operation::scatter || o == operation::gather || o == operation::reduce;
}

std::span<const algorithm_entry> algorithms(operation o) {
  std::size_t first = 0;
  while (first < algorithm_table.size() && algorithm_table[first].op != o) ++first;
  std::size_t last = first;
  while (last < algorithm_table.size() && algorithm_table[last].op == o) ++last;
  return std::span<const algorithm_entry>(algorithm_table).subspan(first, last - first);
}

const algorithm_entry& find_algorithm(operation o, std::string_view name) {
  for (const auto& a : algorithms(o))
    if (a.name == name) return a;
  if (name == native_algorithm) return native_table[static_cast<std::size_t>(o)];
  throw std::invalid_argument("unknown " + std::string(to_string(o)) + " algorithm '" + std::string(name) +
                              "' (known: " + known_names(algorithms(o)) + ", " + std::string(native_algorithm) +
                              ")");
}

// MPICH-like thresholds; the reasons are in docs/collectives.md.
std::string_view default_algorithm(operation o, std::int64_t bytes, int p) {
  switch (o) {
    case op::broadcast:
      return bytes < 12 * 1024 || p < 8 ? "binomial" : "scatter-allgather";
    case op::scatter:
      return "chained";
    case op::gather:
      return "linear";
    case op::reduce:
      return p <= 4 ? "gather-reduce" : "binomial";
    case op::allgather:
      if (bytes * p < 80 * 1024) return std::has_single_bit(static_cast<unsigned>(p)) ? "recursive-doubling" : "bruck";
      return "ring";
    case op::allreduce:
      if (bytes <= 2048) return "dissemination";
      return bytes / 8 >= p ? "ring" : "recursive-doubling";
    case op::barrier:
      return "dissemination";
  }
  return "";
}

const algorithm_entry& select_algorithm(operation o, std::string_view name, std::int64_t bytes, int p) {
  return find_algorithm(o, name.empty() ? default_algorithm(o, bytes, p) : name);
}

}  // namespace weft::coll
