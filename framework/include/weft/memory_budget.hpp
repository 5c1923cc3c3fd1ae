#pragma once
// How much memory a command may use (--max-memory), and the check that refuses work whose
// estimate exceeds it before anything is allocated: a refusal in a second instead of a
// bad_alloc (or swapping) after minutes.

#include <cstdint>
#include <string_view>

namespace weft {

/// The default --max-memory: half the host's physical memory (hwloc), or 4 GiB when hwloc
/// cannot tell.
std::int64_t default_memory_limit();

/// Throws std::invalid_argument "<what> needs about X GiB, more than --max-memory Y GiB (raise
/// it with --max-memory)" when `needed_bytes` > `limit_bytes`; does nothing otherwise.
void check_memory(std::int64_t needed_bytes, std::int64_t limit_bytes, std::string_view what);

/// Bytes a topology of `nodes` nodes and `links` directed links takes once built, with a
/// routing that keeps `routing_entries` 4-byte table entries (0 for table-free routings), and
/// the build's peak (the per-node link lists used while constructing). Saturates instead of
/// overflowing.
std::int64_t estimate_topology_bytes(std::int64_t nodes, std::int64_t links, std::int64_t routing_entries = 0);

}  // namespace weft
