#pragma once
/// \file The engine: the one object behind every face. The command and the Python module parse
/// their arguments, call the engine, and print or convert what it returns; everything between
/// (which solver serves a game, where values come from, limits, the period cache, misère dispatch,
/// the perfect player) happens here, once. Results are plain structs (answers.hpp,
/// explanation.hpp, match.hpp) that document.hpp turns into the JSON documents of docs/cli.md,
/// the same for both faces.

#include <atomic>
#include <chrono>
#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "grundy/analysis/misere_quotient.hpp"
#include "grundy/analysis/period_certificate.hpp"
#include "grundy/analysis/period_run.hpp"
#include "grundy/analysis/period_verifier.hpp"
#include "grundy/core/limits.hpp"
#include "grundy/core/sequence_file.hpp"
#include "grundy/core/value.hpp"
#include "grundy/engine/answers.hpp"
#include "grundy/engine/explanation.hpp"
#include "grundy/engine/misere_explanation.hpp"
#include "grundy/engine/sequence_plot.hpp"
#include "grundy/engine/table_plot.hpp"
#include "grundy/engine/value_table.hpp"
#include "grundy/rules/game.hpp"
#include "grundy/rules/sum.hpp"
#include "grundy/solve/misere_search.hpp"

namespace grundy {

class DefinedGame;
class GenusCalculator;
class QuotientCache;
class ValueSource;
struct ComponentSearchProgress;
struct PeriodOptions;

/// Progress of a table growing: (values done, values wanted).
using TableProgress = std::function<void(std::uint64_t, std::uint64_t)>;
/// Progress of a long nim-sequence written to a file: (values done from g(0), values wanted, rare
/// positions so far).
using SequenceProgress = std::function<void(std::uint64_t, std::uint64_t, std::size_t)>;
/// Progress of a search over a sum's positions.
using SearchProgressCallback = std::function<void(const SearchProgress&)>;

/// Where the engine reports what is not an answer: warnings and the progress of long work, each
/// labelled by the request (`"seq"`, `"solve"`, ...). The faces decide how to show them (a line on
/// a terminal, a progress bar, nothing); the engine prints nothing itself. Every member may be
/// empty. A progress callback may throw (a face's Ctrl-C check) to stop the work.
struct Reporter {
  std::function<void(const std::string&)> warning;
  std::function<TableProgress(const std::string& label)> table;
  std::function<SequenceProgress(const std::string& label)> sequence;
  std::function<SearchProgressCallback(const std::string& label)> search;
  /// Progress of a misère quotient (`grundy quotient`, and misère play through one).
  std::function<std::function<void(const QuotientProgress&)>(const std::string& label)> quotient;
  /// Progress of the component search (Node-Kayles, Arc-Kayles, Cram).
  std::function<std::function<void(const ComponentSearchProgress&)>(const std::string& label)>
      components;
  /// The answer is about to be shown: clear any progress display.
  std::function<void()> done;
};

/// The limits and defaults every request shares (the command's common options).
struct EngineOptions {
  /// The largest table allowed, in bytes (`--max-memory`); nothing: the memory available.
  std::optional<std::uint64_t> max_memory;
  /// Threads of the sparse-space engine (`--threads`); 0: one per core.
  unsigned threads = 0;
  /// The most values a period search computes for positions beyond a table (`--max`).
  std::uint64_t max_values = kDefaultMaxValues;
  /// Read and write the period cache (`--no-cache` clears it).
  bool use_cache = true;
  /// The state budget of misère and remoteness searches (`--max-states`).
  std::uint64_t max_states = kDefaultMaxStates;
  /// The most winning moves listed (`--max-moves`).
  std::size_t max_moves = 20;
  /// Misère play of sums of heaps through the misère quotient of their games when it is found
  /// within its budget (`--no-quotient` clears it: the exact search decides, as a cross-check).
  bool misere_quotient = true;
  /// The component search's table file (`--table FILE`): loaded when it exists (refused when
  /// foreign or corrupt), saved when a request's values are found or the search is stopped.
  std::optional<std::filesystem::path> component_table;
  /// The nodes each option at the top of a component search gets in a round's first pass
  /// (`--top-budget`; ComponentSearchOptions::top_budget); none: the search's default.
  std::optional<std::uint64_t> component_top_budget;
  /// Set by a face (Ctrl-C) to stop a component search: it throws SearchStopped after saving its
  /// table.
  const std::atomic<bool>* stop = nullptr;
  /// The games of a face's users that a request takes (defined_game.hpp), by their Game: their
  /// values come from their own memos, kept between requests.
  std::map<const Game*, DefinedGame*> defined_games;

  static constexpr std::uint64_t kDefaultMaxValues = 10'000'000;
};

/// g(from..to) of a heap game, prepared once and read in order: the values come from the game's
/// table, the sparse-space engine, or past a proven period from the period. Streamed, so a long
/// sequence is never held twice.
class SequenceValues {
 public:
  /// `source` prepared for heaps up to `to`.
  SequenceValues(std::unique_ptr<ValueSource> source, std::uint64_t to);
  ~SequenceValues();
  SequenceValues(SequenceValues&&) noexcept;
  Value at(std::uint64_t n);

 private:
  std::unique_ptr<ValueSource> source_;
};

/// The genus of each heap g(from..to) (seq --misere), computed in order with one search memo.
class GenusSequence {
 public:
  GenusSequence(SequenceValues values, std::unique_ptr<GenusCalculator> genera);
  ~GenusSequence();
  GenusSequence(GenusSequence&&) noexcept;
  Genus at(std::uint64_t n);

 private:
  SequenceValues values_;
  std::unique_ptr<GenusCalculator> genera_;
};

/// Answers `value` requests for one game, position by position (a stream of positions from
/// stdin) or all at once (one table for the whole request).
class ValueQuery {
 public:
  ValueQuery(std::shared_ptr<const Game> game, std::unique_ptr<ValueSource> source,
             std::unique_ptr<SequenceFile> file);
  ~ValueQuery();
  ValueQuery(ValueQuery&&) noexcept;
  /// Sizes the tables for these positions at once (one memory check for the request).
  void prepare(std::span<const Position> positions);
  PositionValue value(const Position& p);

 private:
  std::shared_ptr<const Game> game_;
  std::unique_ptr<ValueSource> source_;
  std::unique_ptr<SequenceFile> file_;
};

/// What `grundy formula` checks a form on: heaps from the first position to `to` (default: the
/// sample `period` observes where no theorem applies), or the cells rows x cols of a game of two
/// coordinates (default: 0..63 each; cols as rows when only rows is given).
struct FormulaRequest {
  std::optional<std::uint64_t> to;
  std::optional<CoordinateRange> rows;
  std::optional<CoordinateRange> cols;
};

/// A game family as `--help` lists it.
struct FamilySummary {
  std::string name;
  std::string syntax;   // how to write it: `sub(1,3,4) | sub(1..3) | sub(fib)`
  std::string summary;  // one line
};

class Engine {
 public:
  explicit Engine(EngineOptions options = {}, Reporter reporter = {});
  // Text in the spec language, read with the command's wording for errors (Error: "spec column
  // 5: ...", "position 'x' column 1: ...").
  static std::shared_ptr<const Game> game(std::string_view spec);
  static Position position(const Game& game, std::string_view text);
  static Sum sum(std::string_view text);
  /// Components given one by one (the Python module's list of pairs): equal specs share one game
  /// object, as in a parsed sum (the searches tell games apart by object).
  static std::shared_ptr<const Game> game_of_sum(std::string_view spec,
                                                 std::vector<std::shared_ptr<const Game>>& seen);

  /// Every game family, as registered (the only list of families).
  static std::vector<FamilySummary> families();

  /// `grundy value`: the values of positions of one game; `sequence_file` (value --in), when
  /// given, answers the heaps it holds.
  ValueQuery values(std::shared_ptr<const Game> game,
                    const std::filesystem::path& sequence_file = {}) const;
  ValueAnswer value(std::shared_ptr<const Game> game, std::span<const Position> positions) const;

  /// `grundy seq`: g(from..to) of a heap game. Throws Error for a game whose positions are not
  /// heap sizes, or from > to.
  SequenceValues sequence(std::shared_ptr<const Game> game, std::uint64_t from,
                          std::uint64_t to) const;
  /// The same, held in memory (sized against the memory limit first).
  SequenceAnswer seq(std::shared_ptr<const Game> game, std::uint64_t from, std::uint64_t to) const;
  /// `grundy seq --runs`: the maximal runs of equal values of g(from..to), from the family's
  /// runs where it has them (division games: any range), else found value by value within the
  /// limits of `sequence` (the runs held counted against the memory limit as they grow).
  RunsAnswer runs(std::shared_ptr<const Game> game, std::uint64_t from, std::uint64_t to) const;
  /// `grundy seq --misere`: the genus of each heap. Refused before any value is computed when the
  /// search for the last heap passes the state budget by its bound.
  GenusSequence genus_sequence(std::shared_ptr<const Game> game, std::uint64_t from,
                               std::uint64_t to) const;
  /// The same, held in memory (the list sized against the memory limit first).
  GenusAnswer genera(std::shared_ptr<const Game> game, std::uint64_t from, std::uint64_t to) const;
  /// `grundy seq --out FILE`: g(0..to) into a sequence file, continuing what it holds; stops
  /// with Interrupted when `*interrupted` becomes true (after a checkpoint).
  SequenceFileAnswer write_sequence(std::shared_ptr<const Game> game,
                                    const std::filesystem::path& file, std::uint64_t to,
                                    std::chrono::seconds checkpoint_every,
                                    const std::atomic<bool>* interrupted) const;
  /// `grundy seq --in FILE`: the file, checked to be of `game` when one is given.
  std::unique_ptr<SequenceFile> open_sequence(const std::filesystem::path& file,
                                              const Game* game) const;

  /// `grundy solve`: who wins a sum, every winning move; under misère play or with remoteness by
  /// exact search (misère Nim by its closed form).
  SolveAnswer solve(const Sum& sum, Play play = Play::normal, bool remoteness = false) const;

  /// The census's question of one heap game (analysis/period_run.hpp): its values grown within
  /// `budget` (values, seconds, stop flag) towards a proof of its period, by the solver of its
  /// plan, the open game's values kept in the budget's sequence file. The memory of the tables is
  /// the engine's (EngineOptions::max_memory).
  PeriodRun period_run(std::shared_ptr<const Game> game, const PeriodRunBudget& budget) const;
  /// A stored certificate checked against `game` by mex over its own values, in full within
  /// `max_work` options and by spot check past them (period_verifier.hpp's check_certificate;
  /// never throws for a bad certificate: it does not hold).
  static CertificateCheck check_certificate(const Game& game, const PeriodCertificate& certificate,
                                            std::uint64_t max_work);
  /// The values of a sequence file recomputed by mex at up to 200 positions spread over them
  /// (always the last), within `max_work` options: the positions checked. Error names the first
  /// wrong value, or a file of another game.
  static std::uint64_t check_sequence(const Game& game, const SequenceFile& file,
                                      std::uint64_t max_work);

  /// `grundy period`: the proven period (from the cache or computed), verified afresh when
  /// `verify` (within `max_work` options).
  /// When no theorem covers the game, g(0..observe-1) are computed (within the limits) and the
  /// period they show is reported as observed, never as proven; without `observe`, a sample of
  /// kDefaultObservedValues, fewer where that would take more than about a second.
  PeriodReport period(std::shared_ptr<const Game> game, bool verify = false,
                      std::uint64_t max_work = kDefaultVerifyWork,
                      std::optional<std::uint64_t> observe = std::nullopt) const;
  static constexpr std::uint64_t kDefaultVerifyWork = 100'000'000'000;
  /// The values `period` observes where no theorem applies, unless told otherwise (`--max`).
  static constexpr std::uint64_t kDefaultObservedValues = 100'000;

  /// `grundy formula`: a closed form of g, or of the P-positions alone, of a heap game or a game
  /// of two coordinates: the family's theorem (Game::closed_form), else (heap games) a period
  /// proven as `period` proves it (within --max values), else what the values show
  /// (analysis/closed_form.hpp), never called proven. Every form is checked against the values
  /// of the positions of `request` before it is returned (a theorem that disagrees is an engine
  /// bug: std::logic_error), and written for a person and as C++ and Python functions. Throws
  /// Error for a game of other positions, or a request of the other kind of game's options.
  FormulaAnswer formula(std::shared_ptr<const Game> game, const FormulaRequest& request = {}) const;
  /// The side of the grid `formula` checks by default: coordinates 0..63.
  static constexpr std::uint64_t kDefaultFormulaSide = 63;

  /// `grundy quotient`: the misère quotient of the sums of heaps 0..max_heap of a heap game
  /// (misere_quotient.hpp), within the memory limit and `max_work` steps; `progress` is called
  /// after each heap and each candidate.
  /// Without max_heap, the complete quotient: heaps are added until Φ's period is proven (the
  /// quotient of every heap size) or the budget ends (then the quotient of the heaps verified,
  /// QuotientAnswer::complete false, and MisereQuotient::stopped says why); a game no
  /// periodicity theorem covers stops at kQuotientHeapsWithoutTheorem.
  /// With the cache on (EngineOptions::use_cache), a cached quotient of exactly these heaps (or,
  /// without max_heap, a complete one) is read (and checked: quotient_cache.hpp) instead, and one
  /// computed is stored.
  QuotientAnswer quotient(std::shared_ptr<const Game> game, std::optional<std::uint64_t> max_heap,
                          std::uint64_t max_work = kDefaultQuotientWork,
                          std::function<void(const QuotientProgress&)> progress = {}) const;
  /// The misère census's question: the quotient of the heaps 0..max_heap (kMaxQuotientHeap:
  /// until Φ's period is proven) within `max_work` steps, never read from nor stored in the
  /// cache. When the budget ends first, the quotient of the heaps verified so far
  /// (MisereQuotient::stopped says where and why), not an error.
  QuotientAnswer quotient_verified(
      std::shared_ptr<const Game> game, std::uint64_t max_heap, std::uint64_t max_work,
      std::function<void(const QuotientProgress&)> progress = {}) const;
  /// The heaps a complete quotient is computed to when no periodicity theorem covers the game.
  static constexpr std::uint64_t kQuotientHeapsWithoutTheorem = 30;
  /// The quotient cache, when the cache is on.
  std::optional<QuotientCache> quotient_cache() const;

  /// `grundy explain --misere`: a position's options and their misère outcomes, from the
  /// misère quotient of its heap game when it is found within the budget a solve gives it, else
  /// from the exact search (refused, like solve --misere, past the state budget).
  MisereExplanation explain_misere(std::shared_ptr<const Game> game, const Position& p,
                                   std::uint64_t max_options) const;
  /// `grundy explain`: a position's options, their values, the mex (or Smith's rule).
  Explanation explain(std::shared_ptr<const Game> game, const Position& p,
                      std::uint64_t max_options = 200) const;

  /// `grundy table`: g over rows x cols of a game whose positions are two coordinates: points
  /// (a grid-ordered game: wythoff, corner, cut as WxH) or two numbers `a,b` that its parser
  /// takes (tartan(G1,G2), two-row chomp, staircase, welter, moore(K)). Cells whose text is not
  /// a position are left empty. Refused (Error) for any other game, and before anything is
  /// computed past kMaxTableCells cells, the memory limit, or the work limit of the game's table.
  TableAnswer table(std::shared_ptr<const Game> game, CoordinateRange rows,
                    CoordinateRange cols) const;

  /// Plots (SVG text): g(from..to), or what `period` found (a few periods past the preperiod).
  std::string sequence_plot(std::shared_ptr<const Game> game, std::uint64_t from, std::uint64_t to,
                            PlotScale scale = PlotScale::linear) const;
  std::string period_plot(std::shared_ptr<const Game> game, const PeriodReport& report,
                          PlotScale scale = PlotScale::linear) const;

  /// The value sources of the requests: a defined game's memo, else the engine's choice.
  std::unique_ptr<ValueSource> value_source(std::shared_ptr<const Game> game,
                                            const std::string& label) const;
  /// The options of the searches over a sum's positions the requests make (state budget,
  /// memory, progress labelled `label`).
  SearchOptions search_options(Play play, const std::string& label) const;
  /// The reporter's progress for a misère quotient labelled `label` (none without one).
  std::function<void(const QuotientProgress&)> quotient_progress(const std::string& label) const {
    return reporter_.quotient ? reporter_.quotient(label) : nullptr;
  }
  /// Whether misère play may go through the misere quotient (EngineOptions::misere_quotient).
  bool uses_misere_quotient() const { return options_.misere_quotient; }

 private:
  PeriodOptions period_options() const;
  void done() const {
    if (reporter_.done) reporter_.done();
  }
  /// `work()`, then done(), whether the work returns or throws.
  template <class Work>
  auto reported(Work&& work) const -> decltype(work()) {
    struct Done {
      const Engine& engine;
      ~Done() { engine.done(); }
    } done_after{*this};
    return work();
  }
  /// How a request asks for the values it samples: by their count (`period --max N`) or by the
  /// last heap (`formula --to N`); a sample too long to take by default names the option.
  enum class SampleOption { count, last };
  /// g(from..from+n-1), for `period`'s observation and `formula`'s check: n = `count` when given
  /// (refused as `seq` refuses it), else kDefaultObservedValues, fewer where a dense table of
  /// them would take more than about a second or is refused (by 16 at a time, to 1024 at
  /// least). Nothing when no values can be had, `why` saying why (the positions do not start at
  /// `from`, or even 1024 values are too many, and then which `option` computes them).
  std::optional<std::vector<Value>> sample(const std::shared_ptr<const Game>& game,
                                           std::uint64_t from, std::optional<std::uint64_t> count,
                                           SampleOption option, std::string& why) const;
  /// The count of `list` (g(from..to), or genera) held in memory, refused when its `items` of
  /// `item_bytes` pass the memory limit.
  std::size_t list_room(std::uint64_t from, std::uint64_t to, std::size_t item_bytes,
                        const std::string& list, const std::string& items) const;
  /// The reporter's progress for a table labelled `label` (none without one).
  TableProgress table_progress(const std::string& label) const {
    return reporter_.table ? reporter_.table(label) : TableProgress{};
  }

  EngineOptions options_;
  Reporter reporter_;
  Limits limits_;
};

}  // namespace grundy
