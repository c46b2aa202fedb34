#pragma once
/// \file Internal: the MPI calls of the census across ranks (census_mpi.cpp), in a module of their
/// own (mpi_module.cpp, built as libgrundy_mpi.so and linked with Open MPI) that the census loads
/// with dlopen only when it was started by mpirun with several ranks. Linking libmpi into the
/// command loaded Open MPI and its seven libraries (hwloc, libevent, udev, ...) at every start:
/// milliseconds of each `grundy` run that never uses them.

extern "C" {

/// The calls, with plain C types (no MPI type crosses the boundary).
struct GrundyMpiCalls {
  /// MPI_Init_thread (funneled), then this rank and the number of ranks.
  void (*init)(int* rank, int* size);
  void (*finalize)();
  /// MPI_Send of `size` chars to `rank` with `tag`.
  void (*send)(const char* data, int size, int rank, int tag);
  /// MPI_Iprobe from `source` (-1: any) with any tag: 1 and the message's rank, tag and length in
  /// chars when one waits, else 0.
  int (*probe)(int source, int* rank, int* tag, int* count);
  /// MPI_Recv of the message probe found.
  void (*receive)(char* data, int count, int rank, int tag);
  /// MPI_Abort of every rank.
  void (*abort_all)(int code);
};

/// The module's one export.
const GrundyMpiCalls* grundy_mpi_calls();
}

/// The name of that export, for dlsym.
#define GRUNDY_MPI_CALLS_SYMBOL "grundy_mpi_calls"
