#include "grundy/census/census_mpi.hpp"

#include <cstdlib>
#include <string>

#include "grundy/analysis/sequence_run.hpp"  // Interrupted
#include "grundy/core/error.hpp"

#ifdef GRUNDY_WITH_MPI
// MPI itself is in a module loaded only when a census runs on several ranks (mpi_module.hpp).
#include <dlfcn.h>

#include <chrono>
#include <filesystem>
#include <nlohmann/json.hpp>
#include <system_error>
#include <thread>
#include <vector>

#include "game_pool.hpp"
#include "mpi_module.hpp"
#endif

namespace grundy {

unsigned launched_ranks() {
  for (const char* name : {"OMPI_COMM_WORLD_SIZE", "PMI_SIZE", "PMIX_SIZE"}) {
    if (const char* v = std::getenv(name); v != nullptr) {
      const long n = std::strtol(v, nullptr, 10);
      if (n >= 1 && n < 1'000'000) return static_cast<unsigned>(n);
    }
  }
  return 1;
}

#ifndef GRUNDY_WITH_MPI

bool census_mpi_available() {
  return false;
}

std::optional<CensusSummary> run_census_on_ranks(const CensusFamily& family,
                                                 const std::filesystem::path& database,
                                                 const CensusOptions& options) {
  if (launched_ranks() > 1) {
    throw Error("this grundy was built without MPI: a census cannot run across " +
                std::to_string(launched_ranks()) + " ranks (install libopenmpi-dev and rebuild)");
  }
  CensusDatabase db(database);
  return run_census(family, db, options);
}

#else

namespace {

using namespace std::chrono_literals;

enum Tag : int {
  kRequest = 1,  // worker -> manager: "k" free threads
  kJobs = 2,     // manager -> worker: a JSON array of 1..k jobs (sent when there are some)
  kResult = 3,   // worker -> manager: one outcome
  kStop = 4,     // manager -> worker: the census is over
};

/// How long an idle rank sleeps between two polls (Open MPI's blocking calls spin).
constexpr auto kPollSleep = 2ms;

/// The MPI module (mpi_module.hpp), loaded once: the installed one, beside the installed command
/// (GRUNDY_MPI_MODULE_FROM_BIN, relative to the executable's directory), else the build tree's
/// (GRUNDY_MPI_MODULE_BUILT). Loaded with RTLD_GLOBAL: Open MPI's own components, which it
/// loads in turn, look its symbols up globally.
const GrundyMpiCalls* load_mpi_module() {
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

const GrundyMpiCalls& mpi_calls() {
  static const GrundyMpiCalls* const calls = load_mpi_module();
  return *calls;
}

void send(const std::string& text, int rank, Tag tag) {
  mpi_calls().send(text.data(), static_cast<int>(text.size()), rank, tag);
}

/// A waiting message, received (nothing when none waits).
struct Message {
  int rank = 0;
  int tag = 0;
  std::string text;
};
/// From `source`, or from any rank (kAnySource).
constexpr int kAnySource = -1;
std::optional<Message> receive(int source) {
  Message m;
  int count = 0;
  if (!mpi_calls().probe(source, &m.rank, &m.tag, &count)) return std::nullopt;
  m.text.resize(static_cast<std::size_t>(count));
  mpi_calls().receive(m.text.data(), count, m.rank, m.tag);
  return m;
}

class MpiWorkers final : public CensusWorkers {
 public:
  explicit MpiWorkers(int size) : size_(size) {}
  unsigned ranks() const override { return static_cast<unsigned>(size_); }
  std::uint64_t in_flight() const override { return in_flight_; }

  std::vector<JobOutcome> exchange(const std::function<std::optional<CensusJob>()>& next) override {
    std::vector<JobOutcome> out;
    while (auto m = receive(kAnySource)) {
      if (m->tag == kRequest) {
        waiting_.push_back({m->rank, std::strtol(m->text.c_str(), nullptr, 10)});
      } else if (m->tag == kResult) {
        --in_flight_;
        out.push_back(outcome_from_json(m->text));
      }
    }
    // Requests wait until there are jobs for them (a later pass of the census may have some).
    for (auto it = waiting_.begin(); it != waiting_.end();) {
      nlohmann::json jobs = nlohmann::json::array();
      for (long k = 0; k < it->second; ++k) {
        std::optional<CensusJob> job = next();
        if (!job) break;
        jobs.push_back(nlohmann::json::parse(job_to_json(*job)));
      }
      if (jobs.empty()) break;
      in_flight_ += jobs.size();
      send(jobs.dump(), it->first, kJobs);
      it = waiting_.erase(it);
    }
    if (out.empty()) std::this_thread::sleep_for(kPollSleep);
    return out;
  }

  void finish() override {
    for (int rank = 1; rank < size_; ++rank) send("", rank, kStop);
  }

 private:
  int size_;
  std::uint64_t in_flight_ = 0;
  std::vector<std::pair<int, long> > waiting_;  // (rank, free threads)
};

/// A worker rank: asks for as many games as it has threads, returns each result.
void serve(const CensusOptions& options) {
  const unsigned threads =
      options.threads != 0 ? options.threads : std::max(1u, std::thread::hardware_concurrency());
  GamePool pool(threads, options.limits, options.stop);
  bool asked = false;
  while (true) {
    const std::uint64_t busy = pool.busy();
    const bool stopping = options.stop != nullptr && options.stop->load();
    if (!asked && !stopping && busy < threads) {
      send(std::to_string(threads - busy), 0, kRequest);
      asked = true;
    }
    bool quiet = true;
    while (auto m = receive(0)) {
      quiet = false;
      if (m->tag == kStop) return;
      if (m->tag == kJobs) {
        asked = false;
        const nlohmann::json jobs = nlohmann::json::parse(m->text);
        for (const auto& j : jobs) pool.push(job_from_json(j.dump()));
      }
    }
    for (const JobOutcome& o : pool.take(std::chrono::milliseconds(0))) {
      quiet = false;
      send(outcome_to_json(o), 0, kResult);
    }
    if (quiet) std::this_thread::sleep_for(kPollSleep);
  }
}

/// MPI_Init_thread and MPI_Finalize around the census; an escaping error aborts every rank.
class MpiSession {
 public:
  MpiSession() { mpi_calls().init(&rank_, &size_); }
  ~MpiSession() { mpi_calls().finalize(); }
  int rank() const { return rank_; }
  int size() const { return size_; }

 private:
  int rank_ = 0, size_ = 1;
};

}  // namespace

bool census_mpi_available() {
  return true;
}

std::optional<CensusSummary> run_census_on_ranks(const CensusFamily& family,
                                                 const std::filesystem::path& database,
                                                 const CensusOptions& options) {
  if (launched_ranks() <= 1) {
    CensusDatabase db(database);
    return run_census(family, db, options);
  }
  MpiSession mpi;
  try {
    if (mpi.rank() != 0) {
      serve(options);
      return std::nullopt;
    }
    CensusDatabase db(database);
    MpiWorkers workers(mpi.size());
    try {
      return run_census(family, db, options, &workers);
    } catch (const Interrupted&) {
      workers.finish();
      throw;
    }
  } catch (const Interrupted&) {
    throw;
  } catch (const std::exception& e) {
    // A rank that fails cannot leave the others waiting: say why, then end the job.
    std::fprintf(stderr, "grundy: error: rank %d: %s\n", mpi.rank(), e.what());
    mpi_calls().abort_all(2);
    throw;
  }
}

#endif

}  // namespace grundy
