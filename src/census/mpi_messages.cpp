// The messages of a census across MPI ranks (mpi_messages.hpp).
#include "mpi_messages.hpp"

#ifdef GRUNDY_WITH_MPI

// The C API only: without these, mpi.h also declares the removed C++ bindings.
#define OMPI_SKIP_MPICXX 1
#define MPICH_SKIP_MPICXX 1
#include <mpi.h>

#include <cstdlib>
#include <nlohmann/json.hpp>
#include <thread>

#include "grundy/core/error.hpp"

namespace grundy::mpi {
namespace {

enum Tag : int {
  kRequest = 1,  // worker -> manager: "k" free threads
  kJobs = 2,     // manager -> worker: a JSON array of 1..k jobs, each a string (sent when there
                 // are some)
  kResult = 3,   // worker -> manager: one outcome
  kStop = 4,     // manager -> worker: the census is over
};

void send(const std::string& text, int rank, Tag tag) {
  MPI_Send(text.data(), static_cast<int>(text.size()), MPI_CHAR, rank, tag, MPI_COMM_WORLD);
}

/// A waiting message, received (nothing when none waits).
struct Message {
  int rank = 0;
  int tag = 0;
  std::string text;
};
std::optional<Message> receive(int source) {
  int flag = 0;
  MPI_Status status;
  MPI_Iprobe(source, MPI_ANY_TAG, MPI_COMM_WORLD, &flag, &status);
  if (!flag) return std::nullopt;
  int count = 0;
  MPI_Get_count(&status, MPI_CHAR, &count);
  Message m;
  m.rank = status.MPI_SOURCE;
  m.tag = status.MPI_TAG;
  m.text.resize(static_cast<std::size_t>(count));
  MPI_Recv(m.text.data(), count, MPI_CHAR, status.MPI_SOURCE, status.MPI_TAG, MPI_COMM_WORLD,
           MPI_STATUS_IGNORE);
  return m;
}

}  // namespace

std::vector<std::string> Manager::exchange(
    const std::function<std::optional<std::string>()>& next) {
  std::vector<std::string> out;
  while (auto m = receive(MPI_ANY_SOURCE)) {
    if (m->tag == kRequest) {
      waiting_.emplace_back(m->rank, std::strtoull(m->text.c_str(), nullptr, 10));
    } else if (m->tag == kResult) {
      --in_flight_;
      out.push_back(std::move(m->text));
    }
  }
  // Requests wait until there are jobs for them (a later pass of the census may have some).
  for (auto it = waiting_.begin(); it != waiting_.end();) {
    nlohmann::json jobs = nlohmann::json::array();
    for (std::uint64_t k = 0; k < it->second; ++k) {
      std::optional<std::string> job = next();
      if (!job) break;
      jobs.push_back(std::move(*job));
    }
    if (jobs.empty()) break;
    in_flight_ += jobs.size();
    send(jobs.dump(), it->first, kJobs);
    it = waiting_.erase(it);
  }
  if (out.empty()) std::this_thread::sleep_for(kPollSleep);
  return out;
}

void Manager::finish() {
  if (finished_) return;
  finished_ = true;
  for (int rank = 1; rank < size_; ++rank) send("", rank, kStop);
}

void ask_for_jobs(std::uint64_t free_threads) {
  send(std::to_string(free_threads), 0, kRequest);
}

std::optional<Orders> receive_orders() {
  std::optional<Message> m = receive(0);
  if (!m) return std::nullopt;
  Orders orders;
  if (m->tag == kStop) {
    orders.stop = true;
    return orders;
  }
  if (m->tag != kJobs) throw Error("an MPI message of unknown tag " + std::to_string(m->tag));
  try {
    for (const auto& job : nlohmann::json::parse(m->text)) {
      orders.jobs.push_back(job.get<std::string>());
    }
  } catch (const nlohmann::json::exception& e) {
    throw Error(std::string("a census jobs message is malformed: ") + e.what());
  }
  return orders;
}

void send_outcome(const std::string& text) {
  send(text, 0, kResult);
}

}  // namespace grundy::mpi

#endif
