#pragma once
// Every algorithm, one family per .cpp file; registry.cpp names them.

#include <cstddef>
#include <span>
#include <vector>

#include "weft/coll/detail/call.hpp"

namespace weft::coll::detail {

// broadcast.cpp
void broadcast_binomial(const call& c);
void broadcast_scatter_allgather(const call& c);
// scatter_gather.cpp
void scatter_chained(const call& c);
void scatter_linear(const call& c);
void gather_linear(const call& c);
// reduce.cpp
void reduce_gather(const call& c);
void reduce_binomial(const call& c);
void reduce_knomial(const call& c);
// allgather.cpp
void allgather_recursive_doubling(const call& c);
void allgather_ring(const call& c);
void allgather_bruck(const call& c);
// allreduce.cpp
void allreduce_dissemination(const call& c);
void allreduce_recursive_doubling(const call& c);
void allreduce_ring(const call& c);
// Building blocks shared between families. Blocks are byte ranges [off[i], off[i+1]) of a buffer.
/// The root sends block i of `src` to group rank i (one chained batch or one start-up each);
/// every member's own block ends up in `mine`.
void scatter_blocks(const call& c, std::span<const std::byte> src, const std::vector<std::size_t>& off,
                    std::span<std::byte> mine, bool chained);
/// Ring allgather of variable blocks in place: member r starts with block (r + shift) mod P.
void ring_allgatherv(const call& c, std::span<std::byte> buf, const std::vector<std::size_t>& off, int shift);

// barrier.cpp
void barrier_dissemination(const call& c);
// native.cpp: the backend's own collective (MPI's), one entry per operation.
void native_broadcast(const call& c);
void native_scatter(const call& c);
void native_gather(const call& c);
void native_reduce(const call& c);
void native_allgather(const call& c);
void native_allreduce(const call& c);
void native_barrier(const call& c);

}  // namespace weft::coll::detail
