// The messages of a census across MPI ranks (mpi_messages.hpp).
#include "mpi_messages.hpp"

#ifdef GRUNDY_WITH_MPI

#include <dlfcn.h>

#include <cstdlib>
#include <filesystem>
#include <nlohmann/json.hpp>
#include <system_error>
#include <thread>

#include "grundy/census/census_mpi.hpp"  // launched_ranks
#include "grundy/core/error.hpp"

namespace grundy::mpi {
namespace {

/// The MPI module, loaded once: the installed one, beside the installed command
/// (GRUNDY_MPI_MODULE_FROM_BIN, relative to the executable's directory), else the build tree's
/// (GRUNDY_MPI_MODULE_BUILT). Loaded with RTLD_GLOBAL: Open MPI's own components, which it loads
/// in turn, look its symbols up globally.
const GrundyMpiCalls* load_module() {
  std::vector<std::filesystem::path> paths;
  std::error_code ec;
  const std::filesystem::path exe = std::filesystem::read_symlink("/proc/self/exe", ec);
  if (!ec) paths.push_back(exe.parent_path() / GRUNDY_MPI_MODULE_FROM_BIN);
  paths.emplace_back(GRUNDY_MPI_MODULE_BUILT);
  std::string why = "not found";
  for (const std::filesystem::path& path : paths) {
    if (!std::filesystem::exists(path, ec)) continue;
    void* handle = dlopen(path.c_str(), RTLD_NOW | RTLD_GLOBAL);
    if (handle == nullptr) {
      const char* error = dlerror();
      why = error != nullptr ? error : "dlopen failed";
      continue;
    }
    using Get = const GrundyMpiCalls* (*)();
    if (const auto get = reinterpret_cast<Get>(dlsym(handle, GRUNDY_MPI_CALLS_SYMBOL))) {
      return get();
    }
    why = path.string() + " has no " + GRUNDY_MPI_CALLS_SYMBOL;
  }
  throw Error("cannot load this grundy's MPI module libgrundy_mpi.so (" + why +
              "): a census cannot run across " + std::to_string(launched_ranks()) + " ranks");
}

/// From any rank (the module's wildcard source).
constexpr int kAnySource = -1;

enum Tag : int {
  kRequest = 1,  // worker -> manager: "k" free threads
  kJobs = 2,     // manager -> worker: a JSON array of 1..k jobs, each a string (sent when there
                 // are some)
  kResult = 3,   // worker -> manager: one outcome
  kStop = 4,     // manager -> worker: the census is over
};

void send(const std::string& text, int rank, Tag tag) {
  calls().send(text.data(), static_cast<int>(text.size()), rank, tag);
}

/// A waiting message, received (nothing when none waits).
struct Message {
  int rank = 0;
  int tag = 0;
  std::string text;
};
std::optional<Message> receive(int source) {
  Message m;
  int count = 0;
  if (!calls().probe(source, &m.rank, &m.tag, &count)) return std::nullopt;
  m.text.resize(static_cast<std::size_t>(count));
  calls().receive(m.text.data(), count, m.rank, m.tag);
  return m;
}

}  // namespace

const GrundyMpiCalls& calls() {
  static const GrundyMpiCalls* const loaded = load_module();
  return *loaded;
}

std::vector<std::string> Manager::exchange(
    const std::function<std::optional<std::string>()>& next) {
  std::vector<std::string> out;
  while (auto m = receive(kAnySource)) {
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
