#pragma once
/// \file Computing a nim-sequence into a sequence file (`grundy seq --out`): resumable,
/// checkpointed, and stopped early by a proven period.

#include <atomic>
#include <chrono>
#include <cstdint>
#include <filesystem>
#include <functional>
#include <optional>
#include <string>

#include "grundy/analysis/periodic_source.hpp"
#include "grundy/analysis/periodicity.hpp"
#include "grundy/rules/game.hpp"

namespace grundy {

struct SequenceRunOptions {
  PeriodOptions period;  ///< limits, threads, --max (values a period search may compute), cache
  /// At most this long between checkpoints.
  std::chrono::milliseconds checkpoint_every{60'000};
  /// Set (by a signal handler, say) to stop at the next safe point.
  const std::atomic<bool>* interrupted = nullptr;
  /// (values done, values wanted, rare positions so far) now and then.
  std::function<void(std::uint64_t, std::uint64_t, std::size_t)> progress;
};

struct SequenceRunResult {
  std::uint64_t count = 0;       ///< values in the file: g(0..count-1)
  std::uint64_t resumed_at = 0;  ///< values the file held before this run
  int value_bytes = 1;
  std::optional<std::size_t> rare_count;  ///< the sparse-space engine's, when it ran
  std::optional<Value> mask;
  /// A period proven on the way (or found in the cache): the values past it were filled in
  /// from it.
  std::optional<Periodicity> periodicity;
  std::uint64_t computed = 0;  ///< values computed by an engine (not filled from a period)
};

/// Writes g(0..to) of `game` (heap-ordered, integer positions) to the sequence file at `path`,
/// continuing from what it holds. Throws Error for a foreign or corrupt file (untouched) and
/// Interrupted when told to stop.
SequenceRunResult write_sequence_file(const std::shared_ptr<const Game>& game,
                                      const std::filesystem::path& path, std::uint64_t to,
                                      const SequenceRunOptions& options);

}  // namespace grundy
