#pragma once
// weft tags on MPI. MPI tags are 0..MPI_TAG_UB; weft's user tags are >= 0 and its reserved ones
// (barrier, collectives: weft/coll/group.hpp) negative. The two live on two communicators, as
// MPI's own collectives live in a context of their own: then MPI_ANY_TAG, on the user one,
// matches user tags only, as weft's any_tag does. Pure arithmetic, tested without MPI.

namespace weft::mpi::detail {

/// The MPI tag of user tag `t` (>= 0): itself. Throws std::invalid_argument past `tag_ub`.
int user_tag(int t, int tag_ub);

/// The MPI tag, on the reserved communicator, of reserved tag `t` (< 0): -t - 1 when it fits
/// under `tag_ub` (always with Open MPI's ob1, 2^31 - 1). A library with fewer tag bits (UCX:
/// 2^23 - 1) gets the large ones folded onto [15, tag_ub]: still correct, because weft's
/// protocols receive from named sources and MPI keeps a pair's messages in order on one tag.
int reserved_tag(int t, int tag_ub);

}  // namespace weft::mpi::detail
