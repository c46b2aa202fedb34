#include "grundy/analysis/sequence_run.hpp"

#include <algorithm>

#include "grundy/analysis/period_growth.hpp"
#include "grundy/analysis/period_search.hpp"
#include "grundy/analysis/periodic_source.hpp"
#include "grundy/analysis/periodicity_theorem.hpp"
#include "grundy/analysis/sparse_space.hpp"
#include "grundy/core/checked.hpp"
#include "grundy/core/sequence_file.hpp"
#include "grundy/solve/solver_choice.hpp"

namespace grundy {
namespace {

using Clock = std::chrono::steady_clock;

/// Stopped before a value beyond what `file` held was saved: nothing to checkpoint. A file made
/// for this run goes with it (SequenceFile), one that held values stays as it was.
[[noreturn]] void interrupted_before_saving(const SequenceFile& file) {
  const std::uint64_t held = file.count();
  throw Interrupted("interrupted before any new value was saved" +
                    (held == 0 ? " (no file is left at '" + file.path().string() + "')"
                               : " in '" + file.path().string() + "'") +
                    "; the same command continues from g(" + std::to_string(held) + ")");
}

/// Checkpoints at least every `checkpoint_every`, and stops (after a checkpoint) when told to.
class Checkpointer {
 public:
  Checkpointer(SequenceFile& file, const SequenceRunOptions& options)
      : file_(file), options_(options), last_(Clock::now()) {}

  void at(std::uint64_t count) {
    if (options_.interrupted != nullptr && options_.interrupted->load()) {
      if (count <= file_.count()) interrupted_before_saving(file_);
      file_.checkpoint(count);
      throw Interrupted("interrupted: " + std::to_string(count) +
                        " values (g(0..n-1), n = " + std::to_string(count) + ") are saved in '" +
                        file_.path().string() + "'; the same command continues from there");
    }
    if (Clock::now() - last_ >= options_.checkpoint_every) {
      file_.checkpoint(count);
      last_ = Clock::now();
    }
  }

 private:
  SequenceFile& file_;
  const SequenceRunOptions& options_;
  Clock::time_point last_;
};

/// The values from `from` up to `want` - 1, from a proven period.
void fill_from_period(SequenceFile& file, const Periodicity& periodicity, std::uint64_t from,
                      std::uint64_t want, Checkpointer& checkpoints,
                      const SequenceRunOptions& options) {
  file.reserve(want);
  for (std::uint64_t n = from; n < want; ++n) {
    file.put(n, periodicity.value_at(n));
    if ((n & 0xFFFFF) == 0xFFFFF) {
      checkpoints.at(n + 1);
      if (options.progress) options.progress(n + 1, want, 0);
    }
  }
}

std::optional<PeriodicityTheorem> theorem_for(const Game& game) {
  if (!solver_plan(game.traits()).periodicity) return std::nullopt;
  PeriodicityTheorem theorem = periodicity_theorem(game);
  if (theorem.kind == PeriodicityTheorem::Kind::none_applies) return std::nullopt;
  return theorem;
}

}  // namespace

SequenceRunResult write_sequence_file(const std::shared_ptr<const Game>& game,
                                      const std::filesystem::path& path, std::uint64_t to,
                                      const SequenceRunOptions& options) {
  if (!game->integer_positions()) {
    throw Error("a sequence file holds the values of heaps; the positions of " + game->name() +
                " are not heap sizes");
  }
  const std::uint64_t want =
      add_or_refuse(to, 1, "a sequence file of g(0.." + std::to_string(to) + ")");
  std::unique_ptr<SequenceFile> file = SequenceFile::create_or_continue(path, game->name());
  SequenceRunResult result;
  result.resumed_at = file->count();
  Checkpointer checkpoints(*file, options);
  auto finish = [&](std::uint64_t count) {
    file->finish(count);
    result.count = count;
    result.value_bytes = file->width();
    return result;
  };
  if (file->count() >= want) return finish(file->count());
  // A run the disk cannot hold is refused now, not after hours (the file is then left as it was).
  file->require_disk_room(want);

  // A period already proven (a closed form, or the cache) gives every value at once.
  const std::optional<PeriodicityTheorem> theorem = theorem_for(*game);
  if (theorem) {
    result.periodicity = closed_form_periodicity(*theorem);
    // Only a certificate that passes its check on load (period_verifier.hpp) fills the file.
    if (!result.periodicity) {
      if (auto cached = load_cached_certificate(*game, options.period)) {
        result.periodicity = std::move(cached->periodicity);
      }
    }
  }
  std::uint64_t count = file->count();

  if (!result.periodicity && solver_plan(game->traits()).sparse_space) {
    // The sparse-space engine writes straight into the file's mapping.
    SparseSpaceSolver solver(*game->traits().take_break, options.period.limits, *file, count);
    solver.set_threads(options.period.threads);
    solver.set_progress([&](std::uint64_t, std::uint64_t) {
      checkpoints.at(solver.size());
      if (options.progress) options.progress(solver.size(), want, solver.rare_count());
    });
    // Period checks by the one growth driver (period_growth.hpp), up to --max values and short
    // of the last value wanted (no check at the budget itself: the values go on past it).
    const std::uint64_t check_limit = theorem ? options.period.max_values : 0;
    std::optional<Periodicity> proven = grow_and_prove(
        {.have = count, .budget = std::min(check_limit, want - 1), .check_at_budget = false},
        [&](std::uint64_t n) { solver.extend_to(n - 1); },
        [&](std::uint64_t n) {
          return solver.with_values(
              [&](auto values) { return prove_period(values.first(n), *theorem); });
        });
    if (proven) {
      store_certificate(*game, *theorem, *proven, options.period);
      result.periodicity = std::move(proven);
    } else if (solver.size() < want) {
      solver.extend_to(want - 1);
    }
    result.computed = solver.size() - count;
    count = solver.size();
    result.rare_count = solver.rare_count();
    result.mask = solver.mask();
  } else if (!result.periodicity) {
    // Any other heap game: the usual source (its own solver, or a period it proves), values
    // then written in order. Checkpoints come while writing; the table itself is in memory.
    PeriodicSource source(game, options.period);
    source.set_progress([&](std::uint64_t done, std::uint64_t total) {
      if (options.interrupted != nullptr && options.interrupted->load()) {
        interrupted_before_saving(*file);
      }
      if (options.progress) options.progress(done, total, 0);
    });
    const Position last{to, 0};
    source.prepare(std::span<const Position>(&last, 1));
    file->reserve(want);
    for (std::uint64_t n = count; n < want; ++n) {
      file->put(n, source.value(Position{n, 0}));
      if ((n & 0xFFFF) == 0xFFFF) {
        checkpoints.at(n + 1);
        if (options.progress) options.progress(n + 1, want, 0);
      }
    }
    result.computed = want - count;
    count = want;
  }
  if (result.periodicity && count < want) {
    fill_from_period(*file, *result.periodicity, count, want, checkpoints, options);
  }
  return finish(want);
}

}  // namespace grundy
