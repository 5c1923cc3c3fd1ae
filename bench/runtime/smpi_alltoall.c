/* The same all-to-all as `weft run alltoall`, as an MPI program for SimGrid's SMPI:
 * every rank sends BYTES to every other rank with isend/irecv and one waitall. */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int main(int argc, char** argv) {
  MPI_Init(&argc, &argv);
  int me, n;
  MPI_Comm_rank(MPI_COMM_WORLD, &me);
  MPI_Comm_size(MPI_COMM_WORLD, &n);
  int bytes = argc > 1 ? atoi(argv[1]) : 8;
  char* out = malloc((size_t)bytes);
  char* in = malloc((size_t)bytes * (size_t)n);
  memset(out, me & 0xff, (size_t)bytes);
  MPI_Request* reqs = malloc(sizeof(MPI_Request) * 2 * (size_t)n);
  int k = 0;
  double t0 = MPI_Wtime();
  for (int d = 1; d < n; ++d)
    MPI_Irecv(in + (size_t)bytes * (size_t)((me - d + n) % n), bytes, MPI_CHAR, (me - d + n) % n, 2,
              MPI_COMM_WORLD, &reqs[k++]);
  for (int d = 1; d < n; ++d)
    MPI_Isend(out, bytes, MPI_CHAR, (me + d) % n, 2, MPI_COMM_WORLD, &reqs[k++]);
  MPI_Waitall(k, reqs, MPI_STATUSES_IGNORE);
  double t = MPI_Wtime() - t0, tmax = 0;
  MPI_Reduce(&t, &tmax, 1, MPI_DOUBLE, MPI_MAX, 0, MPI_COMM_WORLD);
  if (me == 0) printf("simulated time %.3f us\n", tmax * 1e6);
  free(out);
  free(in);
  free(reqs);
  MPI_Finalize();
  return 0;
}
