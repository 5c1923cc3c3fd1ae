// weft::coll's `native` algorithm on MPI: the library's own collective, on the reserved
// communicator (never seen by the program's receives). A sum of a built-in type runs as MPI_SUM;
// any other reduction runs weft's erased operation as a user-defined MPI_Op.
#include <climits>
#include <stdexcept>
#include <string>

#include "rank_pe.hpp"

namespace weft::mpi::detail {

namespace {

// MPI calls a user-defined operation as a plain function with no user data: the reduction of
// the call in progress is handed over here. One per thread: a rank runs one program thread.
thread_local const native_call* current = nullptr;

// MPI's contract: inout[i] = in[i] op inout[i]; `in` holds the lower ranks' partial result.
void run_combine(void* in, void* inout, int* len, MPI_Datatype*) {
  current->combine(current->state, static_cast<std::byte*>(inout), static_cast<const std::byte*>(in),
                   static_cast<std::size_t>(*len), true);
}

int count_of(std::size_t bytes, std::size_t elem) {
  const std::size_t n = bytes / elem;
  if (n > static_cast<std::size_t>(INT_MAX))
    throw std::invalid_argument("native collective of " + std::to_string(n) + " elements: more than MPI's int count");
  return static_cast<int>(n);
}

MPI_Datatype builtin_type(native_element e) {
  switch (e) {
    case native_element::f64: return MPI_DOUBLE;
    case native_element::f32: return MPI_FLOAT;
    case native_element::i32: return MPI_INT32_T;
    case native_element::i64: return MPI_INT64_T;
    default: return MPI_DATATYPE_NULL;
  }
}

/// The MPI datatype and operation of a reduction; frees what it created.
class reduction {
 public:
  reduction(const native_call& c, bool commutative) {
    type_ = c.is_sum ? builtin_type(c.element) : MPI_DATATYPE_NULL;
    if (type_ != MPI_DATATYPE_NULL) {
      op_ = MPI_SUM;
      return;
    }
    MPI_Type_contiguous(static_cast<int>(c.elem), MPI_BYTE, &type_);
    MPI_Type_commit(&type_);
    MPI_Op_create(&run_combine, commutative ? 1 : 0, &op_);
    owned_ = true;
    current = &c;
  }
  ~reduction() {
    if (!owned_) return;
    MPI_Op_free(&op_);
    MPI_Type_free(&type_);
    current = nullptr;
  }
  reduction(const reduction&) = delete;
  reduction& operator=(const reduction&) = delete;
  MPI_Datatype type() const { return type_; }
  MPI_Op op() const { return op_; }

 private:
  MPI_Datatype type_ = MPI_DATATYPE_NULL;
  MPI_Op op_ = MPI_OP_NULL;
  bool owned_ = false;
};

void* writable(std::span<std::byte> s) { return s.data(); }
const void* readable(std::span<const std::byte> s) { return s.data(); }

}  // namespace

bool rank_pe::native_collective(const native_call& c) {
  MPI_Comm comm = reserved_;
  const double begin = MPI_Wtime();
  switch (c.op) {
    case native_op::barrier:
      MPI_Barrier(comm);
      break;
    case native_op::broadcast:
      MPI_Bcast(writable(c.out), count_of(c.out.size(), 1), MPI_BYTE, c.root, comm);
      break;
    case native_op::scatter:
      MPI_Scatter(readable(c.in), count_of(c.out.size(), 1), MPI_BYTE, writable(c.out), count_of(c.out.size(), 1),
                  MPI_BYTE, c.root, comm);
      break;
    case native_op::gather:
      MPI_Gather(readable(c.in), count_of(c.in.size(), 1), MPI_BYTE, writable(c.out), count_of(c.in.size(), 1),
                 MPI_BYTE, c.root, comm);
      break;
    case native_op::allgather:
      MPI_Allgather(readable(c.in), count_of(c.in.size(), 1), MPI_BYTE, writable(c.out), count_of(c.in.size(), 1),
                    MPI_BYTE, comm);
      break;
    case native_op::reduce: {
      // MPI orders a non-commutative reduction by rank, as weft's reduce promises.
      const reduction red(c, false);
      MPI_Reduce(readable(c.in), writable(c.out), count_of(c.in.size(), c.elem), red.type(), red.op(), c.root, comm);
      break;
    }
    case native_op::allreduce: {
      const reduction red(c, true);
      const bool in_place = c.in.data() == c.out.data();
      MPI_Allreduce(in_place ? MPI_IN_PLACE : readable(c.in), writable(c.out), count_of(c.in.size(), c.elem),
                    red.type(), red.op(), comm);
      break;
    }
  }
  figures_.wait += static_cast<std::int64_t>((MPI_Wtime() - begin) * 1e12);
  return true;
}

}  // namespace weft::mpi::detail
