// The `native` algorithm: the whole call goes to the backend's own collective (MPI_Allreduce,
// MPI_Bcast, ...), for comparing weft's algorithms with the library's on a real machine. The
// emulator models weft's algorithms only, so there it is refused, saying where it runs.
#include <stdexcept>
#include <string>

#include "algorithms.hpp"
#include "transfer.hpp"
#include "weft/coll/group.hpp"

namespace weft::coll::detail {

namespace {

void run_native(native_op op, const call& c) {
  if (c.g->size() != c.g->self().size())
    throw std::invalid_argument(where(c) + "the native algorithm runs on the world group only (this group has " +
                                std::to_string(c.g->size()) + " of " + std::to_string(c.g->self().size()) + " PEs)");
  native_call n;
  n.op = op;
  n.root = c.root;
  n.elem = c.elem;
  n.in = c.in;
  n.out = c.out;
  if (c.op) {
    n.combine = c.op->combine;
    n.state = c.op->op;
    n.is_sum = c.op->is_sum;
    n.element = c.op->element;
  }
  if (!c.g->self().native_collective(n))
    throw std::invalid_argument(where(c) + "the native algorithm calls the MPI library's own " + c.what +
                                ": it runs with --backend mpi only (the emulator models weft's algorithms)");
}

}  // namespace

void native_broadcast(const call& c) { run_native(native_op::broadcast, c); }
void native_scatter(const call& c) { run_native(native_op::scatter, c); }
void native_gather(const call& c) { run_native(native_op::gather, c); }
void native_reduce(const call& c) { run_native(native_op::reduce, c); }
void native_allgather(const call& c) { run_native(native_op::allgather, c); }
void native_allreduce(const call& c) { run_native(native_op::allreduce, c); }
void native_barrier(const call& c) { run_native(native_op::barrier, c); }

}  // namespace weft::coll::detail
