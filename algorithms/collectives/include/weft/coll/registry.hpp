#pragma once
// The collective operations and their algorithms, by name. Entries are constant data; an unknown
// name is answered with the list of known ones.

#include <cstdint>
#include <span>
#include <string>
#include <string_view>

#include "weft/coll/detail/call.hpp"

namespace weft::coll {

enum class operation { broadcast, scatter, gather, reduce, allgather, allreduce, barrier };

struct operation_entry {
  operation op;
  std::string_view name;
  std::string_view help;
};

struct algorithm_entry {
  operation op;
  std::string_view name;
  std::string_view help;
  detail::algorithm_fn run;
};

/// The algorithm name that hands a whole call to the backend's own collective (MPI_Allreduce,
/// ...): accepted by find_algorithm for every operation, not listed by algorithms(op), refused
/// on the emulator when the call runs.
inline constexpr std::string_view native_algorithm = "native";

/// All operations, in a fixed order.
std::span<const operation_entry> operations();
/// Throws std::invalid_argument listing the known operations.
operation parse_operation(std::string_view name);
std::string_view to_string(operation op);
/// Broadcast, scatter, gather and reduce have a root; the others do not.
bool has_root(operation op);

/// The algorithms of one operation.
std::span<const algorithm_entry> algorithms(operation op);
/// Throws std::invalid_argument listing the algorithms `op` has (and native_algorithm).
const algorithm_entry& find_algorithm(operation op, std::string_view name);
/// The algorithm chosen when none is named, from the payload per PE and the group size
/// (the rules are in docs/collectives.md).
std::string_view default_algorithm(operation op, std::int64_t bytes_per_pe, int group_size);
/// The named algorithm, or the default one when `name` is empty.
const algorithm_entry& select_algorithm(operation op, std::string_view name, std::int64_t bytes_per_pe,
                                        int group_size);

}  // namespace weft::coll
