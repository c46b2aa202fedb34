// The MPI calls of the census, as a module loaded on demand (mpi_module.hpp).
#include "mpi_module.hpp"

// The C API only: without these, mpi.h also declares the removed C++ bindings.
#define OMPI_SKIP_MPICXX 1
#define MPICH_SKIP_MPICXX 1
#include <mpi.h>

namespace {

void init(int* rank, int* size) {
  int provided = 0;
  MPI_Init_thread(nullptr, nullptr, MPI_THREAD_FUNNELED, &provided);
  MPI_Comm_rank(MPI_COMM_WORLD, rank);
  MPI_Comm_size(MPI_COMM_WORLD, size);
}

void finalize() {
  MPI_Finalize();
}

void send(const char* data, int size, int rank, int tag) {
  MPI_Send(data, size, MPI_CHAR, rank, tag, MPI_COMM_WORLD);
}

int probe(int source, int* rank, int* tag, int* count) {
  int flag = 0;
  MPI_Status status;
  MPI_Iprobe(source < 0 ? MPI_ANY_SOURCE : source, MPI_ANY_TAG, MPI_COMM_WORLD, &flag, &status);
  if (!flag) return 0;
  MPI_Get_count(&status, MPI_CHAR, count);
  *rank = status.MPI_SOURCE;
  *tag = status.MPI_TAG;
  return 1;
}

void receive(char* data, int count, int rank, int tag) {
  MPI_Recv(data, count, MPI_CHAR, rank, tag, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
}

void abort_all(int code) {
  MPI_Abort(MPI_COMM_WORLD, code);
}

constexpr GrundyMpiCalls kCalls{init, finalize, send, probe, receive, abort_all};

}  // namespace

extern "C" const GrundyMpiCalls* grundy_mpi_calls() {
  return &kCalls;
}
