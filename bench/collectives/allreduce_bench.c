/* 100 iterations of an 8-byte MPI_Allreduce (one double, sum), for SimGrid's SMPI; the
 * algorithm is chosen on the smpirun command line (--cfg=smpi/allreduce:rdb = recursive
 * doubling). Rank 0 prints the simulated time per call. Written for weft's comparison in
 * docs/performance/collectives.md. */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char** argv) {
  MPI_Init(&argc, &argv);
  int rank, size, iterations = argc > 1 ? atoi(argv[1]) : 100;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  double x = rank, sum = 0;
  MPI_Barrier(MPI_COMM_WORLD);
  double start = MPI_Wtime();
  for (int i = 0; i < iterations; ++i) MPI_Allreduce(&x, &sum, 1, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
  double per_call = (MPI_Wtime() - start) / iterations;
  if (sum != (double)size * (size - 1) / 2) fprintf(stderr, "rank %d: wrong sum %g\n", rank, sum);
  if (rank == 0) printf("smpi allreduce P=%d iterations=%d virtual_per_call_us=%.3f\n", size, iterations, per_call * 1e6);
  MPI_Finalize();
  return 0;
}
